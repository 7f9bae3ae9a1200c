#include "push/subscription.hpp"

#include <boost/json.hpp>
#include <boost/url/parse.hpp>
#include <boost/url/url.hpp>

#include "domain/crypto.hpp"
#include "protocol/errors.hpp"
#include "push/p256.hpp"
#include "push/webpush_crypto.hpp"

namespace kesher::push {

namespace {

namespace urls = boost::urls;

SubscriptionVerdict refuse(std::string_view error, std::string_view field) {
  return {std::nullopt, error, field};
}

// Letters, digits, hyphens and dots: what a push service's DNS name is made of. Anything else in a
// host (percent escapes, underscores, sub-delimiters) has no business in a push endpoint.
bool plain_host_name(std::string_view host) {
  if (host.empty()) return false;
  for (char c : host) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '-' || c == '.';
    if (!ok) return false;
  }
  return true;
}

bool lower_equal(std::string_view text, std::string_view lower) {
  if (text.size() != lower.size()) return false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != lower[i]) return false;
  }
  return true;
}

bool loopback(const urls::url_view& url) {
  switch (url.host_type()) {
    case urls::host_type::name:
      return lower_equal(url.encoded_host(), "localhost");
    case urls::host_type::ipv4:
      return url.encoded_host() == "127.0.0.1";
    case urls::host_type::ipv6:
      return url.host_ipv6_address().is_loopback();
    default:
      return false;
  }
}

// The endpoint, parsed, if it passes valid_endpoint's rules.
std::optional<urls::url_view> parse_endpoint(std::string_view endpoint) {
  if (endpoint.empty() || endpoint.size() > kMaxEndpointLength) return std::nullopt;
  auto parsed = urls::parse_absolute_uri(endpoint);
  if (!parsed) return std::nullopt;
  const urls::url_view& url = *parsed;
  if (!url.has_authority() || url.has_userinfo()) return std::nullopt;
  switch (url.host_type()) {
    case urls::host_type::name:
      if (!plain_host_name(url.encoded_host())) return std::nullopt;
      break;
    case urls::host_type::ipv4:
    case urls::host_type::ipv6:
      break;
    default:
      return std::nullopt;
  }
  if (url.has_port() && (url.port().size() > 5 || url.port_number() == 0)) return std::nullopt;
  bool https = url.scheme_id() == urls::scheme::https;
  bool local_http = url.scheme_id() == urls::scheme::http && loopback(url);
  if (!https && !local_http) return std::nullopt;
  return url;
}

// Browsers write keys without padding; some libraries add it. Either spelling is read.
std::optional<std::string> decode_key(std::string_view text) {
  if (text.size() % 4 == 0) {
    for (int i = 0; i < 2 && !text.empty() && text.back() == '='; ++i) text.remove_suffix(1);
  }
  return domain::base64url_decode(text);
}

}  // namespace

bool valid_endpoint(std::string_view endpoint) {
  return parse_endpoint(endpoint).has_value();
}

std::optional<std::string> endpoint_origin(std::string_view endpoint) {
  auto parsed = parse_endpoint(endpoint);
  if (!parsed) return std::nullopt;
  urls::url url(*parsed);
  url.normalize_scheme();
  url.normalize_authority();
  std::string origin(url.scheme());
  origin += "://";
  origin += std::string_view(url.encoded_host());
  uint16_t port = url.has_port() ? url.port_number() : 0;
  uint16_t default_port = url.scheme_id() == urls::scheme::https ? 443 : 80;
  if (port != 0 && port != default_port) {
    origin += ':';
    origin += std::to_string(port);
  }
  return origin;
}

SubscriptionVerdict check_subscription(const boost::json::object& subscription) {
  const boost::json::value* endpoint = subscription.if_contains("endpoint");
  if (!endpoint) return refuse(errc::missing_field, "endpoint");
  if (!endpoint->is_string()) return refuse(errc::invalid_field, "endpoint");
  std::string_view endpoint_text = endpoint->get_string();
  if (!valid_endpoint(endpoint_text)) return refuse(errc::invalid_value, "endpoint");

  const boost::json::value* keys = subscription.if_contains("keys");
  if (!keys) return refuse(errc::missing_field, "keys");
  if (!keys->is_object()) return refuse(errc::invalid_field, "keys");
  const boost::json::value* p256dh = keys->get_object().if_contains("p256dh");
  if (!p256dh) return refuse(errc::missing_field, "keys.p256dh");
  if (!p256dh->is_string()) return refuse(errc::invalid_field, "keys.p256dh");
  const boost::json::value* auth = keys->get_object().if_contains("auth");
  if (!auth) return refuse(errc::missing_field, "keys.auth");
  if (!auth->is_string()) return refuse(errc::invalid_field, "keys.auth");

  auto point = decode_key(p256dh->get_string());
  if (!point || point->size() != kP256PointBytes || !p256_public_key(*point)) {
    return refuse(errc::invalid_value, "keys.p256dh");
  }
  auto secret = decode_key(auth->get_string());
  if (!secret || secret->size() != kAuthSecretBytes)
    return refuse(errc::invalid_value, "keys.auth");
  return {Subscription{std::string(endpoint_text), std::move(*point), std::move(*secret)}, {}, {}};
}

SubscriptionVerdict parse_subscription(std::string_view body) {
  boost::system::error_code ec;
  boost::json::value parsed = boost::json::parse(body, ec);
  if (ec || !parsed.is_object()) return refuse(errc::invalid_json, {});
  return check_subscription(parsed.get_object());
}

}  // namespace kesher::push
