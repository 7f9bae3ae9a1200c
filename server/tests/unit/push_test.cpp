// Web Push building blocks (server/src/push, docs/decisions/0013-web-push.md): message encryption
// against RFC 8291's worked example, VAPID tokens checked with OpenSSL's own verification, the
// key file, and the subscription parser's accept and reject cases.
#include <gtest/gtest.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/pem.h>
#include <sys/stat.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <memory>

#include "domain/crypto.hpp"
#include "protocol/errors.hpp"
#include "push/p256.hpp"
#include "push/subscription.hpp"
#include "push/vapid.hpp"
#include "push/webpush_crypto.hpp"
#include "support/files.hpp"

using namespace kesher;
using namespace kesher::push;
namespace fs = std::filesystem;
using kesher::testing::read_file;

namespace {

std::string b64(std::string_view text) {
  auto bytes = domain::base64url_decode(text);
  EXPECT_TRUE(bytes.has_value()) << text;
  return bytes.value_or("");
}

// RFC 8291 Appendix A: inputs, intermediate values and the body, as the RFC prints them.
namespace rfc {
constexpr std::string_view kPlaintext = "When I grow up, I want to be a watermelon";
constexpr std::string_view kAsPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw";
constexpr std::string_view kAsPublic =
    "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8";
constexpr std::string_view kUaPrivate = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94";
constexpr std::string_view kUaPublic =
    "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";
constexpr std::string_view kSalt = "DGv6ra1nlYgDCS1FRnbzlw";
constexpr std::string_view kAuthSecret = "BTBZMqHH6r4Tts7J_aSIgg";
constexpr std::string_view kEcdhSecret = "kyrL1jIIOHEzg3sM2ZWRHDRB62YACZhhSlknJ672kSs";
constexpr std::string_view kPrkKey = "Snr3JMxaHVDXHWJn5wdC52WjpCtd2EIEGBykDcZW32k";
constexpr std::string_view kIkm = "S4lYMb_L0FxCeq0WhDx813KgSYqU26kOyzWUdsXYyrg";
constexpr std::string_view kPrk = "09_eUZGrsvxChDCGRCdkLiDXrReGOEVeSCdCcPBSJSc";
constexpr std::string_view kCek = "oIhVW04MRdy2XN9CiKLxTg";
constexpr std::string_view kNonce = "4h_95klXJ5E_qnoN";
constexpr std::string_view kBody =
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_"
    "c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6Tlz"
    "AC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-"
    "fN";
}  // namespace rfc

// --- The receiving browser, written for the test only: HKDF spelled out as HMACs the way RFC 8291
// §3.4 writes it (not through the code under test), then AES-128-GCM open and unpad.

std::string hmac_sha256(std::string_view key, std::string_view message) {
  unsigned char mac[32];
  unsigned int size = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
       reinterpret_cast<const unsigned char*>(message.data()), message.size(), mac, &size);
  return std::string(reinterpret_cast<char*>(mac), size);
}

// HKDF-Expand for one block (L <= 32): T(1) = HMAC(PRK, info | 0x01).
std::string expand(std::string_view prk, std::string_view info, size_t length) {
  std::string input(info);
  input.push_back('\x01');
  return hmac_sha256(prk, input).substr(0, length);
}

struct Derived {
  std::string ecdh_secret, prk_key, ikm, prk, cek, nonce;
};

struct Opened {
  std::string plaintext;
  uint32_t record_size = 0;
  std::string sender_public;
  Derived derived;
};

