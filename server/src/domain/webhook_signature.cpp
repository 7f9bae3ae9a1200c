#include "domain/webhook_signature.hpp"

#include "domain/crypto.hpp"

namespace kesher::domain {

namespace {

constexpr size_t kHexSignature = 64;
constexpr size_t kMaxTimestampDigits = 12;

bool lower_hex(std::string_view text) {
  for (char c : text) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

std::optional<int64_t> parse_seconds(std::string_view text) {
  if (text.empty() || text.size() > kMaxTimestampDigits) return std::nullopt;
  int64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  return value;
}

std::string signed_payload(int64_t timestamp, std::string_view body) {
  std::string payload = std::to_string(timestamp);
  payload += '.';
  payload += body;
  return payload;
}

}  // namespace

std::optional<SignatureHeader> parse_signature_header(std::string_view header) {
  SignatureHeader parsed;
  bool have_time = false;
  while (!header.empty()) {
    size_t comma = header.find(',');
    std::string_view item = header.substr(0, comma);
    header = comma == std::string_view::npos ? std::string_view{} : header.substr(comma + 1);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    size_t equals = item.find('=');
    if (equals == std::string_view::npos) return std::nullopt;
    std::string_view key = item.substr(0, equals);
    std::string_view value = item.substr(equals + 1);
    if (key == "t") {
      auto seconds = parse_seconds(value);
      if (!seconds || have_time) return std::nullopt;
      parsed.timestamp = *seconds;
      have_time = true;
    } else if (key == "v1") {
      if (value.size() != kHexSignature || !lower_hex(value)) return std::nullopt;
      parsed.v1.emplace_back(value);
    }
  }
  if (!have_time || parsed.v1.empty()) return std::nullopt;
  return parsed;
}

std::string sign_webhook(std::string_view secret, int64_t timestamp, std::string_view body) {
  return "t=" + std::to_string(timestamp) +
         ",v1=" + hmac_sha256_hex(secret, signed_payload(timestamp, body));
}

SignatureCheck check_webhook_signature(std::string_view header, std::string_view body,
                                       std::string_view secret, int64_t now, int64_t tolerance) {
  auto parsed = parse_signature_header(header);
  if (!parsed) return SignatureCheck::invalid;
  std::string expected = hmac_sha256_hex(secret, signed_payload(parsed->timestamp, body));
  bool matched = false;
  for (const auto& candidate : parsed->v1) matched |= constant_time_equal(candidate, expected);
  if (!matched) return SignatureCheck::invalid;
  int64_t age = now - parsed->timestamp;
  if (age > tolerance || age < -tolerance) return SignatureCheck::stale;
  return SignatureCheck::valid;
}

}  // namespace kesher::domain
