#include "store/push_subscriptions.hpp"

#include "domain/crypto.hpp"
#include "store/ledger.hpp"

namespace kesher::store::push_subscriptions {

namespace {

constexpr std::string_view kColumns =
    "SELECT p.id, p.user_id, p.endpoint, p.p256dh, p.auth FROM push_subscriptions p ";

// A row whose stored keys no longer decode is skipped rather than sent to.
std::optional<Stored> to_stored(const Row& row) {
  auto p256dh = domain::base64url_decode(row.text(3));
  auto auth = domain::base64url_decode(row.text(4));
  if (!p256dh || !auth) return std::nullopt;
  return Stored{row.integer(0), row.integer(1), row.text(2), std::move(*p256dh), std::move(*auth)};
}

}  // namespace

int64_t upsert(Session& db, const NewSubscription& s, int64_t now) {
  db.execute(
      "INSERT INTO push_subscriptions (user_id, session_hash, endpoint, p256dh, auth, created_at, "
      "last_used_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6) ON CONFLICT (endpoint) DO UPDATE SET "
      "user_id = ?1, session_hash = ?2, p256dh = ?4, auth = ?5, last_used_at = ?6",
      {s.user_id, s.session_hash, s.endpoint, domain::base64url_encode(s.p256dh),
       domain::base64url_encode(s.auth), now});
  auto row = db.query_one("SELECT id FROM push_subscriptions WHERE endpoint = ?", {s.endpoint});
  return row ? row->integer(0) : 0;
}

std::vector<Stored> of_user(Session& db, int64_t user_id, int64_t now) {
  static const std::string sql =
      std::string(kColumns) +
      "JOIN sessions s ON s.id_hash = p.session_hash WHERE p.user_id = ?1 AND s.user_id = ?1 AND "
      "s.revoked_at IS NULL AND s.expires_at > ?2 ORDER BY p.id";
  std::vector<Stored> result;
  for (const auto& row : db.query(sql, {user_id, now})) {
    if (auto stored = to_stored(row)) result.push_back(std::move(*stored));
  }
  return result;
}

std::optional<Stored> find(Session& db, int64_t id) {
  static const std::string sql = std::string(kColumns) + "WHERE p.id = ?";
  auto row = db.query_one(sql, {id});
  if (!row) return std::nullopt;
  return to_stored(*row);
}

std::vector<Listed> list(Session& db, int64_t user_id) {
  std::vector<Listed> result;
  for (const auto& row : db.query("SELECT endpoint, created_at, last_used_at FROM "
                                  "push_subscriptions WHERE user_id = ? ORDER BY id",
                                  {user_id})) {
    result.push_back({row.text(0), row.integer(1), row.integer(2)});
  }
  return result;
}

bool remove_own(Session& db, int64_t user_id, const std::string& endpoint) {
  return db.execute("DELETE FROM push_subscriptions WHERE user_id = ? AND endpoint = ?",
                    {user_id, endpoint}) > 0;
}

bool remove_gone(Session& db, int64_t id, const std::string& endpoint) {
  return db.execute("DELETE FROM push_subscriptions WHERE id = ? AND endpoint = ?",
                    {id, endpoint}) > 0;
}

int64_t remove_session(Session& db, const std::string& session_hash) {
  return db.execute("DELETE FROM push_subscriptions WHERE session_hash = ?", {session_hash});
}

int64_t remove_user(Session& db, int64_t user_id) {
  return db.execute("DELETE FROM push_subscriptions WHERE user_id = ?", {user_id});
}

void touch(Session& db, int64_t id, int64_t now) {
  db.execute("UPDATE push_subscriptions SET last_used_at = ? WHERE id = ?", {now, id});
}

std::string reward_key(int64_t user_id) {
  return "push_bonus:" + std::to_string(user_id);
}

bool grant_opt_in_reward(Session& db, int64_t user_id, int64_t credits, int64_t now) {
  // The same path as the signup bonus (modules/auth_http.cpp): the ledger's unique idempotency
  // key, not a check before the insert, makes it once per account.
  return ledger::apply(db, {user_id, credits, "push_bonus", "", reward_key(user_id)}, now) ==
         ledger::Outcome::applied;
}

}  // namespace kesher::store::push_subscriptions
