#pragma once
#include <cstdint>
#include <string>

#include "store/database.hpp"

// Free spins of the wheel, kept like credits: every change is an entry under a unique key.
namespace kesher::store::spins {

enum class Outcome { applied, duplicate, none_left };

// Inside the caller's write transaction: adds (delta > 0) or uses (delta < 0) spins, or changes
// nothing when the key was used before or the count would fall below zero.
Outcome apply(Session& db, int64_t user_id, int64_t delta, const std::string& reason,
              const std::string& idempotency_key, int64_t now);
int64_t available(Session& db, int64_t user_id);

}  // namespace kesher::store::spins
