#include "push/p256.hpp"

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>

#include <cstring>

namespace kesher::push {

namespace {

constexpr const char* kGroupName = "prime256v1";  // OpenSSL's name for P-256 (secp256r1)

struct PkeyCtxFree {
  void operator()(EVP_PKEY_CTX* context) const { EVP_PKEY_CTX_free(context); }
};
using PkeyCtx = std::unique_ptr<EVP_PKEY_CTX, PkeyCtxFree>;

struct BignumFree {
  void operator()(BIGNUM* number) const { BN_clear_free(number); }
};
struct ParamBuildFree {
  void operator()(OSSL_PARAM_BLD* builder) const { OSSL_PARAM_BLD_free(builder); }
};
struct ParamsFree {
  void operator()(OSSL_PARAM* params) const { OSSL_PARAM_free(params); }
};

// A failed OpenSSL call leaves entries on the thread's error queue; an answer of "no" must not
// leave them for the next caller on this worker thread.
Pkey refuse() {
  ERR_clear_error();
  return nullptr;
}

bool starts_uncompressed(std::string_view point) {
  return point.size() == kP256PointBytes && static_cast<unsigned char>(point[0]) == 0x04;
}

Pkey from_params(const OSSL_PARAM* params, int selection) {
  PkeyCtx context(EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr));
  EVP_PKEY* key = nullptr;
  if (!context || EVP_PKEY_fromdata_init(context.get()) != 1 ||
      EVP_PKEY_fromdata(context.get(), &key, selection, const_cast<OSSL_PARAM*>(params)) != 1) {
    return refuse();
  }
  return Pkey(key);
}

// Public keys: on the curve and not the point at infinity. Key pairs: that too, a scalar in
// range, and the point is the scalar's.
bool valid(EVP_PKEY* key, bool with_private) {
  PkeyCtx context(EVP_PKEY_CTX_new_from_pkey(nullptr, key, nullptr));
  if (!context) return false;
  return (with_private ? EVP_PKEY_check(context.get()) : EVP_PKEY_public_check(context.get())) == 1;
}

}  // namespace

void PkeyFree::operator()(EVP_PKEY* key) const {
  EVP_PKEY_free(key);
}

Pkey p256_public_key(std::string_view point) {
  if (!starts_uncompressed(point)) return nullptr;
  std::string group = kGroupName;
  std::string bytes(point);
  OSSL_PARAM params[] = {
      OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, group.data(), 0),
      OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, bytes.data(), bytes.size()),
      OSSL_PARAM_construct_end()};
  Pkey key = from_params(params, EVP_PKEY_PUBLIC_KEY);
  if (!key || !valid(key.get(), false)) return refuse();
  return key;
}

Pkey p256_key_pair(std::string_view scalar, std::string_view point) {
  if (scalar.size() != kP256ScalarBytes || !starts_uncompressed(point)) return nullptr;
  std::unique_ptr<BIGNUM, BignumFree> secret(
      BN_bin2bn(reinterpret_cast<const unsigned char*>(scalar.data()), kP256ScalarBytes, nullptr));
  std::unique_ptr<OSSL_PARAM_BLD, ParamBuildFree> builder(OSSL_PARAM_BLD_new());
  if (!secret || !builder ||
      OSSL_PARAM_BLD_push_utf8_string(builder.get(), OSSL_PKEY_PARAM_GROUP_NAME, kGroupName, 0) !=
          1 ||
      OSSL_PARAM_BLD_push_BN(builder.get(), OSSL_PKEY_PARAM_PRIV_KEY, secret.get()) != 1 ||
      OSSL_PARAM_BLD_push_octet_string(builder.get(), OSSL_PKEY_PARAM_PUB_KEY, point.data(),
                                       point.size()) != 1) {
    return refuse();
  }
  std::unique_ptr<OSSL_PARAM, ParamsFree> params(OSSL_PARAM_BLD_to_param(builder.get()));
  if (!params) return refuse();
  Pkey key = from_params(params.get(), EVP_PKEY_KEYPAIR);
  if (!key || !valid(key.get(), true)) return refuse();
  return key;
}

Pkey p256_generate() {
  EVP_PKEY* key = EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256");
  if (!key) return refuse();
  return Pkey(key);
}

std::optional<std::string> p256_point(const EVP_PKEY& key) {
  char group[32] = {};
  size_t group_size = 0;
  if (!EVP_PKEY_is_a(&key, "EC") ||
      EVP_PKEY_get_utf8_string_param(&key, OSSL_PKEY_PARAM_GROUP_NAME, group, sizeof group,
                                     &group_size) != 1 ||
      std::strcmp(group, kGroupName) != 0) {
    ERR_clear_error();
    return std::nullopt;
  }
  // The encoding follows the key's own preference: keys made here prefer uncompressed points, and a
  // key that prefers compressed ones (33 bytes) is refused rather than silently re-encoded.
  std::string point(kP256PointBytes, '\0');
  size_t size = 0;
  if (EVP_PKEY_get_octet_string_param(&key, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY,
                                      reinterpret_cast<unsigned char*>(point.data()), point.size(),
                                      &size) != 1 ||
      size != kP256PointBytes || !starts_uncompressed(point)) {
    ERR_clear_error();
    return std::nullopt;
  }
  return point;
}

bool is_p256_private_key(const EVP_PKEY& key) {
  if (!p256_point(key)) return false;
  BIGNUM* secret = nullptr;
  bool has = EVP_PKEY_get_bn_param(&key, OSSL_PKEY_PARAM_PRIV_KEY, &secret) == 1;
  BN_clear_free(secret);
  if (!has) ERR_clear_error();
  return has;
}

std::optional<std::string> p256_ecdh(const EVP_PKEY& own, const EVP_PKEY& peer) {
  PkeyCtx context(EVP_PKEY_CTX_new_from_pkey(nullptr, const_cast<EVP_PKEY*>(&own), nullptr));
  std::string secret(kP256ScalarBytes, '\0');
  size_t size = secret.size();
  // set_peer validates the peer's point once more; cheap next to the derivation.
  if (!context || EVP_PKEY_derive_init(context.get()) != 1 ||
      EVP_PKEY_derive_set_peer(context.get(), const_cast<EVP_PKEY*>(&peer)) != 1 ||
      EVP_PKEY_derive(context.get(), reinterpret_cast<unsigned char*>(secret.data()), &size) != 1 ||
      size != kP256ScalarBytes) {
    ERR_clear_error();
    return std::nullopt;
  }
  return secret;
}

}  // namespace kesher::push
