#include "push/vapid.hpp"

#include <fcntl.h>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <sys/stat.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include "domain/crypto.hpp"
#include "push/subscription.hpp"

namespace kesher::push {

namespace fs = std::filesystem;

namespace {

constexpr size_t kMaxSubjectLength = 256;
constexpr size_t kMaxKeyFileBytes = 16 * 1024;

struct BioFree {
  void operator()(BIO* bio) const { BIO_free(bio); }
};
struct MdCtxFree {
  void operator()(EVP_MD_CTX* context) const { EVP_MD_CTX_free(context); }
};
struct EcdsaSigFree {
  void operator()(ECDSA_SIG* signature) const { ECDSA_SIG_free(signature); }
};

// Never ask a terminal for a passphrase: an encrypted key file is simply not one of ours.
int no_passphrase(char*, int, int, void*) {
  return 0;
}

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

[[noreturn]] void fail(const std::string& what, const fs::path& path) {
  throw std::runtime_error(what + " " + path.string() + ": " + std::strerror(errno));
}

std::string read_key_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail("cannot read", path);
  std::string contents(kMaxKeyFileBytes + 1, '\0');
  in.read(contents.data(), static_cast<std::streamsize>(contents.size()));
  contents.resize(static_cast<size_t>(in.gcount()));
  if (contents.size() > kMaxKeyFileBytes) {
    throw std::runtime_error("not a VAPID key (too large): " + path.string());
  }
  return contents;
}

void write_all(int fd, std::string_view bytes, const fs::path& path) {
  size_t written = 0;
  while (written < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ::close(fd);
      fail("cannot write", path);
    }
    written += static_cast<size_t>(n);
  }
}

// Writes a new file at `path` with mode 0600 unless one is already there. The bytes go to a
// temporary file first (synced), which is then hard-linked to `path`: link, unlike rename, fails
// rather than replaces, so two servers started at once on one folder end up with the same key.
// Returns false when `path` already existed.
bool create_durably(const fs::path& path, std::string_view bytes) {
  fs::path temporary = path;
  temporary += ".tmp-" + std::to_string(::getpid());
  ::unlink(temporary.c_str());
  int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) fail("cannot create", temporary);
  // The umask may have taken bits away, never added them; set exactly 0600 all the same.
  if (::fchmod(fd, 0600) != 0) {
    ::close(fd);
    fail("cannot chmod", temporary);
  }
  write_all(fd, bytes, temporary);
  if (::fsync(fd) != 0) {
    ::close(fd);
    fail("cannot sync", temporary);
  }
  ::close(fd);
  bool created = ::link(temporary.c_str(), path.c_str()) == 0;
  int link_error = errno;
  ::unlink(temporary.c_str());
  if (!created && link_error == EEXIST) return false;
  errno = link_error;
  if (!created) fail("cannot link", path);
  // The new entry is durable once the folder is synced too.
  int dir = ::open(path.parent_path().empty() ? "." : path.parent_path().c_str(),
                   O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
  return true;
}

}  // namespace

std::optional<VapidKey> VapidKey::generate() {
  Pkey key = p256_generate();
  if (!key) return std::nullopt;
  auto point = p256_point(*key);
  if (!point) return std::nullopt;
  return VapidKey(std::move(key), std::move(*point));
}

std::optional<VapidKey> VapidKey::from_pem(std::string_view pem) {
  std::unique_ptr<BIO, BioFree> bio(BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())));
  EVP_PKEY* read =
      bio ? PEM_read_bio_PrivateKey(bio.get(), nullptr, no_passphrase, nullptr) : nullptr;
  Pkey key(read);
  if (!key || !is_p256_private_key(*key)) {
    ERR_clear_error();
    return std::nullopt;
  }
  auto point = p256_point(*key);
  // Checked like a stranger's key: a damaged file must not sign with a broken key.
  if (!point || !p256_public_key(*point)) return std::nullopt;
  return VapidKey(std::move(key), std::move(*point));
}

std::string VapidKey::to_pem() const {
  std::unique_ptr<BIO, BioFree> bio(BIO_new(BIO_s_mem()));
  if (!bio ||
      PEM_write_bio_PrivateKey(bio.get(), key_.get(), nullptr, nullptr, 0, nullptr, nullptr) != 1) {
    ERR_clear_error();
    throw std::runtime_error("cannot write the VAPID key as PEM");
  }
  char* data = nullptr;
  long size = BIO_get_mem_data(bio.get(), &data);
  return std::string(data, static_cast<size_t>(size));
}

std::string VapidKey::public_key_base64url() const {
  return domain::base64url_encode(public_key_);
}

