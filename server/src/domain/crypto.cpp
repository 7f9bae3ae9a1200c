#include "domain/crypto.hpp"

#include <openssl/evp.h>
#include <sodium.h>

#include <stdexcept>
#include <vector>

namespace kesher::domain {

void crypto_init() {
  if (sodium_init() < 0) throw std::runtime_error("libsodium failed to initialise");
}

std::string hash_password(std::string_view password) {
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str_alg(out, password.data(), password.size(), kPasswordOpsLimit,
                            kPasswordMemLimit, crypto_pwhash_ALG_ARGON2ID13) != 0) {
    throw std::runtime_error("argon2id ran out of memory");
  }
  return out;
}

bool verify_password(std::string_view password, std::string_view stored_hash) {
  std::string hash(stored_hash);
  return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

void verify_password_decoy(std::string_view password) {
  static const std::string decoy = hash_password("kesher-decoy-password");
  verify_password(password, decoy);
}

namespace {

std::string base64url(const unsigned char* raw, size_t size) {
  std::string out(sodium_base64_ENCODED_LEN(size, sodium_base64_VARIANT_URLSAFE_NO_PADDING), '\0');
  sodium_bin2base64(out.data(), out.size(), raw, size, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  out.resize(std::char_traits<char>::length(out.c_str()));
  return out;
}

}  // namespace

std::string base64url_encode(std::string_view bytes) {
  return base64url(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
}

std::optional<std::string> base64url_decode(std::string_view text) {
  std::string out(text.size() / 4 * 3 + 3, '\0');
  size_t size = 0;
  if (sodium_base642bin(reinterpret_cast<unsigned char*>(out.data()), out.size(), text.data(),
                        text.size(), nullptr, &size, nullptr,
                        sodium_base64_VARIANT_URLSAFE_NO_PADDING) != 0) {
    return std::nullopt;
  }
  out.resize(size);
  return out;
}

std::string random_token(size_t bytes) {
  std::vector<unsigned char> raw(bytes);
  randombytes_buf(raw.data(), raw.size());
  return base64url(raw.data(), raw.size());
}

namespace {

void hmac_sha256(std::string_view key, std::string_view message,
                 unsigned char (&mac)[crypto_auth_hmacsha256_BYTES]) {
  crypto_auth_hmacsha256_state state;
  crypto_auth_hmacsha256_init(&state, reinterpret_cast<const unsigned char*>(key.data()),
                              key.size());
  crypto_auth_hmacsha256_update(&state, reinterpret_cast<const unsigned char*>(message.data()),
                                message.size());
  crypto_auth_hmacsha256_final(&state, mac);
}

}  // namespace

std::string hmac_sha256_base64url(std::string_view key, std::string_view message) {
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  hmac_sha256(key, message, mac);
  return base64url(mac, sizeof mac);
}

std::string hmac_sha256_hex(std::string_view key, std::string_view message) {
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  hmac_sha256(key, message, mac);
  char hex[crypto_auth_hmacsha256_BYTES * 2 + 1];
  sodium_bin2hex(hex, sizeof hex, mac, sizeof mac);
  return hex;
}

std::string sha256_hex(std::string_view data) {
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(data.data()), data.size());
  char hex[crypto_hash_sha256_BYTES * 2 + 1];
  sodium_bin2hex(hex, sizeof hex, digest, sizeof digest);
  return hex;
}

std::string sha1_hex(std::string_view data) {
  // libsodium has no SHA-1.
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (EVP_Digest(data.data(), data.size(), digest, &length, EVP_sha1(), nullptr) != 1) {
    throw std::runtime_error("SHA-1 failed");
  }
  std::string hex(2 * length + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), digest, length);
  hex.pop_back();
  return hex;
}

bool constant_time_equal(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  return sodium_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace kesher::domain
