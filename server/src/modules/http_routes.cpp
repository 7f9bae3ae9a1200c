#include "modules/http_routes.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "console/console.hpp"
#include "media/files.hpp"
#include "modules/data_export.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"
#include "protocol/form.hpp"
#include "protocol/multipart.hpp"

namespace kesher::modules {

namespace {

using protocol::error_response;
using protocol::HttpRequest;
using protocol::HttpResponse;

bool same_origin(const app::Context& app, const HttpRequest& request) {
  // Browsers send Origin on every cross-site POST; its absence means a same-origin or non-browser
  // client, which the SameSite=Lax cookie already covers.
  return request.origin.empty() || app.origin_allowed(request.origin);
}

// application/json, with parameters such as charset allowed. Requiring it also means a cross-site
// form can never post here: browsers only send JSON cross-site after a CORS preflight.
bool is_json(std::string_view content_type) {
  std::string_view media = content_type.substr(0, content_type.find(';'));
  while (!media.empty() && media.back() == ' ') media.remove_suffix(1);
  constexpr std::string_view kJson = "application/json";
  return media.size() == kJson.size() &&
         std::equal(media.begin(), media.end(), kJson.begin(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) == b;
         });
}

bool method_fits(const HttpRoute& route, std::string_view method) {
  return method == route.method || (route.method == "GET" && method == "HEAD");
}

bool matches(const HttpRoute& route, std::string_view path) {
  if (route.match == Match::exact) return path == route.path;
  return path.substr(0, route.path.size()) == route.path;
}

constexpr std::string_view kMedia = "/media/";

HttpResponse media_file(app::Context& app, const HttpRequest& request, const json::object&) {
  return media::serve_file(std::filesystem::path(app.config.data_dir) / "media",
                           std::string_view(request.path).substr(kMedia.size()));
}

HttpResponse unknown_endpoint(app::Context&, const HttpRequest&, const json::object&) {
  return error_response(404, errc::not_found);
}

}  // namespace

void HttpRouter::add(HttpRoute route) {
  routes_.push_back(std::move(route));
}

const HttpRoute* HttpRouter::find(std::string_view path) const {
  const HttpRoute* found = nullptr;
  for (const auto& route : routes_) {
    if (!matches(route, path)) continue;
    if (route.match == Match::exact) return &route;
    if (!found || route.path.size() > found->path.size()) found = &route;
  }
  return found;
}

protocol::HttpLane HttpRouter::lane(const HttpRequest& request) const {
  const HttpRoute* route = find(request.path);
  return route && method_fits(*route, request.method) ? route->lane : protocol::HttpLane::worker;
}

size_t HttpRouter::body_limit(const app::Context& app, std::string_view method,
                              std::string_view path) const {
  const HttpRoute* route = find(path);
  bool upload = route && route->multipart_body && method_fits(*route, method);
  return upload ? app.config.max_upload_bytes : protocol::kMaxJsonBody;
}

std::optional<HttpResponse> HttpRouter::refusal(const app::Context& app, const HttpRoute* route,
                                                const HttpRequest& request) const {
  if (!route) return error_response(404, errc::not_found);
  if (!method_fits(*route, request.method)) return error_response(405, errc::method_not_allowed);
  if (route->method == "POST") {
    if (!same_origin(app, request)) return error_response(403, errc::origin_forbidden);
    bool type_fits = route->multipart_body
                         ? protocol::multipart_boundary(request.content_type).has_value()
                     : route->form_body ? protocol::is_form_content_type(request.content_type)
                                        : is_json(request.content_type);
    if (!type_fits) return error_response(415, errc::unsupported_media_type);
  }
  return std::nullopt;
}

std::optional<HttpResponse> HttpRouter::admit(app::Context& app, HttpRequest& request) const {
  try {
    const HttpRoute* route = find(request.path);
    if (auto refused = refusal(app, route, request)) return refused;
    return route->admit ? route->admit(app, request) : std::nullopt;
  } catch (const std::exception& e) {
    spdlog::error("{} {} admission failed: {}", request.method, request.path, e.what());
    return error_response(500, errc::internal_error);
  }
}

HttpResponse HttpRouter::handle(app::Context& app, const HttpRequest& request) const {
  try {
    const HttpRoute* route = find(request.path);
    if (auto refused = refusal(app, route, request)) return std::move(*refused);
    std::optional<json::object> body = json::object{};
    if (route->method == "POST" && route->json_body) {
      body = protocol::parse_object(request.body);
      if (!body) return error_response(400, errc::invalid_json);
    }
    return route->handler(app, request, *body);
  } catch (const std::exception& e) {
    spdlog::error("{} {} failed: {}", request.method, request.path, e.what());
    return error_response(500, errc::internal_error);
  }
}

HttpRouter make_http_router() {
  HttpRouter router;
  register_auth_routes(router);
  register_escape_routes(router);
  register_media_routes(router);
  register_payment_routes(router);
  register_export_routes(router);
  register_push_routes(router);
  register_referral_routes(router);
  console::register_console_routes(router);
  router.add({"GET", std::string(kMedia), Match::prefix, media_file});
  // Under /api/ every path answers like an endpoint: a POST that passes the checks, 404.
  router.add({"POST", "/api/", Match::prefix, unknown_endpoint, /*json_body=*/true});
  return router;
}

}  // namespace kesher::modules
