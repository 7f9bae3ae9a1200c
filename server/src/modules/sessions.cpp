#include "modules/sessions.hpp"

#include "domain/crypto.hpp"
#include "store/auth_tokens.hpp"

namespace kesher::modules {

IssuedSession issue_session(store::Session& db, const app::Context& app, int64_t user_id,
                            int64_t now) {
  IssuedSession session;
  session.secret = domain::random_token(32);  // 256 random bits
  session.hash = domain::sha256_hex(session.secret);
  store::sessions::insert(db, session.hash, user_id, now, now + app.config.session_ttl_seconds);
  return session;
}

std::optional<store::ActiveSession> session_for_hash(app::Context& app, const std::string& hash) {
  if (hash.empty()) return std::nullopt;
  std::optional<store::ActiveSession> session;
  int64_t now = app.now();
  app.db->read([&](store::Session& db) { session = store::sessions::find_active(db, hash, now); });
  return session;
}

std::optional<int64_t> user_for_session_hash(app::Context& app, const std::string& hash) {
  auto session = session_for_hash(app, hash);
  if (!session) return std::nullopt;
  return session->user_id;
}

std::string session_hash_of(const std::string& cookie_value) {
  // A session secret is 43 base64url characters; anything far off is not worth a lookup.
  if (cookie_value.empty() || cookie_value.size() > 128) return {};
  return domain::sha256_hex(cookie_value);
}

void authenticate_socket(app::Context& app, app::ConnectionState& socket,
                         const std::string& session_cookie) {
  socket.cookie_session_hash = session_hash_of(session_cookie);
  auto session = session_for_hash(app, socket.cookie_session_hash);
  if (!session) return;
  socket.user_id = session->user_id;
  socket.session_expires_at = session->expires_at;
  socket.session_hash = socket.cookie_session_hash;
}

namespace {

std::string cookie_attributes(const app::Context& app, int64_t max_age) {
  std::string attributes = "; Path=/; HttpOnly; SameSite=Lax; Max-Age=" + std::to_string(max_age);
  if (app.secure_cookies()) attributes += "; Secure";
  return attributes;
}

}  // namespace

std::string session_cookie(const app::Context& app, const std::string& secret) {
  return "session=" + secret + cookie_attributes(app, app.config.session_ttl_seconds);
}

std::string cleared_session_cookie(const app::Context& app) {
  return "session=" + cookie_attributes(app, 0);
}

}  // namespace kesher::modules
