#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "app/context.hpp"
#include "domain/media_links.hpp"
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

// The answer to a signed link that does not open: 403 forbidden, or 410 link_expired for one that
// was good; nullopt when it is valid.
std::optional<protocol::HttpResponse> link_refusal(domain::LinkStatus status);

// A private file of the data folder with its type and caching; 404 when it is not there.
protocol::HttpResponse file_response(const std::filesystem::path& file, std::string content_type,
                                     std::string cache_control);

}  // namespace kesher::modules
