#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace kesher::domain {

// Must be called once before any other function here (libsodium initialisation).
void crypto_init();

// Argon2id parameters (brief §6: memory >= 19 MiB, ops >= 2).
inline constexpr unsigned long long kPasswordOpsLimit = 2;
inline constexpr size_t kPasswordMemLimit = 19 * 1024 * 1024;

std::string hash_password(std::string_view password);
bool verify_password(std::string_view password, std::string_view stored_hash);
// Spends the same time as a real verification, so an unknown account can't be told by timing.
void verify_password_decoy(std::string_view password);

// A random secret of `bytes` bytes, base64url without padding.
std::string random_token(size_t bytes = 32);
std::string sha256_hex(std::string_view data);
// SHA-1 in lower-case hex (40 characters): only where a peer names things by it (Redis names a
// script by its SHA-1), never for secrets.
std::string sha1_hex(std::string_view data);
// HMAC-SHA-256 of `message` under `key`, base64url without padding (43 characters).
std::string hmac_sha256_base64url(std::string_view key, std::string_view message);
// The same in lower-case hex (64 characters), the form payment webhooks are signed in.
std::string hmac_sha256_hex(std::string_view key, std::string_view message);
bool constant_time_equal(std::string_view a, std::string_view b);

// Base64url without padding (RFC 4648 §5), the form of JWTs and of Web Push keys.
std::string base64url_encode(std::string_view bytes);
// The bytes, or nullopt unless `text` is exactly that form: no padding, no white space, and no
// stray bits in the last character (libsodium's strict reading), so each value has one spelling.
std::optional<std::string> base64url_decode(std::string_view text);

}  // namespace kesher::domain
