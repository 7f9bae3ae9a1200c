#pragma once
#include <cstdint>

#include "domain/profile_extras.hpp"
#include "store/database.hpp"

// A member's profile extras (migration 0019, domain/profile_extras.hpp).
namespace kesher::store::profile_extras {

domain::extras::Extras of_user(Session& db, int64_t user_id);
// Replaces the changed fields only: a field with no values is cleared.
void apply(Session& db, int64_t user_id, const domain::extras::Changes& changes);
// Erasure (store/gdpr.cpp).
void remove_user(Session& db, int64_t user_id);

}  // namespace kesher::store::profile_extras