std::optional<Opened> decrypt(std::string_view body, std::string_view ua_private,
                              std::string_view ua_public, std::string_view auth_secret) {
  if (body.size() < kHeaderBytes + kTagBytes + 1) return std::nullopt;
  Opened opened;
  std::string_view salt = body.substr(0, 16);
  for (int i = 0; i < 4; ++i) {
    opened.record_size = opened.record_size << 8 | static_cast<unsigned char>(body[16 + i]);
  }
  if (static_cast<unsigned char>(body[20]) != kP256PointBytes) return std::nullopt;
  opened.sender_public = std::string(body.substr(21, kP256PointBytes));
  std::string_view sealed = body.substr(kHeaderBytes);
  if (sealed.size() > opened.record_size) return std::nullopt;  // one record only

  Pkey own = p256_key_pair(ua_private, ua_public);
  Pkey sender = p256_public_key(opened.sender_public);
  if (!own || !sender) return std::nullopt;
  Derived& d = opened.derived;
  d.ecdh_secret = p256_ecdh(*own, *sender).value_or("");
  d.prk_key = hmac_sha256(auth_secret, d.ecdh_secret);
  std::string key_info("WebPush: info\0", 14);
  key_info.append(ua_public).append(opened.sender_public);
  d.ikm = expand(d.prk_key, key_info, 32);
  d.prk = hmac_sha256(salt, d.ikm);
  d.cek = expand(d.prk, std::string_view("Content-Encoding: aes128gcm\0", 28), 16);
  d.nonce = expand(d.prk, std::string_view("Content-Encoding: nonce\0", 24), 12);

  std::string_view ciphertext = sealed.substr(0, sealed.size() - kTagBytes);
  std::string tag(sealed.substr(ciphertext.size()));
  std::string record(ciphertext.size(), '\0');
  std::unique_ptr<EVP_CIPHER_CTX, decltype(&EVP_CIPHER_CTX_free)> context(EVP_CIPHER_CTX_new(),
                                                                          EVP_CIPHER_CTX_free);
  int written = 0;
  int final_written = 0;
  auto* out = reinterpret_cast<unsigned char*>(record.data());
  if (EVP_DecryptInit_ex(context.get(), EVP_aes_128_gcm(), nullptr,
                         reinterpret_cast<const unsigned char*>(d.cek.data()),
                         reinterpret_cast<const unsigned char*>(d.nonce.data())) != 1 ||
      EVP_DecryptUpdate(context.get(), out, &written,
                        reinterpret_cast<const unsigned char*>(ciphertext.data()),
                        static_cast<int>(ciphertext.size())) != 1 ||
      EVP_CIPHER_CTX_ctrl(context.get(), EVP_CTRL_GCM_SET_TAG, kTagBytes, tag.data()) != 1 ||
      EVP_DecryptFinal_ex(context.get(), out + written, &final_written) != 1) {
    return std::nullopt;
  }
  // RFC 8188 §2: zeros of padding after the delimiter, which is 0x02 in the last record.
  size_t end = record.find_last_not_of('\0');
  if (end == std::string::npos || record[end] != '\x02') return std::nullopt;
  opened.plaintext = record.substr(0, end);
  return opened;
}

struct Browser {
  std::string private_key, public_key, auth_secret;
};

Browser new_browser() {
  Pkey key = p256_generate();
  Browser browser;
  browser.public_key = p256_point(*key).value();
  BIGNUM* scalar = nullptr;
  EXPECT_EQ(EVP_PKEY_get_bn_param(key.get(), OSSL_PKEY_PARAM_PRIV_KEY, &scalar), 1);
  browser.private_key.assign(32, '\0');
  BN_bn2binpad(scalar, reinterpret_cast<unsigned char*>(browser.private_key.data()), 32);
  BN_clear_free(scalar);
  browser.auth_secret = std::string("0123456789abcdef");
  return browser;
}

SenderSecrets rfc_sender(const std::string& as_private, const std::string& as_public,
                         const std::string& salt) {
  return {as_private, as_public, salt};
}

}  // namespace

TEST(WebPushCrypto, ReproducesTheRfc8291ExampleByteForByte) {
  const std::string as_private = b64(rfc::kAsPrivate), as_public = b64(rfc::kAsPublic);
  const std::string salt = b64(rfc::kSalt);
  auto encrypted = encrypt_aes128gcm(rfc::kPlaintext, b64(rfc::kUaPublic), b64(rfc::kAuthSecret),
                                     rfc_sender(as_private, as_public, salt));
  ASSERT_TRUE(encrypted) << describe(encrypted.error);
  EXPECT_EQ(domain::base64url_encode(encrypted.body), rfc::kBody);
  EXPECT_EQ(encrypted.body, b64(rfc::kBody));
  EXPECT_EQ(encrypted.body.size(), kHeaderBytes + rfc::kPlaintext.size() + 1 + kTagBytes);
}

