// A browser's PushSubscription as a client sends it (push::parse_subscription): the endpoint URL
// the server will later POST to and the keys it will encrypt for, all untrusted. Accepted input
// must be usable as it is: the endpoint has an origin for VAPID and the keys encrypt a message.
#include <openssl/err.h>

#include <algorithm>
#include <boost/json.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "domain/crypto.hpp"
#include "fuzz_check.hpp"
#include "protocol/errors.hpp"
#include "push/p256.hpp"
#include "push/subscription.hpp"
#include "push/vapid.hpp"
#include "push/webpush_crypto.hpp"

using namespace kesher;

namespace {

std::optional<push::VapidKey> vapid_key;

bool in_catalogue(std::string_view code) {
  return std::any_of(errc::catalogue.begin(), errc::catalogue.end(),
                     [&](const errc::Entry& entry) { return entry.code == code; });
}

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

// What every endpoint that passes must give: an origin of its own scheme and a signed header.
void check_endpoint(std::string_view endpoint) {
  bool valid = push::valid_endpoint(endpoint);
  auto origin = push::endpoint_origin(endpoint);
  FUZZ_CHECK(valid == origin.has_value());
  if (!valid) return;
  FUZZ_CHECK(endpoint.size() <= push::kMaxEndpointLength);
  FUZZ_CHECK(starts_with(*origin, "https://") || starts_with(*origin, "http://"));
  FUZZ_CHECK(origin->find('/', origin->find("//") + 2) == std::string::npos);
  FUZZ_CHECK(push::endpoint_origin(*origin) == origin);  // an origin is its own origin
  auto header = push::vapid_authorization(*vapid_key, endpoint, "mailto:fuzz@kesher.example", 0);
  FUZZ_CHECK(header.has_value());
  FUZZ_CHECK(header->find_first_of("\r\n") == std::string::npos);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  vapid_key = push::VapidKey::generate();
  return vapid_key ? 0 : 1;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);

  auto verdict = push::parse_subscription(input);
  if (verdict) {
    FUZZ_CHECK(verdict.error.empty() && verdict.field.empty());
    const push::Subscription& subscription = *verdict.subscription;
    check_endpoint(subscription.endpoint);
    FUZZ_CHECK(push::valid_endpoint(subscription.endpoint));
    FUZZ_CHECK(subscription.p256dh.size() == push::kP256PointBytes);
    FUZZ_CHECK(subscription.p256dh[0] == '\x04');
    FUZZ_CHECK(subscription.auth.size() == push::kAuthSecretBytes);
    FUZZ_CHECK(push::encrypt_aes128gcm("fuzz", subscription.p256dh, subscription.auth));
    // Written back the way a browser writes it, it reads the same.
    boost::json::object keys{{"p256dh", domain::base64url_encode(subscription.p256dh)},
                             {"auth", domain::base64url_encode(subscription.auth)}};
    auto again = push::parse_subscription(boost::json::serialize(
        boost::json::object{{"endpoint", subscription.endpoint}, {"keys", keys}}));
    FUZZ_CHECK(again && again.subscription->endpoint == subscription.endpoint &&
               again.subscription->p256dh == subscription.p256dh &&
               again.subscription->auth == subscription.auth);
  } else {
    FUZZ_CHECK(in_catalogue(verdict.error));
    FUZZ_CHECK(verdict.field.empty() == (verdict.error == errc::invalid_json));
  }

  // The same bytes as a bare endpoint and as a raw point.
  check_endpoint(input);
  if (auto key = push::p256_public_key(input)) {
    FUZZ_CHECK(push::p256_point(*key) == std::optional<std::string>(input));
    FUZZ_CHECK(push::encrypt_aes128gcm("fuzz", input, "0123456789abcdef"));
  }
  // Nothing refused leaves an error behind on OpenSSL's queue.
  FUZZ_CHECK(ERR_peek_error() == 0);
  return 0;
}
