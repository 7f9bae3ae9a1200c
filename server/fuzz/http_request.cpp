// HTTP requests as the network layer reads and answers them (net/server.cpp): Beast's parser with
// the server's limits; what the server takes out of a parsed request (the path and query, the
// session and device cookies, Accept-Language); for a socket upgrade, the session lookup; for the
// rest, modules::make_http_router() over a real database: /api/auth/* with its JSON
// bodies and BodyReader, /verify/{token}, /media/{path} and the page routes. The extraction is the
// server's own (net/plain_request.hpp).
#include <boost/beast/http.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <boost/json.hpp>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "domain/language.hpp"
#include "domain/routes.hpp"
#include "fuzz_app.hpp"
#include "fuzz_check.hpp"
#include "modules/http_routes.hpp"
#include "modules/sessions.hpp"
#include "net/plain_request.hpp"
#include "protocol/http.hpp"

using namespace kesher;
namespace beast = boost::beast;
namespace http = beast::http;
namespace json = boost::json;

namespace {

constexpr size_t kMaxHttpBody = protocol::kMaxJsonBody;
constexpr size_t kMaxHeader = 16 * 1024;

void check_response(const protocol::HttpRequest& request, const protocol::HttpResponse& response) {
  if (response.status == 500) {
    std::fprintf(stderr, "500 for %s %s: %s\n", request.method.c_str(), request.path.c_str(),
                 response.body.c_str());
  }
  FUZZ_CHECK(response.status != 500);
  for (const auto& [name, value] : response.headers) {
    // Redirects stay on this site: a path, never "//host" or a scheme.
    if (name == "Location") FUZZ_CHECK(value.size() >= 1 && value[0] == '/' && value[1] != '/');
    FUZZ_CHECK(value.find_first_of("\r\n") == std::string::npos);
  }
  if (response.content_type == "application/json" && !response.serve_index) {
    boost::system::error_code ec;
    json::value body = json::parse(response.body, ec);
    FUZZ_CHECK(!ec && body.is_object());
    if (response.status >= 400) FUZZ_CHECK(body.as_object().contains("error_code"));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static fuzz::FuzzApp* world = fuzz::make_fuzz_app("http");
  app::Context& app = world->app;

  http::request_parser<http::string_body> parser;
  parser.body_limit(kMaxHttpBody);
  parser.header_limit(kMaxHeader);
  parser.eager(true);
  beast::error_code ec;
  // As http::async_read feeds it: put() until the message is done or the bytes run out.
  size_t used = 0;
  while (used < size && !parser.is_done()) {
    size_t taken = parser.put(boost::asio::buffer(data + used, size - used), ec);
    if (ec) return 0;
    if (taken == 0) break;
    used += taken;
  }
  if (!parser.is_done()) return 0;
  const auto& request = parser.get();
  FUZZ_CHECK(request.body().size() <= kMaxHttpBody);

  protocol::HttpRequest plain = net::to_plain_request(request, "203.0.113.7");
  FUZZ_CHECK(plain.path.find('?') == std::string::npos);
  FUZZ_CHECK(plain.path.size() + plain.query.size() <= request.target().size());
  if (beast::websocket::is_upgrade(request)) {
    domain::language_from_accept(plain.accept_language);
    auto session = modules::session_for_hash(app, modules::session_hash_of(plain.session_cookie));
    if (session) FUZZ_CHECK(session->user_id == world->member_id);
    return 0;
  }
  if (plain.path == "/healthz") return 0;
  static const modules::HttpRouter routes = modules::make_http_router();
  routes.lane(plain);
  routes.body_limit(app, plain.method, plain.path);
  if (auto refusal = routes.admit(app, plain)) {
    check_response(plain, *refusal);
    return 0;
  }
  check_response(plain, routes.handle(app, plain));
  return 0;
}
