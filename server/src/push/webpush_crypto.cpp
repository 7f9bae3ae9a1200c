#include "push/webpush_crypto.hpp"

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/rand.h>

#include <memory>
#include <optional>

namespace kesher::push {

namespace {

constexpr size_t kKeyBytes = 16;             // AES-128
constexpr size_t kNonceBytes = 12;           // GCM's 96-bit IV
constexpr char kLastRecordDelimiter = 0x02;  // RFC 8188 §2: the final record's padding starts 0x02

struct PkeyCtxFree {
  void operator()(EVP_PKEY_CTX* context) const { EVP_PKEY_CTX_free(context); }
};
struct CipherCtxFree {
  void operator()(EVP_CIPHER_CTX* context) const { EVP_CIPHER_CTX_free(context); }
};

// Key material is wiped when it goes out of scope.
struct Secret {
  std::string bytes;
  explicit Secret(std::string value) : bytes(std::move(value)) {}
  Secret(const Secret&) = delete;
  Secret& operator=(const Secret&) = delete;
  ~Secret() { OPENSSL_cleanse(bytes.data(), bytes.size()); }
};

const unsigned char* raw(std::string_view bytes) {
  return reinterpret_cast<const unsigned char*>(bytes.data());
}

// HKDF-SHA-256 (RFC 5869), extract and expand in one.
std::optional<std::string> hkdf(std::string_view salt, std::string_view key, std::string_view info,
                                size_t length) {
  std::unique_ptr<EVP_PKEY_CTX, PkeyCtxFree> context(EVP_PKEY_CTX_new_id(EVP_PKEY_HKDF, nullptr));
  std::string out(length, '\0');
  size_t size = length;
  if (!context || EVP_PKEY_derive_init(context.get()) != 1 ||
      EVP_PKEY_CTX_set_hkdf_md(context.get(), EVP_sha256()) != 1 ||
      EVP_PKEY_CTX_set1_hkdf_salt(context.get(), raw(salt), static_cast<int>(salt.size())) != 1 ||
      EVP_PKEY_CTX_set1_hkdf_key(context.get(), raw(key), static_cast<int>(key.size())) != 1 ||
      EVP_PKEY_CTX_add1_hkdf_info(context.get(), raw(info), static_cast<int>(info.size())) != 1 ||
      EVP_PKEY_derive(context.get(), reinterpret_cast<unsigned char*>(out.data()), &size) != 1 ||
      size != length) {
    return std::nullopt;
  }
  return out;
}

std::optional<std::string> aes128gcm_seal(std::string_view key, std::string_view nonce,
                                          std::string_view record) {
  std::unique_ptr<EVP_CIPHER_CTX, CipherCtxFree> context(EVP_CIPHER_CTX_new());
  std::string sealed(record.size() + kTagBytes, '\0');
  auto* out = reinterpret_cast<unsigned char*>(sealed.data());
  int written = 0;
  int final_written = 0;
  if (!context ||
      EVP_EncryptInit_ex(context.get(), EVP_aes_128_gcm(), nullptr, raw(key), raw(nonce)) != 1 ||
      EVP_EncryptUpdate(context.get(), out, &written, raw(record),
                        static_cast<int>(record.size())) != 1 ||
      EVP_EncryptFinal_ex(context.get(), out + written, &final_written) != 1 ||
      static_cast<size_t>(written + final_written) != record.size() ||
      EVP_CIPHER_CTX_ctrl(context.get(), EVP_CTRL_GCM_GET_TAG, kTagBytes, out + record.size()) !=
          1) {
    return std::nullopt;
  }
  return sealed;
}

void append_uint32(std::string& out, uint32_t value) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<char>(value >> shift));
}

Encrypted fail(EncryptError error) {
  ERR_clear_error();
  return {{}, error};
}

EncryptError check_inputs(std::string_view plaintext, std::string_view auth_secret,
                          uint32_t record_size) {
  if (auth_secret.size() != kAuthSecretBytes) return EncryptError::invalid_auth_secret;
  if (plaintext.size() > kMaxPlaintextBytes) return EncryptError::payload_too_large;
  // One record (RFC 8291 §4), and rs must exceed what it holds: message, delimiter and tag.
  if (record_size <= plaintext.size() + 1 + kTagBytes) return EncryptError::invalid_record_size;
  return EncryptError::none;
}

