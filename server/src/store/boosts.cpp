#include "store/boosts.hpp"

#include "store/ledger.hpp"
#include "store/personas.hpp"

namespace kesher::store::boosts {

namespace rules = domain::boosts;

namespace {

constexpr std::string_view kColumns =
    "SELECT kind, impressions, impressions_limit, started_at, ends_at FROM boosts ";

rules::Boost to_boost(const Row& row) {
  return {rules::parse_kind(row.text(0)).value_or(rules::Kind::boost), row.integer(1),
          row.integer(2), row.integer(3), row.integer(4)};
}

}  // namespace

std::optional<rules::Boost> find(Session& db, int64_t user_id, rules::Kind kind) {
  static const std::string sql = std::string(kColumns) + "WHERE user_id = ? AND kind = ?";
  auto row = db.query_one(sql, {user_id, std::string(rules::kind_name(kind))});
  if (!row) return std::nullopt;
  return to_boost(*row);
}

BuyOutcome buy(Session& db, int64_t user_id, rules::Kind kind, int64_t price,
               const std::string& key, int64_t now) {
  BuyOutcome outcome;
  auto debit =
      ledger::apply(db, {user_id, -price, "boost", std::string(rules::kind_name(kind)), key}, now);
  if (debit == ledger::Outcome::insufficient_credits) {
    outcome.status = BuyStatus::not_enough_credits;
  } else if (debit == ledger::Outcome::duplicate) {
    outcome.status = BuyStatus::replayed;
  } else {
    rules::Boost next = rules::bought(find(db, user_id, kind), kind, now);
    db.execute(
        "INSERT INTO boosts (user_id, kind, impressions, impressions_limit, started_at, ends_at) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (user_id, kind) DO UPDATE SET "
        "impressions = ?3, impressions_limit = ?4, started_at = ?5, ends_at = ?6",
        {user_id, std::string(rules::kind_name(kind)), next.impressions, next.impressions_limit,
         next.started_at, next.ends_at});
  }
  if (auto current = find(db, user_id, kind)) outcome.boost = *current;
  outcome.credits = ledger::balance(db, user_id);
  return outcome;
}

std::vector<rules::Boost> running_of(Session& db, int64_t user_id, int64_t now) {
  static const std::string sql = std::string(kColumns) + "WHERE user_id = ? ORDER BY kind";
  std::vector<rules::Boost> result;
  for (const auto& row : db.query(sql, {user_id})) {
    auto boost = to_boost(row);
    if (rules::active(boost, now)) result.push_back(boost);
  }
  return result;
}

std::vector<Running> running(Session& db, rules::Kind kind, int64_t now, int64_t limit) {
  // A banned member's boost (or a disabled persona's) runs on, but serves nobody: they are in no
  // search (personas::kListed), and a boost is a place at the top of one.
  static const std::string sql =
      "SELECT b.id, b.user_id FROM boosts b JOIN users u ON u.id = b.user_id WHERE b.kind = ? AND "
      "b.ends_at > ? AND (b.impressions_limit = 0 OR b.impressions < b.impressions_limit)" +
      std::string(personas::kListed) + " ORDER BY b.impressions, b.started_at LIMIT ?";
  auto rows = db.query(sql, {std::string(rules::kind_name(kind)), now, limit});
  std::vector<Running> result;
  result.reserve(rows.size());
  for (const auto& row : rows) result.push_back({row.integer(0), row.integer(1)});
  return result;
}

bool count_impression(Session& db, int64_t boost_id, int64_t now) {
  return db.execute(
             "UPDATE boosts SET impressions = impressions + 1 WHERE id = ? AND ends_at > ? AND "
             "(impressions_limit = 0 OR impressions < impressions_limit)",
             {boost_id, now}) == 1;
}

}  // namespace kesher::store::boosts
