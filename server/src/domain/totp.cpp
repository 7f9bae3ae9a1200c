#include "domain/totp.hpp"

#include <liboath/oath.h>
#include <sodium.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <stdexcept>

namespace kesher::domain::totp {

namespace {

// oath_init sets up the crypto backend (gnulib's, in Debian's build) and is not documented as
// thread-safe; sodium_init is, but it costs nothing to run both once.
void init_once() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (oath_init() != OATH_OK) throw std::runtime_error("liboath failed to initialise");
    if (sodium_init() < 0) throw std::runtime_error("libsodium failed to initialise");
  });
}

struct FreeDeleter {
  void operator()(char* p) const { std::free(p); }
};
using OathBuffer = std::unique_ptr<char, FreeDeleter>;

std::string base32_without_padding(std::string_view raw) {
  char* out = nullptr;
  size_t length = 0;
  if (oath_base32_encode(raw.data(), raw.size(), &out, &length) != OATH_OK) {
    throw std::runtime_error("base32 encoding failed");
  }
  OathBuffer owned(out);
  std::string encoded(out, length);
  encoded.erase(std::find(encoded.begin(), encoded.end(), '='), encoded.end());
  return encoded;
}

// liboath's reader already forgives case and spaces; trailing '=' padding is dropped here so that
// a secret padded to a wrong length still reads.
std::optional<std::string> decode(std::string_view base32) {
  while (!base32.empty() && (base32.back() == '=' || base32.back() == ' ')) {
    base32.remove_suffix(1);
  }
  if (base32.empty()) return std::nullopt;
  init_once();
  char* out = nullptr;
  size_t length = 0;
  if (oath_base32_decode(base32.data(), base32.size(), &out, &length) != OATH_OK) {
    return std::nullopt;
  }
  OathBuffer owned(out);
  if (length < kMinSecretBytes) return std::nullopt;
  return std::string(out, length);
}

bool six_digits(std::string_view code) {
  return code.size() == kDigits &&
         std::all_of(code.begin(), code.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// oath_totp_validate compares with strcmp; this compares in constant time.
int compare_codes(void* expected, const char* candidate) {
  const auto* code = static_cast<const std::string*>(expected);
  if (std::char_traits<char>::length(candidate) != code->size()) return 1;
  return sodium_memcmp(candidate, code->data(), code->size()) == 0 ? 0 : 1;
}

bool is_unreserved(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '.' || c == '_' || c == '~';
}

std::string percent_encode(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size() * 3);
  for (char c : text) {
    if (is_unreserved(c)) {
      out += c;
    } else {
      const auto byte = static_cast<unsigned char>(c);
      out += '%';
      out += kHex[byte >> 4];
      out += kHex[byte & 0x0F];
    }
  }
  return out;
}

}  // namespace

std::string new_secret() {
  init_once();
  std::string raw(kSecretBytes, '\0');
  randombytes_buf(raw.data(), raw.size());
  std::string encoded = base32_without_padding(raw);
  sodium_memzero(raw.data(), raw.size());
  return encoded;
}

std::optional<std::string> decode_secret(std::string_view base32) {
  return decode(base32);
}

std::optional<int64_t> verify_step(std::string_view base32_secret, std::string_view code,
                                   int64_t unix_now, int window) {
  if (!six_digits(code) || unix_now < 0) return std::nullopt;
  auto secret = decode(base32_secret);
  if (!secret) return std::nullopt;
  std::string expected(code);
  const int steps = std::clamp(window, 0, kMaxWindow);
  int position = 0;
  uint64_t counter = 0;
  const int found = oath_totp_validate4_callback(
      secret->data(), secret->size(), static_cast<time_t>(unix_now), kStepSeconds,
      OATH_TOTP_DEFAULT_START_TIME, kDigits, static_cast<size_t>(steps), &position, &counter,
      /*flags=*/0, compare_codes, &expected);
  sodium_memzero(secret->data(), secret->size());
  if (found < 0) return std::nullopt;
  return static_cast<int64_t>(counter);
}

bool verify(std::string_view base32_secret, std::string_view code, int64_t unix_now, int window) {
  return verify_step(base32_secret, code, unix_now, window).has_value();
}

std::string code_at(std::string_view base32_secret, int64_t unix_now) {
  if (unix_now < 0) return {};
  auto secret = decode(base32_secret);
  if (!secret) return {};
  char code[kDigits + 1] = {};
  const int rc = oath_totp_generate(secret->data(), secret->size(), static_cast<time_t>(unix_now),
                                    kStepSeconds, OATH_TOTP_DEFAULT_START_TIME, kDigits, code);
  sodium_memzero(secret->data(), secret->size());
  return rc == OATH_OK ? std::string(code, kDigits) : std::string();
}

std::string otpauth_uri(std::string_view issuer, std::string_view account,
                        std::string_view base32_secret) {
  auto secret = decode(base32_secret);
  if (!secret) return {};
  const std::string canonical = base32_without_padding(*secret);
  sodium_memzero(secret->data(), secret->size());
  const std::string encoded_issuer = percent_encode(issuer);
  // Key URI format (Google Authenticator's wiki): the label is "issuer:account" with a literal
  // colon, and the issuer parameter repeats the issuer for apps that read only one of them.
  return "otpauth://totp/" + encoded_issuer + ":" + percent_encode(account) +
         "?secret=" + canonical + "&issuer=" + encoded_issuer +
         "&algorithm=SHA1&digits=" + std::to_string(kDigits) +
         "&period=" + std::to_string(kStepSeconds);
}

}  // namespace kesher::domain::totp
