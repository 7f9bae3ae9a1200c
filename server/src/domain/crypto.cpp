#include "domain/crypto.hpp"

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

std::string random_token(size_t bytes) {
  std::vector<unsigned char> raw(bytes);
  randombytes_buf(raw.data(), raw.size());
  std::string out(sodium_base64_ENCODED_LEN(bytes, sodium_base64_VARIANT_URLSAFE_NO_PADDING), '\0');
  sodium_bin2base64(out.data(), out.size(), raw.data(), raw.size(),
                    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  out.resize(std::char_traits<char>::length(out.c_str()));
  return out;
}

std::string sha256_hex(std::string_view data) {
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(data.data()), data.size());
  char hex[crypto_hash_sha256_BYTES * 2 + 1];
  sodium_bin2hex(hex, sizeof hex, digest, sizeof digest);
  return hex;
}

bool constant_time_equal(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  return sodium_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace kesher::domain