TEST(WebPushCrypto, TheReceiverOfTheRfcExampleDerivesTheRfcsIntermediateValues) {
  auto opened =
      decrypt(b64(rfc::kBody), b64(rfc::kUaPrivate), b64(rfc::kUaPublic), b64(rfc::kAuthSecret));
  ASSERT_TRUE(opened);
  EXPECT_EQ(opened->plaintext, rfc::kPlaintext);
  EXPECT_EQ(opened->record_size, 4096u);
  EXPECT_EQ(opened->sender_public, b64(rfc::kAsPublic));
  EXPECT_EQ(domain::base64url_encode(opened->derived.ecdh_secret), rfc::kEcdhSecret);
  EXPECT_EQ(domain::base64url_encode(opened->derived.prk_key), rfc::kPrkKey);
  EXPECT_EQ(domain::base64url_encode(opened->derived.ikm), rfc::kIkm);
  EXPECT_EQ(domain::base64url_encode(opened->derived.prk), rfc::kPrk);
  EXPECT_EQ(domain::base64url_encode(opened->derived.cek), rfc::kCek);
  EXPECT_EQ(domain::base64url_encode(opened->derived.nonce), rfc::kNonce);
}

TEST(WebPushCrypto, AFreshMessageOpensWithTheBrowsersPrivateKey) {
  Browser browser = new_browser();
  const std::string message = R"({"title":"שלום","body":"Neue Nachricht"})";
  auto first = encrypt_aes128gcm(message, browser.public_key, browser.auth_secret);
  auto second = encrypt_aes128gcm(message, browser.public_key, browser.auth_secret);
  ASSERT_TRUE(first) << describe(first.error);
  ASSERT_TRUE(second);
  auto opened = decrypt(first.body, browser.private_key, browser.public_key, browser.auth_secret);
  ASSERT_TRUE(opened);
  EXPECT_EQ(opened->plaintext, message);
  EXPECT_EQ(opened->record_size, kDefaultRecordSize);
  // A new salt and a new sender key for every message.
  EXPECT_NE(first.body.substr(0, 16), second.body.substr(0, 16));
  EXPECT_NE(first.body.substr(21, 65), second.body.substr(21, 65));
  ASSERT_TRUE(p256_public_key(first.body.substr(21, 65)));

  // Another browser's keys open nothing; a flipped byte fails authentication.
  Browser other = new_browser();
  EXPECT_FALSE(decrypt(first.body, other.private_key, other.public_key, browser.auth_secret));
  EXPECT_FALSE(decrypt(first.body, browser.private_key, browser.public_key, "fedcba9876543210"));
  std::string tampered = first.body;
  tampered[kHeaderBytes + 3] ^= 0x01;
  EXPECT_FALSE(decrypt(tampered, browser.private_key, browser.public_key, browser.auth_secret));
}

TEST(WebPushCrypto, TheLargestMessageFillsTheFourKilobytesPushServicesMustTake) {
  Browser browser = new_browser();
  ASSERT_EQ(kMaxPlaintextBytes, 3993u);
  const std::string largest(kMaxPlaintextBytes, 'x');
  auto encrypted = encrypt_aes128gcm(largest, browser.public_key, browser.auth_secret);
  ASSERT_TRUE(encrypted);
  EXPECT_EQ(encrypted.body.size(), kMaxBodyBytes);
  auto opened =
      decrypt(encrypted.body, browser.private_key, browser.public_key, browser.auth_secret);
  ASSERT_TRUE(opened);
  EXPECT_EQ(opened->plaintext, largest);
  EXPECT_EQ(encrypt_aes128gcm(largest + "x", browser.public_key, browser.auth_secret).error,
            EncryptError::payload_too_large);

  auto empty = encrypt_aes128gcm("", browser.public_key, browser.auth_secret);
  ASSERT_TRUE(empty);
  EXPECT_EQ(
      decrypt(empty.body, browser.private_key, browser.public_key, browser.auth_secret)->plaintext,
      "");
}

