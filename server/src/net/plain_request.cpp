#include "net/plain_request.hpp"

#include <boost/beast/http/field.hpp>
#include <string_view>

#include "protocol/cookies.hpp"

namespace kesher::net {

namespace http = boost::beast::http;

protocol::HttpRequest to_plain_request(const http::request<http::string_body>& request,
                                       const std::string& remote_ip) {
  protocol::HttpRequest plain;
  plain.method = std::string(request.method_string());
  std::string_view target = request.target();
  size_t question = target.find('?');
  plain.path = std::string(target.substr(0, question));
  if (question != std::string_view::npos) plain.query = std::string(target.substr(question + 1));
  plain.body = request.body();
  plain.content_type = std::string(request[http::field::content_type]);
  plain.origin = std::string(request[http::field::origin]);
  plain.session_cookie = protocol::cookie_value(request[http::field::cookie], "session");
  plain.device_cookie = protocol::cookie_value(request[http::field::cookie], "device");
  plain.referral_cookie = protocol::cookie_value(request[http::field::cookie], "ref");
  plain.staff_cookie = protocol::cookie_value(request[http::field::cookie], "staff_session");
  plain.accept_language = std::string(request[http::field::accept_language]);
  plain.payment_signature = std::string(request["Kesher-Signature"]);
  plain.fetch_site = std::string(request["Sec-Fetch-Site"]);
  plain.remote_ip = remote_ip;
  return plain;
}

}  // namespace kesher::net
