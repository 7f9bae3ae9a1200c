#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

// Time-based one-time passwords (RFC 6238) for staff logins: HMAC-SHA-1, 6 digits, 30-second
// steps, counted from the Unix epoch, as every authenticator app reads an otpauth:// URI. The
// HOTP/TOTP arithmetic and base32 are liboath's (docs/decisions/0011-liboath-for-totp.md).
namespace kesher::domain::totp {

inline constexpr unsigned kDigits = 6;
inline constexpr unsigned kStepSeconds = 30;
inline constexpr size_t kSecretBytes = 20;     // 160 bits, RFC 4226's recommendation
inline constexpr size_t kMinSecretBytes = 16;  // 128 bits, RFC 4226's minimum
inline constexpr int kMaxWindow = 10;          // steps either way; more would be a password

// kSecretBytes random bytes (libsodium), base32 (RFC 4648) without padding: 32 characters.
std::string new_secret();

// The raw bytes of a base32 secret. Case, spaces and '=' padding are forgiven (people type
// secrets from a screen); nullopt for anything else that is not base32, and for secrets shorter
// than kMinSecretBytes.
std::optional<std::string> decode_secret(std::string_view base32);

// Whether `code` is the secret's code for the step of `unix_now` or one of the `window` steps
// before or after it (clamped to 0..kMaxWindow). False for a code that is not exactly kDigits
// ASCII digits, an invalid secret or a time before the epoch. Codes are compared in constant time.
bool verify(std::string_view base32_secret, std::string_view code, int64_t unix_now,
            int window = 1);

// The same, with the step the code belongs to (unix time / kStepSeconds): a verifier keeps the
// last step it accepted and refuses it and any earlier one, so that a code seen over a shoulder
// or in a log cannot be used again within its window (RFC 6238 §5.2).
std::optional<int64_t> verify_step(std::string_view base32_secret, std::string_view code,
                                   int64_t unix_now, int window = 1);

// The code for the step of `unix_now`; empty when the secret is invalid or the time before the
// epoch.
std::string code_at(std::string_view base32_secret, int64_t unix_now);

// otpauth://totp/Issuer:account?secret=…&issuer=…&algorithm=SHA1&digits=6&period=30, every part
// percent-encoded (RFC 3986 unreserved characters stay), the secret in canonical form (upper case,
// no spaces or padding). Empty when the secret is invalid.
std::string otpauth_uri(std::string_view issuer, std::string_view account,
                        std::string_view base32_secret);

}  // namespace kesher::domain::totp
