#include "store/auth_tokens.hpp"

namespace kesher::store {

namespace sessions {

void insert(Session& db, const std::string& id_hash, int64_t user_id, int64_t now,
            int64_t expires_at) {
  db.execute("INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
             {id_hash, user_id, now, expires_at});
}

std::optional<ActiveSession> find_active(Session& db, const std::string& id_hash, int64_t now) {
  auto row = db.query_one(
      "SELECT user_id, expires_at FROM sessions WHERE id_hash = ? AND revoked_at IS NULL AND "
      "expires_at > ?",
      {id_hash, now});
  if (!row) return std::nullopt;
  return ActiveSession{row->integer(0), row->integer(1)};
}

std::optional<int64_t> user_for(Session& db, const std::string& id_hash, int64_t now) {
  auto session = find_active(db, id_hash, now);
  if (!session) return std::nullopt;
  return session->user_id;
}

void revoke(Session& db, const std::string& id_hash, int64_t now) {
  db.execute("UPDATE sessions SET revoked_at = ? WHERE id_hash = ? AND revoked_at IS NULL",
             {now, id_hash});
}

std::vector<std::string> revoke_all(Session& db, int64_t user_id, int64_t now) {
  std::vector<std::string> hashes;
  for (const auto& row : db.query(
           "SELECT id_hash FROM sessions WHERE user_id = ? AND revoked_at IS NULL", {user_id})) {
    hashes.push_back(row.text(0));
  }
  db.execute("UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL",
             {now, user_id});
  return hashes;
}

}  // namespace sessions

namespace tokens {

void insert(Session& db, const std::string& token_hash, int64_t user_id, std::string_view purpose,
            int64_t now, int64_t expires_at) {
  db.execute(
      "INSERT INTO tokens (token_hash, user_id, purpose, created_at, expires_at) VALUES (?, ?, ?, "
      "?, ?)",
      {token_hash, user_id, std::string(purpose), now, expires_at});
}

std::optional<int64_t> peek(Session& db, const std::string& token_hash, std::string_view purpose,
                            int64_t now) {
  auto row = db.query_one(
      "SELECT user_id FROM tokens WHERE token_hash = ? AND purpose = ? AND used_at IS NULL AND "
      "expires_at > ?",
      {token_hash, std::string(purpose), now});
  if (!row) return std::nullopt;
  return row->integer(0);
}

std::optional<int64_t> consume(Session& db, const std::string& token_hash, std::string_view purpose,
                               int64_t now) {
  auto user_id = peek(db, token_hash, purpose, now);
  if (!user_id) return std::nullopt;
  // Spent only if still unspent when written: on PostgreSQL another node's exchange of the same
  // token may have read it too; its UPDATE waits for this row and then changes nothing.
  if (db.execute("UPDATE tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL",
                 {now, token_hash}) != 1) {
    return std::nullopt;
  }
  return user_id;
}

}  // namespace tokens

namespace devices {

void insert(Session& db, const std::string& token_hash, int64_t user_id, int64_t now,
            int64_t expires_at) {
  db.execute(
      "INSERT INTO trusted_devices (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, "
      "?)",
      {token_hash, user_id, now, expires_at});
}

std::optional<int64_t> owner(Session& db, const std::string& token_hash, int64_t now) {
  auto row = db.query_one(
      "SELECT user_id FROM trusted_devices WHERE token_hash = ? AND revoked_at IS NULL AND "
      "expires_at > ?",
      {token_hash, now});
  if (!row) return std::nullopt;
  return row->integer(0);
}

void revoke_all(Session& db, int64_t user_id, int64_t now) {
  db.execute("UPDATE trusted_devices SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL",
             {now, user_id});
}

}  // namespace devices
}  // namespace kesher::store