TEST(WebPushCrypto, ARecordSizeMustExceedTheMessageDelimiterAndTag) {
  Browser browser = new_browser();
  const std::string message(100, 'm');
  EXPECT_EQ(encrypt_aes128gcm(message, browser.public_key, browser.auth_secret, 117).error,
            EncryptError::invalid_record_size);
  auto fits = encrypt_aes128gcm(message, browser.public_key, browser.auth_secret, 118);
  ASSERT_TRUE(fits);
  EXPECT_EQ(
      decrypt(fits.body, browser.private_key, browser.public_key, browser.auth_secret)->record_size,
      118u);
}

TEST(WebPushCrypto, BadKeysAreErrorsNotExceptions) {
  Browser browser = new_browser();
  const std::string point = browser.public_key;
  std::string off_curve = point;
  off_curve[64] ^= 0x01;  // y changed: almost surely not on the curve
  std::string compressed = point.substr(0, 33);
  compressed[0] = 0x02;
  std::string hybrid = point;
  hybrid[0] = 0x06;
  const std::string infinity("\x00", 1);
  for (const std::string& bad :
       {std::string(), std::string(65, '\0'), off_curve, compressed, hybrid, infinity,
        point.substr(0, 64), point + "x", std::string(65, '\xff')}) {
    EXPECT_EQ(encrypt_aes128gcm("hi", bad, browser.auth_secret).error,
              EncryptError::invalid_ua_public_key);
    EXPECT_FALSE(p256_public_key(bad));
  }
  // Refusals leave nothing on OpenSSL's error queue for the thread's next TLS call to trip on.
  EXPECT_EQ(ERR_peek_error(), 0u);
  EXPECT_EQ(encrypt_aes128gcm("hi", point, "short").error, EncryptError::invalid_auth_secret);
  EXPECT_EQ(encrypt_aes128gcm("hi", point, std::string(17, 'a')).error,
            EncryptError::invalid_auth_secret);

  // An injected sender key whose halves do not belong together, or a salt of the wrong size.
  const std::string as_private = b64(rfc::kAsPrivate), as_public = b64(rfc::kAsPublic);
  const std::string salt = b64(rfc::kSalt);
  EXPECT_EQ(encrypt_aes128gcm("hi", point, browser.auth_secret,
                              rfc_sender(as_private, b64(rfc::kUaPublic), salt))
                .error,
            EncryptError::invalid_sender_key);
  EXPECT_EQ(encrypt_aes128gcm("hi", point, browser.auth_secret,
                              rfc_sender(std::string(32, '\0'), as_public, salt))
                .error,
            EncryptError::invalid_sender_key);
  EXPECT_EQ(encrypt_aes128gcm("hi", point, browser.auth_secret,
                              rfc_sender(as_private, as_public, salt.substr(1)))
                .error,
            EncryptError::invalid_salt);
}

// --- VAPID

