#include "store/wheel.hpp"

#include "domain/crypto.hpp"
#include "store/ledger.hpp"
#include "store/spins.hpp"

namespace kesher::store::wheel {

namespace rules = domain::wheel;

std::vector<rules::Prize> prizes(Session& db) {
  std::vector<rules::Prize> result;
  for (const auto& row :
       db.query("SELECT id, position, kind, amount, weight FROM wheel_prizes ORDER BY position")) {
    auto kind = rules::parse_kind(row.text(2));
    if (!kind) continue;
    result.push_back({row.integer(0), row.integer(1), *kind, row.integer(3), row.integer(4)});
  }
  return result;
}

BuyOutcome buy_spin(Session& db, int64_t user_id, int64_t price, const std::string& key,
                    int64_t now) {
  BuyOutcome outcome;
  auto debit = ledger::apply(db, {user_id, -price, "spin_purchase", "spin", key}, now);
  if (debit == ledger::Outcome::insufficient_credits) {
    outcome.status = BuyStatus::not_enough_credits;
  } else if (debit == ledger::Outcome::duplicate) {
    outcome.status = BuyStatus::replayed;
  } else if (spins::apply(db, user_id, 1, "purchase", key, now) != spins::Outcome::applied) {
    // The debit's key was new, so the spin's (the same key) is too; throwing rolls both back.
    throw StoreError("spin purchase: the spin was not added");
  }
  outcome.credits = ledger::balance(db, user_id);
  outcome.spins = spins::available(db, user_id);
  return outcome;
}

namespace {

std::optional<SpinOutcome> earlier_spin(Session& db, int64_t user_id,
                                        const std::string& client_id) {
  auto row = db.query_one(
      "SELECT id, prize_id, kind, amount FROM wheel_spins WHERE user_id = ? AND client_id = ?",
      {user_id, client_id});
  if (!row) return std::nullopt;
  SpinOutcome outcome;
  outcome.status = SpinStatus::replayed;
  outcome.spin_id = row->integer(0);
  outcome.prize.id = row->integer(1);
  outcome.prize.kind = rules::parse_kind(row->text(2)).value_or(rules::PrizeKind::nothing);
  outcome.prize.amount = row->integer(3);
  if (auto position =
          db.query_one("SELECT position FROM wheel_prizes WHERE id = ?", {outcome.prize.id})) {
    outcome.prize.position = position->integer(0);
  }
  return outcome;
}

}  // namespace

SpinOutcome spin(Session& db, int64_t user_id, const std::optional<std::string>& client_id,
                 const rules::UniformSource& random, int64_t now) {
  SpinOutcome outcome;
  if (client_id) {
    if (auto earlier = earlier_spin(db, user_id, *client_id)) outcome = std::move(*earlier);
  }
  if (outcome.status == SpinStatus::won) {
    auto wheel = prizes(db);
    std::string use_key = "spin_use:" + std::to_string(user_id) + ":" +
                          (client_id ? "c:" + *client_id : "r:" + domain::random_token(16));
    if (rules::total_weight(wheel) <= 0) {
      outcome.status = SpinStatus::no_prize;
    } else if (spins::apply(db, user_id, -1, "spin", use_key, now) != spins::Outcome::applied) {
      outcome.status = SpinStatus::no_free_spin;
    } else {
      auto drawn = rules::draw(wheel, random);
      if (!drawn) throw StoreError("wheel: no prize drawn");  // rolls the used spin back
      outcome.prize = wheel[*drawn];
      Value client = client_id ? Value(*client_id) : Value();
      db.execute(
          "INSERT INTO wheel_spins (user_id, prize_id, kind, amount, client_id, created_at) "
          "VALUES (?, ?, ?, ?, ?, ?)",
          {user_id, outcome.prize.id, std::string(rules::kind_name(outcome.prize.kind)),
           outcome.prize.amount, client, now});
      outcome.spin_id = db.last_insert_id();
      std::string reference = "spin:" + std::to_string(outcome.spin_id);
      std::string prize_key = "wheel_prize:" + std::to_string(outcome.spin_id);
      bool paid = true;
      if (outcome.prize.kind == rules::PrizeKind::coins && outcome.prize.amount > 0) {
        paid =
            ledger::apply(db, {user_id, outcome.prize.amount, "wheel_prize", reference, prize_key},
                          now) == ledger::Outcome::applied;
      } else if (outcome.prize.kind == rules::PrizeKind::freespin && outcome.prize.amount > 0) {
        paid = spins::apply(db, user_id, outcome.prize.amount, "wheel_prize", prize_key, now) ==
               spins::Outcome::applied;
      }
      if (!paid) throw StoreError("wheel prize refused");  // a new spin id makes a new key
    }
  }
  outcome.credits = ledger::balance(db, user_id);
  outcome.spins = spins::available(db, user_id);
  return outcome;
}

}  // namespace kesher::store::wheel
