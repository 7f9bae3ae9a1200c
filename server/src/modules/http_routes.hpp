#pragma once
#include <boost/json/object.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "app/context.hpp"
#include "protocol/http.hpp"

namespace kesher::modules {

namespace json = boost::json;

// `body` is the request's JSON object for routes that read one, else empty.
using HttpHandler = protocol::HttpResponse (*)(app::Context& app,
                                               const protocol::HttpRequest& request,
                                               const json::object& body);

enum class Match { exact, prefix };

struct HttpRoute {
  std::string method;  // "POST", or "GET" (which answers HEAD too)
  std::string path;
  Match match;
  HttpHandler handler;
  bool json_body = false;        // POST: the body must be a JSON object (else 400 invalid_json)
  bool hashes_password = false;  // runs on the password pool (net/server.cpp)
};

// The HTTP routes beside the socket router: method and path, or path prefix, to a handler. An
// exact path wins over prefixes, and the longest prefix over shorter ones. Every POST is checked
// before its handler runs: Origin (403 origin_forbidden), then Content-Type (415
// unsupported_media_type), then its JSON body when it reads one.
class HttpRouter {
 public:
  void add(HttpRoute route);
  // Every HTTP request that is not a static file. Blocking: on a worker thread. Never throws.
  protocol::HttpResponse handle(app::Context& app, const protocol::HttpRequest& request) const;
  // Whether the request hashes a password (register, login, reset): such requests run on their
  // own bounded pool (net/server.cpp), so that a flood of them cannot starve socket work.
  bool hashes_password(const protocol::HttpRequest& request) const;

 private:
  const HttpRoute* find(std::string_view path) const;

  std::vector<HttpRoute> routes_;
};

// The accounts (/api/auth/*), /verify/{token} and the page routes of spec §2 (auth_http.cpp).
void register_auth_routes(HttpRouter& router);

// Every HTTP route of the server.
HttpRouter make_http_router();

}  // namespace kesher::modules
