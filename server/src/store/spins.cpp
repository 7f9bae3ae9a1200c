#include "store/spins.hpp"

namespace kesher::store::spins {

Outcome apply(Session& db, int64_t user_id, int64_t delta, const std::string& reason,
              const std::string& idempotency_key, int64_t now) {
  if (db.query_one("SELECT 1 FROM spin_ledger WHERE idempotency_key = ?", {idempotency_key})) {
    return Outcome::duplicate;
  }
  if (delta < 0 && available(db, user_id) + delta < 0) return Outcome::none_left;
  db.execute(
      "INSERT INTO spin_ledger (user_id, delta, reason, idempotency_key, created_at) VALUES (?, "
      "?, ?, ?, ?)",
      {user_id, delta, reason, idempotency_key, now});
  db.execute("UPDATE users SET free_spins = free_spins + ? WHERE id = ?", {delta, user_id});
  return Outcome::applied;
}

int64_t available(Session& db, int64_t user_id) {
  auto row = db.query_one("SELECT free_spins FROM users WHERE id = ?", {user_id});
  return row ? row->integer(0) : 0;
}

}  // namespace kesher::store::spins
