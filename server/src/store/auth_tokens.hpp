#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/database.hpp"

namespace kesher::store {

// Sessions and one-time tokens are stored by the SHA-256 of their secret, never the secret.
struct ActiveSession {
  int64_t user_id = 0;
  int64_t expires_at = 0;
};

namespace sessions {

void insert(Session& db, const std::string& id_hash, int64_t user_id, int64_t now,
            int64_t expires_at);
std::optional<ActiveSession> find_active(Session& db, const std::string& id_hash, int64_t now);
std::optional<int64_t> user_for(Session& db, const std::string& id_hash, int64_t now);
void revoke(Session& db, const std::string& id_hash, int64_t now);
// Revokes every live session of the user and returns their hashes (to close their sockets).
std::vector<std::string> revoke_all(Session& db, int64_t user_id, int64_t now);

}  // namespace sessions

namespace tokens {

void insert(Session& db, const std::string& token_hash, int64_t user_id, std::string_view purpose,
            int64_t now, int64_t expires_at);
// Marks the token used and returns its user, if it exists, has this purpose, is unused and alive.
std::optional<int64_t> consume(Session& db, const std::string& token_hash, std::string_view purpose,
                               int64_t now);
// The token's user if it would be accepted by consume(), without using it up.
std::optional<int64_t> peek(Session& db, const std::string& token_hash, std::string_view purpose,
                            int64_t now);

}  // namespace tokens

// Browsers that have signed in to an account before (device cookies), by the hash of their secret.
namespace devices {

void insert(Session& db, const std::string& token_hash, int64_t user_id, int64_t now,
            int64_t expires_at);
// The account the device signed in to, if its token is live.
std::optional<int64_t> owner(Session& db, const std::string& token_hash, int64_t now);
void revoke_all(Session& db, int64_t user_id, int64_t now);

}  // namespace devices
}  // namespace kesher::store