std::optional<std::string> VapidKey::sign(std::string_view message) const {
  std::unique_ptr<EVP_MD_CTX, MdCtxFree> context(EVP_MD_CTX_new());
  size_t der_size = 0;
  if (!context ||
      EVP_DigestSignInit(context.get(), nullptr, EVP_sha256(), nullptr, key_.get()) != 1 ||
      EVP_DigestSign(context.get(), nullptr, &der_size,
                     reinterpret_cast<const unsigned char*>(message.data()), message.size()) != 1) {
    ERR_clear_error();
    return std::nullopt;
  }
  std::string der(der_size, '\0');
  if (EVP_DigestSign(context.get(), reinterpret_cast<unsigned char*>(der.data()), &der_size,
                     reinterpret_cast<const unsigned char*>(message.data()), message.size()) != 1) {
    ERR_clear_error();
    return std::nullopt;
  }
  // OpenSSL writes ECDSA-Sig-Value (DER: SEQUENCE of two INTEGERs); JOSE wants r and s as two
  // fixed-size big-endian numbers side by side.
  const auto* cursor = reinterpret_cast<const unsigned char*>(der.data());
  std::unique_ptr<ECDSA_SIG, EcdsaSigFree> signature(
      d2i_ECDSA_SIG(nullptr, &cursor, static_cast<long>(der_size)));
  if (!signature) {
    ERR_clear_error();
    return std::nullopt;
  }
  const BIGNUM* r = nullptr;
  const BIGNUM* s = nullptr;
  ECDSA_SIG_get0(signature.get(), &r, &s);
  std::string jose(2 * kP256ScalarBytes, '\0');
  auto* out = reinterpret_cast<unsigned char*>(jose.data());
  if (BN_bn2binpad(r, out, kP256ScalarBytes) != static_cast<int>(kP256ScalarBytes) ||
      BN_bn2binpad(s, out + kP256ScalarBytes, kP256ScalarBytes) !=
          static_cast<int>(kP256ScalarBytes)) {
    ERR_clear_error();
    return std::nullopt;
  }
  return jose;
}

VapidKey load_or_create_vapid_key(const fs::path& data_dir) {
  fs::path path = data_dir / kVapidKeyFile;
  std::error_code ec;
  if (!fs::exists(path, ec)) {
    fs::create_directories(data_dir);
    auto fresh = VapidKey::generate();
    if (!fresh) throw std::runtime_error("cannot generate a VAPID key");
    std::string pem = fresh->to_pem();
    bool created = create_durably(path, pem);
    OPENSSL_cleanse(pem.data(), pem.size());
    if (created) return std::move(*fresh);
    // Another process made it meanwhile: read theirs.
  }
  std::string pem = read_key_file(path);
  auto key = VapidKey::from_pem(pem);
  OPENSSL_cleanse(pem.data(), pem.size());
  if (!key) throw std::runtime_error("not a P-256 private key in PEM: " + path.string());
  return std::move(*key);
}

bool valid_vapid_subject(std::string_view subject) {
  if (subject.size() > kMaxSubjectLength) return false;
  std::string_view rest;
  if (starts_with(subject, "mailto:")) {
    rest = subject.substr(7);
  } else if (starts_with(subject, "https:")) {
    rest = subject.substr(6);
  } else {
    return false;
  }
  if (rest.empty()) return false;
  for (char c : subject) {
    if (c <= 0x20 || c >= 0x7f) return false;
  }
  return true;
}

std::optional<std::string> vapid_jwt(const VapidKey& key, std::string_view audience,
                                     std::string_view subject, int64_t expires_at, int64_t now) {
  if (endpoint_origin(audience) != audience || !valid_vapid_subject(subject)) return std::nullopt;
  if (expires_at <= now || expires_at - now > kVapidMaxLifetimeSeconds) return std::nullopt;
  boost::json::object claims;
  claims["aud"] = audience;
  claims["exp"] = expires_at;
  claims["sub"] = subject;
  std::string signing_input = domain::base64url_encode(R"({"typ":"JWT","alg":"ES256"})");
  signing_input += '.';
  signing_input += domain::base64url_encode(boost::json::serialize(claims));
  auto signature = key.sign(signing_input);
  if (!signature) return std::nullopt;
  return signing_input + "." + domain::base64url_encode(*signature);
}

std::optional<std::string> vapid_authorization(const VapidKey& key, std::string_view endpoint,
                                               std::string_view subject, int64_t now,
                                               int64_t lifetime) {
  auto audience = endpoint_origin(endpoint);
  if (!audience || lifetime <= 0 || lifetime > kVapidMaxLifetimeSeconds) return std::nullopt;
  auto token = vapid_jwt(key, *audience, subject, now + lifetime, now);
  if (!token) return std::nullopt;
  return "vapid t=" + *token + ", k=" + key.public_key_base64url();
}

}  // namespace kesher::push
