#pragma once
#include <openssl/types.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>

// The NIST P-256 keys of Web Push (RFC 8291 §3.1, RFC 8292 §3.2) through OpenSSL's EVP
// interface: the member's browser key, the sender's one-message key, the server's VAPID key.
// Keys from outside are untrusted: every function here answers bad bytes with an empty result,
// never an exception, and leaves nothing on OpenSSL's per-thread error queue (where a later TLS
// call on the same thread would find it).
namespace kesher::push {

// An uncompressed point: 0x04, then x and y of 32 bytes each.
inline constexpr size_t kP256PointBytes = 65;
// A private key: the scalar, 32 bytes big-endian.
inline constexpr size_t kP256ScalarBytes = 32;

struct PkeyFree {
  void operator()(EVP_PKEY* key) const;
};
using Pkey = std::unique_ptr<EVP_PKEY, PkeyFree>;

// A public key from an uncompressed point; null unless the point is on the curve.
Pkey p256_public_key(std::string_view point);
// A key pair from its scalar and point; null unless both are well formed and belong together.
Pkey p256_key_pair(std::string_view scalar, std::string_view point);
// A fresh key pair from OpenSSL's CSPRNG; null only if OpenSSL fails.
Pkey p256_generate();
// The uncompressed point of a P-256 key (65 bytes); nullopt for any other key.
std::optional<std::string> p256_point(const EVP_PKEY& key);
// True when `key` is a P-256 key that has its private half.
bool is_p256_private_key(const EVP_PKEY& key);
// The ECDH shared secret (the x coordinate, 32 bytes) of `own` (with its private half) and `peer`.
std::optional<std::string> p256_ecdh(const EVP_PKEY& own, const EVP_PKEY& peer);

}  // namespace kesher::push
