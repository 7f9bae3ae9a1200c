// GET /media/<path>: the rest of the URL path names a file under <data>/media. Whatever the path,
// media::serve_file must answer with a file inside that folder that is not hidden, or 404.
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "media/files.hpp"

using namespace kesher;
namespace fs = std::filesystem;

namespace {

struct MediaFolder {
  fs::path root;
  fs::path media;

  MediaFolder() {
    root = fs::temp_directory_path() / ("kesher-fuzz-media-" + std::to_string(::getpid()));
    media = root / "data" / "media";
    fs::create_directories(media / "users" / "7");
    write(media / "users" / "7" / "a.webp", "public-photo");
    write(media / "gift.png", "public-gift");
    write(media / ".hidden", "secret-hidden");
    write(media / "users" / ".env", "secret-dotfile");
    write(root / "data" / "kesher.db", "secret-database");
    write(root / "secret.txt", "secret-outside");
  }
  ~MediaFolder() {
    std::error_code ignored;
    fs::remove_all(root, ignored);
  }

  static void write(const fs::path& path, std::string_view contents) {
    std::ofstream(path, std::ios::binary) << contents;
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const MediaFolder folder;
  std::string_view path(reinterpret_cast<const char*>(data), size);
  auto response = media::serve_file(folder.media, path);
  if (response.status == 404) return 0;
  FUZZ_CHECK(response.status == 200);
  FUZZ_CHECK(response.body.rfind("public-", 0) == 0);
  return 0;
}
