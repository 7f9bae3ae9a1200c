#include "media/uploads.hpp"

#include <fcntl.h>
#include <spdlog/spdlog.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "domain/crypto.hpp"

namespace kesher::media {

namespace fs = std::filesystem;

namespace {

constexpr size_t kLinkKeyBytes = 32;  // base64url characters: 192 random bits
constexpr size_t kNameBytes = 16;     // 128 random bits: names cannot be guessed

[[noreturn]] void fail(const std::string& what, const fs::path& path) {
  throw std::runtime_error(what + " " + path.string() + ": " + std::strerror(errno));
}

// Writes `bytes` to `path` through a temporary file, fsynced, then renamed into place.
void write_durably(const fs::path& path, std::string_view bytes, mode_t mode) {
  fs::path temporary = path;
  temporary += ".tmp";
  int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
  if (fd < 0) fail("cannot create", temporary);
  size_t written = 0;
  while (written < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ::close(fd);
      fail("cannot write", temporary);
    }
    written += static_cast<size_t>(n);
  }
  if (::fsync(fd) != 0) {
    ::close(fd);
    fail("cannot sync", temporary);
  }
  ::close(fd);
  if (::rename(temporary.c_str(), path.c_str()) != 0) fail("cannot rename", temporary);
}

// The same for a file that must not be replaced once made: the temporary file (named for this
// process) is hard-linked into place, which fails where rename would replace. Nodes of a cluster
// that start at once on one shared folder so end up with the one key (a link made by one of them).
// Returns false when `path` existed already.
bool create_durably(const fs::path& path, std::string_view bytes, mode_t mode) {
  fs::path temporary = path;
  temporary += ".tmp-" + std::to_string(::getpid());
  write_durably(temporary, bytes, mode);
  bool created = ::link(temporary.c_str(), path.c_str()) == 0;
  int link_error = errno;
  ::unlink(temporary.c_str());
  if (!created && link_error != EEXIST) {
    errno = link_error;
    fail("cannot link", path);
  }
  return created;
}

std::string fresh_name() {
  return domain::random_token(kNameBytes);
}

}  // namespace

fs::path uploads_dir(const fs::path& data_dir) {
  return data_dir / "media" / "u";
}

std::string load_or_create_secret(const fs::path& data_dir, std::string_view file_name) {
  fs::path path = data_dir / file_name;
  std::error_code ec;
  if (!fs::exists(path, ec)) {
    fs::create_directories(data_dir);
    std::string key = domain::random_token(kLinkKeyBytes * 3 / 4);
    if (create_durably(path, key, 0600)) return key;
    // Another node on the same folder made it meanwhile: theirs is the one.
  }
  std::ifstream in(path, std::ios::binary);
  std::ostringstream contents;
  contents << in.rdbuf();
  std::string key = contents.str();
  if (key.size() != kLinkKeyBytes) throw std::runtime_error("not a key: " + path.string());
  return key;
}

std::string load_or_create_link_key(const fs::path& data_dir) {
  return load_or_create_secret(data_dir, "media.key");
}

store::MediaRow save_renditions(const fs::path& data_dir, const Renditions& images,
                                int64_t owner_id, int64_t now) {
  fs::path dir = uploads_dir(data_dir);
  fs::create_directories(dir);
  store::MediaRow row;
  row.owner_id = owner_id;
  row.name = fresh_name();
  row.thumb_name = fresh_name();
  row.blur_name = fresh_name();
  row.width = images.display.width;
  row.height = images.display.height;
  row.created_at = now;
  write_durably(dir / (row.name + ".jpg"), images.display.jpeg, 0644);
  write_durably(dir / (row.thumb_name + ".jpg"), images.thumb.jpeg, 0644);
  write_durably(dir / (row.blur_name + ".jpg"), images.blur.jpeg, 0644);
  return row;
}

void remove_renditions(const fs::path& data_dir, const store::MediaRow& row) {
  fs::path dir = uploads_dir(data_dir);
  for (const auto* name : {&row.name, &row.thumb_name, &row.blur_name}) {
    std::error_code ec;
    fs::remove(dir / (*name + ".jpg"), ec);
    if (ec) spdlog::warn("cannot remove upload {}: {}", *name, ec.message());
  }
}

}  // namespace kesher::media