// RFC 8291 §3.3-3.4 and RFC 8188 §2.2-2.3, for a sender key that is already checked.
Encrypted seal(std::string_view plaintext, const EVP_PKEY& ua_key, std::string_view ua_public,
               std::string_view auth_secret, const EVP_PKEY& sender_key,
               std::string_view sender_public, std::string_view salt, uint32_t record_size) {
  auto shared = p256_ecdh(sender_key, ua_key);
  if (!shared) return fail(EncryptError::crypto_failure);
  Secret ecdh_secret(std::move(*shared));

  // IKM = HKDF(salt = auth_secret, key = ecdh_secret, "WebPush: info\0" | ua_public | as_public)
  std::string key_info("WebPush: info\0", 14);
  key_info.append(ua_public).append(sender_public);
  auto ikm = hkdf(auth_secret, ecdh_secret.bytes, key_info, 32);
  if (!ikm) return fail(EncryptError::crypto_failure);
  Secret input_key(std::move(*ikm));

  auto cek =
      hkdf(salt, input_key.bytes, std::string_view("Content-Encoding: aes128gcm\0", 28), kKeyBytes);
  auto nonce =
      hkdf(salt, input_key.bytes, std::string_view("Content-Encoding: nonce\0", 24), kNonceBytes);
  if (!cek || !nonce) return fail(EncryptError::crypto_failure);
  Secret content_key(std::move(*cek));

  // The only record is the last one, sequence number 0: its nonce is NONCE itself.
  std::string record;
  record.reserve(plaintext.size() + 1);
  record.append(plaintext).push_back(kLastRecordDelimiter);
  auto sealed = aes128gcm_seal(content_key.bytes, *nonce, record);
  OPENSSL_cleanse(record.data(), record.size());
  if (!sealed) return fail(EncryptError::crypto_failure);

  Encrypted result;
  result.body.reserve(kHeaderBytes + sealed->size());
  result.body.append(salt);
  append_uint32(result.body, record_size);
  result.body.push_back(static_cast<char>(kP256PointBytes));
  result.body.append(sender_public);
  result.body.append(*sealed);
  return result;
}

}  // namespace

std::string_view describe(EncryptError error) {
  switch (error) {
    case EncryptError::none:
      return "none";
    case EncryptError::invalid_ua_public_key:
      return "invalid p256dh key";
    case EncryptError::invalid_auth_secret:
      return "invalid auth secret";
    case EncryptError::invalid_sender_key:
      return "invalid sender key";
    case EncryptError::invalid_salt:
      return "invalid salt";
    case EncryptError::invalid_record_size:
      return "record size too small";
    case EncryptError::payload_too_large:
      return "payload too large";
    case EncryptError::crypto_failure:
      return "crypto failure";
  }
  return "unknown";
}

Encrypted encrypt_aes128gcm(std::string_view plaintext, std::string_view ua_public_key,
                            std::string_view auth_secret, uint32_t record_size) {
  if (auto error = check_inputs(plaintext, auth_secret, record_size); error != EncryptError::none) {
    return fail(error);
  }
  Pkey ua_key = p256_public_key(ua_public_key);
  if (!ua_key) return fail(EncryptError::invalid_ua_public_key);
  Pkey sender_key = p256_generate();
  auto sender_public = sender_key ? p256_point(*sender_key) : std::nullopt;
  std::string salt(kSaltBytes, '\0');
  if (!sender_public || RAND_bytes(reinterpret_cast<unsigned char*>(salt.data()),
                                   static_cast<int>(salt.size())) != 1) {
    return fail(EncryptError::crypto_failure);
  }
  return seal(plaintext, *ua_key, ua_public_key, auth_secret, *sender_key, *sender_public, salt,
              record_size);
}

Encrypted encrypt_aes128gcm(std::string_view plaintext, std::string_view ua_public_key,
                            std::string_view auth_secret, const SenderSecrets& sender,
                            uint32_t record_size) {
  if (auto error = check_inputs(plaintext, auth_secret, record_size); error != EncryptError::none) {
    return fail(error);
  }
  if (sender.salt.size() != kSaltBytes) return fail(EncryptError::invalid_salt);
  Pkey ua_key = p256_public_key(ua_public_key);
  if (!ua_key) return fail(EncryptError::invalid_ua_public_key);
  Pkey sender_key = p256_key_pair(sender.private_key, sender.public_key);
  if (!sender_key) return fail(EncryptError::invalid_sender_key);
  return seal(plaintext, *ua_key, ua_public_key, auth_secret, *sender_key, sender.public_key,
              sender.salt, record_size);
}

}  // namespace kesher::push
