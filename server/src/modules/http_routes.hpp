#pragma once
#include <boost/json/object.hpp>
#include <optional>
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

// A step before a request on a bounded pool joins its queue (net::Handlers::admit): a refusal,
// or nothing; it may fill in HttpRequest::user_id. On a worker.
using HttpAdmission = std::optional<protocol::HttpResponse> (*)(app::Context& app,
                                                                protocol::HttpRequest& request);

enum class Match { exact, prefix };

struct HttpRoute {
  std::string method;  // "POST", or "GET" (which answers HEAD too)
  std::string path;
  Match match;
  HttpHandler handler;
  bool json_body = false;  // POST: the body must be a JSON object (else 400 invalid_json)
  // POST: multipart/form-data of up to --max-upload-bytes instead of JSON (else 415).
  bool multipart_body = false;
  // POST: application/x-www-form-urlencoded, an HTML form (the sandbox checkout; else 415).
  bool form_body = false;
  // Hashing a password or decoding a picture runs on a bounded pool of its own (net/server.cpp).
  protocol::HttpLane lane = protocol::HttpLane::worker;
  HttpAdmission admit = nullptr;
};

// The HTTP routes beside the socket router: method and path, or path prefix, to a handler. An
// exact path wins over prefixes, and the longest prefix over shorter ones. Every POST is checked
// before its handler runs: Origin (403 origin_forbidden), then Content-Type (415
// unsupported_media_type: JSON, multipart for an upload, a form for the sandbox checkout), then its
// JSON body when it reads one.
class HttpRouter {
 public:
  void add(HttpRoute route);
  // Every HTTP request that is not a static file. Blocking: on a worker thread. Never throws.
  protocol::HttpResponse handle(app::Context& app, const protocol::HttpRequest& request) const;
  // Where the request runs: hashing a password (register, login, reset) and decoding an upload
  // run on bounded pools of their own (net/server.cpp), so that a flood of them cannot starve
  // socket work.
  protocol::HttpLane lane(const protocol::HttpRequest& request) const;
  // The route's admission step, after the checks every request gets (method, Origin,
  // Content-Type): refusals such as 403 come before the request waits in a queue. Never throws.
  std::optional<protocol::HttpResponse> admit(app::Context& app,
                                              protocol::HttpRequest& request) const;
  // The largest body the route takes: --max-upload-bytes for uploads, else 64 KiB.
  size_t body_limit(const app::Context& app, std::string_view method, std::string_view path) const;

 private:
  const HttpRoute* find(std::string_view path) const;
  // The method, Origin and Content-Type checks; nullopt when the request passes them.
  std::optional<protocol::HttpResponse> refusal(const app::Context& app, const HttpRoute* route,
                                                const protocol::HttpRequest& request) const;

  std::vector<HttpRoute> routes_;
};

// The accounts (/api/auth/*), /verify/{token} and the page routes of spec §2 (auth_http.cpp).
void register_auth_routes(HttpRouter& router);

// POST /api/auth/escape and GET /check/{token}: the escape from in-app browsers (escape_http.cpp).
void register_escape_routes(HttpRouter& router);

// POST /upload and GET /media/u/{name}.jpg (media_http.cpp).
void register_media_routes(HttpRouter& router);

// The sandbox checkout and POST /api/payments/webhook/{provider} (payments_http.cpp).
void register_payment_routes(HttpRouter& router);

// GET /api/push/key, POST /api/send-push and POST /api/push/unsubscribe (push_http.cpp).
void register_push_routes(HttpRouter& router);

// GET /ref/{slug} and GET /api/stats/members (referrals.cpp; issue 14).
void register_referral_routes(HttpRouter& router);

// Every HTTP route of the server.
HttpRouter make_http_router();

}  // namespace kesher::modules
