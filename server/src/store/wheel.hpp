#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "domain/wheel.hpp"
#include "store/database.hpp"

// The lucky wheel (docs/protocol.md "The wheel"): its prizes and the two units of work that
// move credits and spins, each inside the caller's one write transaction.
namespace kesher::store::wheel {

// The wheel's segments by position (prizes of an unknown kind are left out).
std::vector<domain::wheel::Prize> prizes(Session& db);

enum class BuyStatus { bought, replayed, not_enough_credits };
struct BuyOutcome {
  BuyStatus status = BuyStatus::bought;
  int64_t credits = 0;  // the balance after
  int64_t spins = 0;    // free spins after
};
// Debits `price` credits and adds one free spin, both under `key`: the same key again changes
// nothing. A balance below the price changes nothing either.
BuyOutcome buy_spin(Session& db, int64_t user_id, int64_t price, const std::string& key,
                    int64_t now);

enum class SpinStatus { won, replayed, no_free_spin, no_prize };
struct SpinOutcome {
  SpinStatus status = SpinStatus::won;
  int64_t spin_id = 0;
  domain::wheel::Prize prize;  // what this spin won (or, replayed, what it won the first time)
  int64_t credits = 0;
  int64_t spins = 0;
};
// Uses one free spin, draws the prize from the wheel's weights with `random`, records the spin and
// pays the prize: coins through the ledger, free spins through store::spins. With a client_id the
// same spin asked for again answers the first result and uses nothing.
SpinOutcome spin(Session& db, int64_t user_id, const std::optional<std::string>& client_id,
                 const domain::wheel::UniformSource& random, int64_t now);

}  // namespace kesher::store::wheel
