#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "domain/boosts.hpp"
#include "store/database.hpp"

// Paid boosts (docs/protocol.md "Boosts"): one row per member and kind, bought through the ledger
// and counted as their cards are served.
namespace kesher::store::boosts {

enum class BuyStatus { bought, replayed, not_enough_credits };
struct BuyOutcome {
  BuyStatus status = BuyStatus::bought;
  domain::boosts::Boost boost;  // as it stands after the purchase
  int64_t credits = 0;          // the balance after
};
// One unit of work: debits `price` under `key` (the same key again changes nothing) and starts
// the boost, or extends the running one (domain::boosts::bought).
BuyOutcome buy(Session& db, int64_t user_id, domain::boosts::Kind kind, int64_t price,
               const std::string& key, int64_t now);

std::optional<domain::boosts::Boost> find(Session& db, int64_t user_id, domain::boosts::Kind kind);
// The member's boosts that are still running.
std::vector<domain::boosts::Boost> running_of(Session& db, int64_t user_id, int64_t now);

struct Running {
  int64_t boost_id = 0;
  int64_t user_id = 0;
};
// Running boosts of a kind, those with the fewest impressions first (then the oldest), so that
// every boosted member is shown in turn.
std::vector<Running> running(Session& db, domain::boosts::Kind kind, int64_t now, int64_t limit);
// Counts one impression of a served card, unless the boost ended meanwhile (its 100th impression
// was served elsewhere, or its hours are over): then false, and the card is not shown as boosted.
bool count_impression(Session& db, int64_t boost_id, int64_t now);

}  // namespace kesher::store::boosts
