#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "push/p256.hpp"

// Message encryption for Web Push (RFC 8291) in the "aes128gcm" content coding (RFC 8188): the
// body of the POST to a member's push service, readable only by their browser. Pure: no I/O, and
// bad keys (they come from a browser's subscription, docs/decisions/0013) are an error value,
// never an exception.
namespace kesher::push {

inline constexpr size_t kSaltBytes = 16;
inline constexpr size_t kAuthSecretBytes = 16;
inline constexpr size_t kTagBytes = 16;  // AES-GCM's tag, after each record
inline constexpr uint32_t kDefaultRecordSize = 4096;
// salt | rs (uint32) | idlen (uint8) | keyid (the sender's point): RFC 8188 §2.1, RFC 8291 §4.
inline constexpr size_t kHeaderBytes = kSaltBytes + 4 + 1 + kP256PointBytes;
// Push services must take bodies of 4096 bytes and need not take more (RFC 8291 §4): 3993 bytes
// of message once the header, the padding delimiter and the tag are counted.
inline constexpr size_t kMaxBodyBytes = 4096;
inline constexpr size_t kMaxPlaintextBytes = kMaxBodyBytes - kHeaderBytes - 1 - kTagBytes;

enum class EncryptError {
  none,
  invalid_ua_public_key,  // not 65 bytes, not uncompressed, or not on the curve
  invalid_auth_secret,    // not 16 bytes
  invalid_sender_key,     // the injected key pair is malformed or its halves do not match
  invalid_salt,           // the injected salt is not 16 bytes
  invalid_record_size,    // the message does not fit in one record of that size
  payload_too_large,      // over kMaxPlaintextBytes
  crypto_failure,         // OpenSSL failed (out of memory, no randomness)
};
std::string_view describe(EncryptError error);

struct Encrypted {
  std::string body;  // empty unless error is none
  EncryptError error = EncryptError::none;
  explicit operator bool() const { return error == EncryptError::none; }
};

// What the RFC leaves to the sender, made fresh for every message; tests inject fixed ones.
struct SenderSecrets {
  std::string_view private_key;  // 32-byte scalar
  std::string_view public_key;   // its 65-byte uncompressed point
  std::string_view salt;         // 16 bytes
};

// Encrypts `plaintext` for the browser whose subscription holds `ua_public_key` (p256dh, 65 bytes)
// and `auth_secret` (16 bytes), as one record of at most `record_size` bytes with no padding but
// the delimiter. A fresh ephemeral key and salt every call: never reuse them across messages.
Encrypted encrypt_aes128gcm(std::string_view plaintext, std::string_view ua_public_key,
                            std::string_view auth_secret,
                            uint32_t record_size = kDefaultRecordSize);
// The same with the sender's key pair and salt given: deterministic, for the RFC's example.
Encrypted encrypt_aes128gcm(std::string_view plaintext, std::string_view ua_public_key,
                            std::string_view auth_secret, const SenderSecrets& sender,
                            uint32_t record_size = kDefaultRecordSize);

}  // namespace kesher::push
