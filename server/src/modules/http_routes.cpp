#include "modules/http_routes.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "media/files.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"

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

bool HttpRouter::hashes_password(const HttpRequest& request) const {
  const HttpRoute* route = find(request.path);
  return route && route->hashes_password && method_fits(*route, request.method);
}

HttpResponse HttpRouter::handle(app::Context& app, const HttpRequest& request) const {
  try {
    const HttpRoute* route = find(request.path);
    if (!route) return error_response(404, errc::not_found);
    if (!method_fits(*route, request.method)) return error_response(405, errc::method_not_allowed);
    std::optional<json::object> body = json::object{};
    if (route->method == "POST") {
      if (!same_origin(app, request)) return error_response(403, errc::origin_forbidden);
      if (!is_json(request.content_type)) return error_response(415, errc::unsupported_media_type);
      if (route->json_body) {
        body = protocol::parse_object(request.body);
        if (!body) return error_response(400, errc::invalid_json);
      }
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
  router.add({"GET", std::string(kMedia), Match::prefix, media_file});
  // Under /api/ every path answers like an endpoint: a POST that passes the checks, 404.
  router.add({"POST", "/api/", Match::prefix, unknown_endpoint, /*json_body=*/true});
  return router;
}

}  // namespace kesher::modules