namespace {

struct Jwt {
  boost::json::object header, claims;
  std::string signing_input, signature;
};

std::optional<Jwt> split_jwt(std::string_view token) {
  size_t first = token.find('.');
  size_t second = token.find('.', first + 1);
  if (first == std::string_view::npos || second == std::string_view::npos) return std::nullopt;
  Jwt jwt;
  jwt.header = boost::json::parse(b64(token.substr(0, first))).as_object();
  jwt.claims = boost::json::parse(b64(token.substr(first + 1, second - first - 1))).as_object();
  jwt.signing_input = std::string(token.substr(0, second));
  jwt.signature = b64(token.substr(second + 1));
  return jwt;
}

// The JOSE signature (r | s) turned back into DER and checked by OpenSSL with the public point
// alone, as a push service does.
bool verify_es256(std::string_view public_point, std::string_view message, std::string_view jose) {
  if (jose.size() != 64) return false;
  Pkey key = p256_public_key(public_point);
  if (!key) return false;
  ECDSA_SIG* signature = ECDSA_SIG_new();
  BIGNUM* r = BN_bin2bn(reinterpret_cast<const unsigned char*>(jose.data()), 32, nullptr);
  BIGNUM* s = BN_bin2bn(reinterpret_cast<const unsigned char*>(jose.data()) + 32, 32, nullptr);
  ECDSA_SIG_set0(signature, r, s);
  unsigned char* der = nullptr;
  int der_size = i2d_ECDSA_SIG(signature, &der);
  ECDSA_SIG_free(signature);
  EVP_MD_CTX* context = EVP_MD_CTX_new();
  bool ok =
      EVP_DigestVerifyInit(context, nullptr, EVP_sha256(), nullptr, key.get()) == 1 &&
      EVP_DigestVerify(context, der, static_cast<size_t>(der_size),
                       reinterpret_cast<const unsigned char*>(message.data()), message.size()) == 1;
  EVP_MD_CTX_free(context);
  OPENSSL_free(der);
  return ok;
}

class TempFolder {
 public:
  TempFolder() {
    path_ = fs::temp_directory_path() /
            ("kesher-push-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter_++));
    fs::remove_all(path_);
  }
  ~TempFolder() { fs::remove_all(path_); }
  const fs::path& path() const { return path_; }

 private:
  static inline int counter_ = 0;
  fs::path path_;
};

constexpr int64_t kNow = 1'800'000'000;

}  // namespace

TEST(Vapid, TheAuthorizationHeaderCarriesATokenThePublicKeyVerifies) {
  auto key = VapidKey::generate();
  ASSERT_TRUE(key);
  ASSERT_EQ(key->public_key().size(), 65u);
  EXPECT_EQ(key->public_key()[0], '\x04');
  EXPECT_EQ(key->public_key_base64url().size(), 87u);
  EXPECT_EQ(b64(key->public_key_base64url()), key->public_key());

  auto header = vapid_authorization(*key, "https://fcm.googleapis.com/fcm/send/cXyz:APA91b?x=1",
                                    "mailto:ops@kesher.example", kNow);
  ASSERT_TRUE(header);
  const std::string prefix = "vapid t=";
  ASSERT_EQ(header->substr(0, prefix.size()), prefix);
  size_t comma = header->find(", k=");
  ASSERT_NE(comma, std::string::npos);
  EXPECT_EQ(header->substr(comma + 4), key->public_key_base64url());
  auto jwt = split_jwt(std::string_view(*header).substr(prefix.size(), comma - prefix.size()));
  ASSERT_TRUE(jwt);

  EXPECT_EQ(jwt->header, (boost::json::object{{"typ", "JWT"}, {"alg", "ES256"}}));
  EXPECT_EQ(jwt->claims.at("aud").as_string(), "https://fcm.googleapis.com");
  EXPECT_EQ(jwt->claims.at("sub").as_string(), "mailto:ops@kesher.example");
  EXPECT_EQ(jwt->claims.at("exp").as_int64(), kNow + kVapidLifetimeSeconds);
  EXPECT_EQ(jwt->claims.size(), 3u);
  ASSERT_EQ(jwt->signature.size(), 64u);
  EXPECT_TRUE(verify_es256(key->public_key(), jwt->signing_input, jwt->signature));

  // The signature is bound to the claims and to this key.
  std::string altered = jwt->signing_input;
  altered.back() ^= 0x01;
  EXPECT_FALSE(verify_es256(key->public_key(), altered, jwt->signature));
  auto other = VapidKey::generate();
  EXPECT_FALSE(verify_es256(other->public_key(), jwt->signing_input, jwt->signature));
}

TEST(Vapid, SignaturesWithShortNumbersKeepTheirSixtyFourBytes) {
  // About one signature in 128 has an r or s under 2^248, which DER writes a byte shorter; JOSE
  // keeps 32 bytes each, with leading zeros. Sign until one turns up (5,000 tries miss it with a
  // chance of 1e-17).
  auto key = VapidKey::generate();
  ASSERT_TRUE(key);
  bool short_number_seen = false;
  for (int i = 0; i < 5000 && !short_number_seen; ++i) {
    std::string message = "message " + std::to_string(i);
    auto signature = key->sign(message);
    ASSERT_TRUE(signature);
    ASSERT_EQ(signature->size(), 64u);
    short_number_seen = (*signature)[0] == '\0' || (*signature)[32] == '\0';
    ASSERT_TRUE(verify_es256(key->public_key(), message, *signature)) << i;
  }
  EXPECT_TRUE(short_number_seen);
}

TEST(Vapid, TheAudienceIsTheEndpointsOrigin) {
  EXPECT_EQ(endpoint_origin("https://updates.push.services.mozilla.com/wpush/v2/gAAAA"),
            "https://updates.push.services.mozilla.com");
  EXPECT_EQ(endpoint_origin("https://Web.Push.Apple.COM:443/QGuQ"), "https://web.push.apple.com");
  EXPECT_EQ(endpoint_origin("HTTPS://push.example:8443/a/b?c#"), std::nullopt);  // fragment
  EXPECT_EQ(endpoint_origin("HTTPS://push.example:8443/a/b?c"), "https://push.example:8443");
  EXPECT_EQ(endpoint_origin("http://127.0.0.1:39999/push/1"), "http://127.0.0.1:39999");
  EXPECT_EQ(endpoint_origin("http://localhost/push/1"), "http://localhost");
  EXPECT_EQ(endpoint_origin("http://[::1]:8080/p"), "http://[::1]:8080");
  EXPECT_EQ(endpoint_origin("http://push.example/a"), std::nullopt);
}

TEST(Vapid, TokensLiveAtMostADayAndNeedAContact) {
  auto key = VapidKey::generate();
  ASSERT_TRUE(key);
  const std::string endpoint = "https://push.example/x";
  auto day = vapid_authorization(*key, endpoint, "https://kesher.example/contact", kNow,
                                 kVapidMaxLifetimeSeconds);
  ASSERT_TRUE(day);
  EXPECT_FALSE(
      vapid_authorization(*key, endpoint, "mailto:a@b", kNow, kVapidMaxLifetimeSeconds + 1));
  EXPECT_FALSE(vapid_authorization(*key, endpoint, "mailto:a@b", kNow, 0));
  EXPECT_FALSE(vapid_authorization(*key, endpoint, "ops@kesher.example", kNow));
  EXPECT_FALSE(vapid_authorization(*key, endpoint, "mailto:", kNow));
  EXPECT_FALSE(vapid_authorization(*key, endpoint, "mailto:a b@c", kNow));
  EXPECT_FALSE(vapid_authorization(*key, endpoint, "http://kesher.example", kNow));
  EXPECT_FALSE(vapid_authorization(*key, "ftp://push.example/x", "mailto:a@b", kNow));
  EXPECT_FALSE(vapid_jwt(*key, "https://push.example/x", "mailto:a@b", kNow + 60, kNow));
  EXPECT_TRUE(vapid_jwt(*key, "https://push.example", "mailto:a@b", kNow + 60, kNow));
}

TEST(Vapid, TheKeyFileIsMadeOnceWithModeSixHundredAndReadBackTheSame) {
  TempFolder folder;
  const fs::path file = folder.path() / "vapid.pem";
  VapidKey first = load_or_create_vapid_key(folder.path());
  ASSERT_TRUE(fs::exists(file));
  struct stat info {};
  ASSERT_EQ(::stat(file.c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0600u);
  const std::string pem = read_file(file);
  EXPECT_EQ(pem.rfind("-----BEGIN PRIVATE KEY-----", 0), 0u);
  EXPECT_EQ(pem, first.to_pem());

  VapidKey again = load_or_create_vapid_key(folder.path());
  EXPECT_EQ(again.public_key(), first.public_key());
  EXPECT_EQ(read_file(file), pem);
  // Nothing left beside it.
  EXPECT_EQ(std::distance(fs::directory_iterator(folder.path()), fs::directory_iterator()), 1);

  // What one key signs, the reloaded one's public key verifies.
  auto token = vapid_jwt(again, "https://push.example", "mailto:a@b", kNow + 60, kNow);
  ASSERT_TRUE(token);
  auto jwt = split_jwt(*token);
  EXPECT_TRUE(verify_es256(first.public_key(), jwt->signing_input, jwt->signature));
}

TEST(Vapid, ADamagedKeyFileStopsTheStartInsteadOfBeingReplaced) {
  // A valid PEM private key of the wrong curve.
  EVP_PKEY* p384 = EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-384");
  ASSERT_NE(p384, nullptr);
  BIO* bio = BIO_new(BIO_s_mem());
  ASSERT_EQ(PEM_write_bio_PrivateKey(bio, p384, nullptr, nullptr, 0, nullptr, nullptr), 1);
  char* data = nullptr;
  long size = BIO_get_mem_data(bio, &data);
  const std::string p384_pem(data, static_cast<size_t>(size));
  BIO_free(bio);
  EVP_PKEY_free(p384);
  EXPECT_FALSE(VapidKey::from_pem(p384_pem));
  auto generated = VapidKey::generate();
  ASSERT_TRUE(generated);
  EXPECT_TRUE(VapidKey::from_pem(generated->to_pem()));
  const std::string cut_short = generated->to_pem().substr(0, 100);

  TempFolder folder;
  fs::create_directories(folder.path());
  const fs::path file = folder.path() / "vapid.pem";
  for (const std::string& contents :
       {std::string("not a key"), std::string(), p384_pem, cut_short}) {
    std::ofstream(file, std::ios::binary | std::ios::trunc) << contents;
    EXPECT_THROW(load_or_create_vapid_key(folder.path()), std::runtime_error);
    EXPECT_EQ(read_file(file), contents);
  }
}

// --- Subscriptions

namespace {

// A real browser's shape (Chrome's PushSubscription.toJSON()), with the RFC's browser key.
std::string subscription_json(std::string_view endpoint, std::string_view p256dh,
                              std::string_view auth) {
  boost::json::object keys{{"p256dh", p256dh}, {"auth", auth}};
  return boost::json::serialize(
      boost::json::object{{"endpoint", endpoint}, {"expirationTime", nullptr}, {"keys", keys}});
}

constexpr std::string_view kEndpoint =
    "https://fcm.googleapis.com/fcm/send/dpH5lCsTSSM:APA91bHqjZxM0VImWWqDRN7U0a3AycjUf4O-byuxb_wJ";

}  // namespace

TEST(PushSubscription, ABrowsersSubscriptionIsRead) {
  auto verdict = parse_subscription(subscription_json(kEndpoint, rfc::kUaPublic, rfc::kAuthSecret));
  ASSERT_TRUE(verdict) << verdict.error << " " << verdict.field;
  EXPECT_EQ(verdict.subscription->endpoint, kEndpoint);
  EXPECT_EQ(verdict.subscription->p256dh, b64(rfc::kUaPublic));
  EXPECT_EQ(verdict.subscription->auth, b64(rfc::kAuthSecret));

  // Padded keys, the local test push service, and no expirationTime at all.
  auto padded = parse_subscription(
      R"({"endpoint":"http://127.0.0.1:4000/push/7","keys":{"auth":"BTBZMqHH6r4Tts7J_aSIgg==","p256dh":")" +
      std::string(rfc::kUaPublic) + R"(="}})");
  ASSERT_TRUE(padded) << padded.error << " " << padded.field;
  EXPECT_EQ(padded.subscription->auth, b64(rfc::kAuthSecret));
  EXPECT_TRUE(parse_subscription(
      subscription_json("http://localhost:8080/p", rfc::kUaPublic, rfc::kAuthSecret)));
  // What it made goes through the encryption.
  EXPECT_TRUE(encrypt_aes128gcm("hi", verdict.subscription->p256dh, verdict.subscription->auth));
}

