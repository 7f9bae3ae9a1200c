#pragma once
#include <boost/json/object.hpp>

#include "app/context.hpp"
#include "store/users.hpp"

namespace kesher::modules {

// The caller's own user record as the client sees it (docs/protocol.md "User"). Coordinates
// never appear: the place is shown by name only.
boost::json::object self_view(const app::Context& app, const store::UserRecord& user, int64_t now);

domain::Language user_language(const store::UserRecord& user);

}  // namespace kesher::modules
