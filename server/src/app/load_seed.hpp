#pragma once
#include <cstdint>
#include <filesystem>
#include <string>

#include "app/context.hpp"

namespace kesher::app {

// Members for the load generator (server/bench/load_generator.cpp), made without the HTTP API:
// registering 10,000 people through /api/auth/register would cost an argon2id hash each.
struct LoadSeedOptions {
  int users = 0;
  int64_t credits = 0;
  std::string password;  // every member gets the same one, hashed once, so HTTP login works too
  std::filesystem::path sessions_out;  // lines "user_id session_id", in member order
};

struct LoadSeedResult {
  int created = 0;
  int reused = 0;  // members of an earlier run, found by email; they get a new session only
  std::string error;
};

// The email of the load member with this ordinal (0-based, the line of the sessions file).
std::string load_member_email(int ordinal);

LoadSeedResult seed_load_members(Context& app, const LoadSeedOptions& options);

}  // namespace kesher::app