TEST(PushSubscription, EachBrokenPartIsNamed) {
  struct Case {
    std::string body;
    std::string_view error;
    std::string_view field;
  };
  const std::string key(rfc::kUaPublic), auth(rfc::kAuthSecret);
  std::string off_curve = b64(rfc::kUaPublic);
  off_curve[64] ^= 0x01;
  const std::string long_endpoint = "https://push.example/" + std::string(2048, 'a');
  const Case cases[] = {
      {"", errc::invalid_json, ""},
      {"[]", errc::invalid_json, ""},
      {R"({"endpoint":)", errc::invalid_json, ""},
      {"{}", errc::missing_field, "endpoint"},
      {R"({"endpoint":7})", errc::invalid_field, "endpoint"},
      {subscription_json("", key, auth), errc::invalid_value, "endpoint"},
      {subscription_json("http://push.example/a", key, auth), errc::invalid_value, "endpoint"},
      {subscription_json("http://10.0.0.1/a", key, auth), errc::invalid_value, "endpoint"},
      {subscription_json("ftp://push.example/a", key, auth), errc::invalid_value, "endpoint"},
      {subscription_json("https:///a", key, auth), errc::invalid_value, "endpoint"},
      {subscription_json("https://user:pw@push.example/a", key, auth), errc::invalid_value,
       "endpoint"},
      {subscription_json("https://push.example:0/a", key, auth), errc::invalid_value, "endpoint"},
      {subscription_json("https://push.example:70000/a", key, auth), errc::invalid_value,
       "endpoint"},
      {subscription_json("https://push%2eexample/a", key, auth), errc::invalid_value, "endpoint"},
      {subscription_json("https://push.example/a b", key, auth), errc::invalid_value, "endpoint"},
      {subscription_json("/relative/path", key, auth), errc::invalid_value, "endpoint"},
      {subscription_json(long_endpoint, key, auth), errc::invalid_value, "endpoint"},
      {R"({"endpoint":"https://push.example/a"})", errc::missing_field, "keys"},
      {R"({"endpoint":"https://push.example/a","keys":"x"})", errc::invalid_field, "keys"},
      {R"({"endpoint":"https://push.example/a","keys":{"auth":"BTBZMqHH6r4Tts7J_aSIgg"}})",
       errc::missing_field, "keys.p256dh"},
      {R"({"endpoint":"https://push.example/a","keys":{"p256dh":1,"auth":"x"}})",
       errc::invalid_field, "keys.p256dh"},
      {R"({"endpoint":"https://push.example/a","keys":{"p256dh":")" + key + R"("}})",
       errc::missing_field, "keys.auth"},
      {R"({"endpoint":"https://push.example/a","keys":{"p256dh":")" + key + R"(","auth":null}})",
       errc::invalid_field, "keys.auth"},
      {subscription_json("https://push.example/a", key.substr(0, 86), auth), errc::invalid_value,
       "keys.p256dh"},
      {subscription_json("https://push.example/a", domain::base64url_encode(off_curve), auth),
       errc::invalid_value, "keys.p256dh"},
      {subscription_json("https://push.example/a", key + "AAAA", auth), errc::invalid_value,
       "keys.p256dh"},
      {subscription_json("https://push.example/a", "BS" + key.substr(2), auth), errc::invalid_value,
       "keys.p256dh"},  // 0x05…: not an uncompressed point
      {subscription_json("https://push.example/a", key.substr(0, 80) + "+/+/+/+", auth),
       errc::invalid_value, "keys.p256dh"},  // base64, not base64url
      {subscription_json("https://push.example/a", key, "BTBZMqHH6r4Tts7J_aSI"),
       errc::invalid_value, "keys.auth"},
      {subscription_json("https://push.example/a", key, "BTBZMqHH6r4Tts7J_aSIgh"),
       errc::invalid_value, "keys.auth"},  // stray bits in the last character
      {subscription_json("https://push.example/a", key, auth + "AAAA"), errc::invalid_value,
       "keys.auth"},
  };
  for (const auto& test : cases) {
    auto verdict = parse_subscription(test.body);
    EXPECT_FALSE(verdict) << test.body;
    EXPECT_EQ(verdict.error, test.error) << test.body;
    EXPECT_EQ(verdict.field, test.field) << test.body;
  }
  // At the limit the endpoint is still fine.
  const std::string longest = "https://push.example/" + std::string(2048 - 21, 'a');
  ASSERT_EQ(longest.size(), kMaxEndpointLength);
  EXPECT_TRUE(parse_subscription(subscription_json(longest, key, auth)));
}
