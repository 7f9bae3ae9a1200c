#pragma once
#include <boost/json/fwd.hpp>
#include <optional>
#include <string>
#include <string_view>

// A browser's PushSubscription (the JSON of PushSubscription.toJSON(): {"endpoint": "https://…",
// "keys": {"p256dh": "…", "auth": "…"}}), read from untrusted bytes (fuzz/push_subscription.cpp).
// Other members ("expirationTime") are ignored: a push service says when a subscription is gone
// by answering 404 or 410.
namespace kesher::push {

inline constexpr size_t kMaxEndpointLength = 2048;

struct Subscription {
  std::string endpoint;  // an absolute https URL (http only to localhost, for tests)
  std::string p256dh;    // 65 bytes: the browser's uncompressed P-256 point, on the curve
  std::string auth;      // 16 bytes: the browser's auth secret
};

struct SubscriptionVerdict {
  std::optional<Subscription> subscription;
  std::string_view error;  // an error code of protocol/errors.hpp, empty when accepted
  std::string_view field;  // the input that broke it: "endpoint", "keys", "keys.p256dh", …
  explicit operator bool() const { return subscription.has_value(); }
};

// invalid_json unless `body` is a JSON object; then as check_subscription.
SubscriptionVerdict parse_subscription(std::string_view body);
// missing_field for an absent member, invalid_field for one of the wrong JSON type,
// invalid_value for an endpoint that is not a usable URL or a key of the wrong size or, for
// p256dh, not a point on the curve. Keys are base64url, with or without padding.
SubscriptionVerdict check_subscription(const boost::json::object& subscription);

// True for an absolute https URL of at most kMaxEndpointLength characters with a host, no user
// information and, if given, a port in 1-65535; http is allowed to localhost, 127.0.0.1 and [::1].
bool valid_endpoint(std::string_view endpoint);
// "scheme://host[:port]" of an endpoint, lower-cased, the port only when it is not the scheme's
// default: the audience of a VAPID token (RFC 8292 §2). nullopt unless valid_endpoint.
std::optional<std::string> endpoint_origin(std::string_view endpoint);

}  // namespace kesher::push
