#include "store/ledger.hpp"

namespace kesher::store::ledger {

namespace {

bool key_used(Session& db, const std::string& idempotency_key) {
  return db.query_one("SELECT 1 FROM credit_ledger WHERE idempotency_key = ?", {idempotency_key})
      .has_value();
}

}  // namespace

// Two statements when the entry applies, the common case: the unique key refuses a repeat in the
// INSERT itself, so no probe runs before it; the rarer refusals pay for telling themselves apart.
Outcome apply(Session& db, const Entry& entry, int64_t now) {
  // The WHERE clause refuses an overdraft without relying on the CHECK constraint's error.
  int64_t changed =
      db.execute("UPDATE users SET credits = credits + ? WHERE id = ? AND credits + ? >= 0",
                 {entry.delta, entry.user_id, entry.delta});
  if (changed == 0) {
    return key_used(db, entry.idempotency_key) ? Outcome::duplicate : Outcome::insufficient_credits;
  }
  int64_t appended = db.execute(
      "INSERT INTO credit_ledger (user_id, delta, reason, reference, idempotency_key, created_at) "
      "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING",
      {entry.user_id, entry.delta, entry.reason, entry.reference, entry.idempotency_key, now});
  if (appended == 0) {
    // Applied before: the balance goes back to what that entry left.
    db.execute("UPDATE users SET credits = credits - ? WHERE id = ?", {entry.delta, entry.user_id});
    return Outcome::duplicate;
  }
  return Outcome::applied;
}

Query balance_query(int64_t user_id) {
  return {"SELECT credits FROM users WHERE id = ?", {user_id}};
}

int64_t balance_from(const std::vector<Row>& rows) {
  return rows.empty() ? 0 : rows.front().integer(0);
}

int64_t balance(Session& db, int64_t user_id) {
  return balance_from(db.query(balance_query(user_id)));
}

int64_t sum_of_entries(Session& db, int64_t user_id) {
  auto row = db.query_one("SELECT COALESCE(SUM(delta), 0) FROM credit_ledger WHERE user_id = ?",
                          {user_id});
  return row ? row->integer(0) : 0;
}

}  // namespace kesher::store::ledger
