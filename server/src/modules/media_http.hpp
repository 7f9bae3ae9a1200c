#pragma once
#include <string_view>
#include <variant>

#include "app/context.hpp"
#include "protocol/http.hpp"
#include "store/media.hpp"

// The upload pipeline's two ends, shared by the members' routes (media_http.cpp) and the staff
// console's (console/console_http.cpp).
namespace kesher::modules {

// Decodes the multipart body's picture and stores its renditions as an upload of
// request.user_id (set by the route's admission step, which also took the upload slot this
// releases): the stored row, or the refusal.
std::variant<store::MediaRow, protocol::HttpResponse> store_upload(
    app::Context& app, const protocol::HttpRequest& request);

// The upload `name`'s file: public for profile photos and blurred copies, otherwise only by a link
// signed for `viewer` at request.path (docs/protocol.md, "GET /media/u/{name}.jpg").
protocol::HttpResponse serve_upload(app::Context& app, const protocol::HttpRequest& request,
                                    std::string_view name, int64_t viewer);

}  // namespace kesher::modules
