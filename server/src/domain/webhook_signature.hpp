#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// Payment webhooks are signed the way Stripe signs its own (docs/protocol.md, "POST
// /api/payments/webhook/{provider}"): the header `Kesher-Signature: t=<unix>,v1=<hex>` carries an
// HMAC-SHA-256 over "<t>.<raw body>" keyed by the provider's secret. The header is untrusted
// input (fuzz/webhook_signature.cpp).
namespace kesher::domain {

inline constexpr int64_t kWebhookToleranceSeconds = 300;

struct SignatureHeader {
  int64_t timestamp = 0;
  std::vector<std::string> v1;  // every v1 value, so that a secret can be rolled over
};

// nullopt unless the header has exactly one t (decimal seconds, 1 to 12 digits) and at least one
// v1 of 64 lower-case hex characters; other schemes (v0, …) are skipped.
std::optional<SignatureHeader> parse_signature_header(std::string_view header);

// The header for `body` signed at `timestamp` with `secret`.
std::string sign_webhook(std::string_view secret, int64_t timestamp, std::string_view body);

enum class SignatureCheck { valid, invalid, stale };
// The signature is compared first (in constant time), the time after: a forged request never
// learns whether its timestamp would have been accepted.
SignatureCheck check_webhook_signature(std::string_view header, std::string_view body,
                                       std::string_view secret, int64_t now,
                                       int64_t tolerance = kWebhookToleranceSeconds);

}  // namespace kesher::domain
