#pragma once
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "push/p256.hpp"

// Voluntary Application Server Identification (RFC 8292): the server's own P-256 key, which
// browsers are given as the applicationServerKey when they subscribe and which signs a short-lived
// ES256 JWT on every push request, so a push service accepts messages for those subscriptions
// from this server only.
namespace kesher::push {

// RFC 8292 §2: a token must not live longer than 24 hours; half a day leaves room for clock skew.
inline constexpr int64_t kVapidMaxLifetimeSeconds = 24 * 60 * 60;
inline constexpr int64_t kVapidLifetimeSeconds = 12 * 60 * 60;

class VapidKey {
 public:
  // A fresh key pair; nullopt only if OpenSSL fails.
  static std::optional<VapidKey> generate();
  // A P-256 private key in PEM (PKCS #8, unencrypted, as to_pem writes it); nullopt for anything
  // else: another curve or algorithm, an encrypted key, a public key alone.
  static std::optional<VapidKey> from_pem(std::string_view pem);
  std::string to_pem() const;

  // The 65-byte uncompressed point.
  const std::string& public_key() const { return public_key_; }
  // The same base64url without padding: the browser's applicationServerKey and the k= parameter.
  std::string public_key_base64url() const;
  // An ES256 signature of `message` in JOSE form (RFC 7518 §3.4): r and s, 32 bytes each.
  std::optional<std::string> sign(std::string_view message) const;

 private:
  VapidKey(Pkey key, std::string public_key)
      : key_(std::move(key)), public_key_(std::move(public_key)) {}
  Pkey key_;
  std::string public_key_;
};

// The key in <data>/vapid.pem: made at first start (mode 0600, written to a temporary file, synced,
// then linked into place so that a key already there is never replaced) and read at every later
// start, so the subscriptions browsers made with it stay valid. Throws when the file cannot be
// written, or exists and is not a P-256 private key: a server must not quietly make a new key,
// which would orphan every subscription.
VapidKey load_or_create_vapid_key(const std::filesystem::path& data_dir);
inline constexpr std::string_view kVapidKeyFile = "vapid.pem";

// The contact a push service may use (RFC 8292 §2.1): a "mailto:" or "https:" URI, printable
// ASCII without spaces, at most 256 characters.
bool valid_vapid_subject(std::string_view subject);

// The signed token: header {"typ":"JWT","alg":"ES256"}, claims {"aud", "exp", "sub"}. nullopt
// unless the audience is an origin, the subject valid_vapid_subject and exp at most 24 hours after
// now.
std::optional<std::string> vapid_jwt(const VapidKey& key, std::string_view audience,
                                     std::string_view subject, int64_t expires_at, int64_t now);

// The Authorization header's value for a push to `endpoint` (RFC 8292 §3):
// "vapid t=<JWT>, k=<public key>", the audience the endpoint's origin, expiring `lifetime` seconds
// after `now` (at most 24 hours). nullopt when the endpoint or subject is not valid.
std::optional<std::string> vapid_authorization(const VapidKey& key, std::string_view endpoint,
                                               std::string_view subject, int64_t now,
                                               int64_t lifetime = kVapidLifetimeSeconds);

}  // namespace kesher::push
