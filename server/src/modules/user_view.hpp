#pragma once
#include <boost/json/object.hpp>
#include <optional>

#include "app/context.hpp"
#include "domain/profile_extras.hpp"
#include "store/media.hpp"
#include "store/users.hpp"

namespace kesher::modules {

// The caller's own user record as the client sees it (docs/protocol.md "User"). Coordinates
// never appear: the place is shown by name only.
// `photos` are the user's profile photos in slot order (store::photos::of_user).
// `extras` are the member's profile extras (store::profile_extras::of_user).
boost::json::object self_view(const app::Context& app, const store::UserRecord& user,
                              const std::vector<store::ProfilePhoto>& photos,
                              const domain::extras::Extras& extras, int64_t now);
// [{"id", "photo", "thumb"}] (docs/protocol.md, "Photos in replies").
boost::json::array photos_view(const std::vector<store::ProfilePhoto>& photos);
// The error reply for a photo that was not added (user/photos/add and the admin's persona
// photos), or nullopt when it was.
std::optional<boost::json::object> photo_refusal(const store::AddPhotoOutcome& outcome);

domain::Language user_language(const store::UserRecord& user);

}  // namespace kesher::modules
