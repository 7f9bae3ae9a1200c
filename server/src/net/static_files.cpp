#include "net/static_files.hpp"

#include <array>
#include <fstream>
#include <sstream>

namespace kesher::net {

std::string_view content_type_for(std::string_view extension) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 17> kTypes{{
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".json", "application/json"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".jpg", "image/jpeg"},
      {".jpeg", "image/jpeg"},
      {".webp", "image/webp"},
      {".ico", "image/x-icon"},
      {".woff2", "font/woff2"},
      {".woff", "font/woff"},
      {".mp3", "audio/mpeg"},
      {".wav", "audio/wav"},
      {".txt", "text/plain; charset=utf-8"},
      {".webmanifest", "application/manifest+json"},
  }};
  for (const auto& [ext, type] : kTypes) {
    if (ext == extension) return type;
  }
  return "application/octet-stream";
}

namespace {

std::shared_ptr<const std::string> read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream contents;
  contents << in.rdbuf();
  return std::make_shared<const std::string>(contents.str());
}

}  // namespace

StaticFiles StaticFiles::load(const std::filesystem::path& root) {
  StaticFiles files;
  std::error_code ec;
  if (!std::filesystem::is_directory(root, ec)) return files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root, ec)) {
    if (!entry.is_regular_file()) continue;
    std::string relative = "/" + entry.path().lexically_relative(root).generic_string();
    StaticFile file;
    file.body = read_file(entry.path());
    file.content_type = std::string(content_type_for(entry.path().extension().string()));
    // Vite puts content-hashed names under /assets: they never change, so cache them for a year.
    bool hashed = relative.rfind("/assets/", 0) == 0;
    file.cache_control = hashed ? "public, max-age=31536000, immutable" : "public, max-age=3600";
    if (relative == "/index.html") {
      file.cache_control = "no-cache";
      files.index_ = file;
      continue;
    }
    files.files_.emplace(std::move(relative), std::move(file));
  }
  return files;
}

const StaticFile* StaticFiles::find(std::string_view path) const {
  auto it = files_.find(std::string(path));
  return it == files_.end() ? nullptr : &it->second;
}

}  // namespace kesher::net
