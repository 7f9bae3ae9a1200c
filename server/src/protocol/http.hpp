#pragma once
#include <boost/json/object.hpp>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kesher::pages {
struct ExploreScreen;
}

namespace kesher::protocol {

// Plain HTTP request and response, so that handlers never see Beast (it stays in src/net).
struct HttpRequest {
  std::string method;
  std::string path;
  std::string query;
  std::string body;
  std::string content_type;
  std::string origin;
  std::string session_cookie;
  std::string device_cookie;    // a browser that signed in to an account before (auth_http.cpp)
  std::string staff_cookie;     // staff_session: the staff console's (Path=/console)
  std::string referral_cookie;  // ref: the referral link a visitor came by (modules/referrals.cpp)
  std::string remote_ip;
  std::string accept_language;
  std::string payment_signature;  // Kesher-Signature, on payment webhooks
  // Sec-Fetch-Site (Fetch Metadata): "none" for a navigation the browser or another app started,
  // "same-origin", "same-site" or "cross-site" for one a page started; empty from a browser that
  // does not send it.
  std::string fetch_site;
  int64_t user_id = 0;   // the member, when a route's admission step has looked them up
  int64_t staff_id = 0;  // the staff member, likewise (the console's upload)
};

// Which threads answer an HTTP request (net/server.cpp): the workers, or a bounded pool of its
// own for work that is slow by nature, so that a flood of it cannot delay socket work.
enum class HttpLane { worker, password, media };

inline constexpr size_t kMaxJsonBody = 64 * 1024;

struct HttpResponse {
  unsigned status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;
  bool serve_index = false;  // the network layer answers with the client's index.html
  std::string serve_page;    // with serve_index: this built page instead ("/console.html")
  // With serve_index on /explore: the member's first cards, drawn into the pre-rendered page.
  std::shared_ptr<const pages::ExploreScreen> explore_screen;
};

HttpResponse json_response(unsigned status, const boost::json::object& body);
// {"error_code": code, "message": code, ...extra} (docs/protocol.md, "HTTP").
HttpResponse error_response(unsigned status, std::string_view code, boost::json::object extra = {});
// A redirect (302, or 303 after a POST) to `location`, never cached.
HttpResponse redirect_response(unsigned status, std::string location);

}  // namespace kesher::protocol
