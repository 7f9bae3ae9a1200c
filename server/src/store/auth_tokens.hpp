#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/database.hpp"

namespace kesher::store {

// Sessions and one-time tokens are stored by the SHA-256 of their secret, never the secret.
namespace sessions {

void insert(Session& db, const std::string& id_hash, int64_t user_id, int64_t now,
            int64_t expires_at);
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
// Whether consume would accept the token now; reads only, so the token stays usable.
bool is_live(Session& db, const std::string& token_hash, std::string_view purpose, int64_t now);

}  // namespace tokens
}  // namespace kesher::store
