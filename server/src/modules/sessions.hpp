#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "app/context.hpp"
#include "store/auth_tokens.hpp"

namespace kesher::modules {

struct IssuedSession {
  std::string secret;  // goes into the cookie, never stored
  std::string hash;
};

// Blocking: worker threads only.
IssuedSession issue_session(store::Session& db, const app::Context& app, int64_t user_id,
                            int64_t now);
std::optional<store::ActiveSession> session_for_hash(app::Context& app, const std::string& hash);
std::optional<int64_t> user_for_session_hash(app::Context& app, const std::string& hash);
std::string session_hash_of(const std::string& cookie_value);  // empty for an empty cookie
// Who opens a socket, from the session cookie of its upgrade request (net::Handlers): the
// cookie's hash always, the user and the session's expiry when the session is live.
void authenticate_socket(app::Context& app, app::ConnectionState& socket,
                         const std::string& session_cookie);
std::string session_cookie(const app::Context& app, const std::string& secret);
std::string cleared_session_cookie(const app::Context& app);

}  // namespace kesher::modules
