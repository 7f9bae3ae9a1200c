#include "net/static_files.hpp"

#include <algorithm>
#include <array>
#include <fstream>
#include <sstream>

#include "domain/crypto.hpp"

namespace kesher::net {

std::string_view content_type_for(std::string_view extension) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 18> kTypes{{
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
      {".xml", "application/xml"},
  }};
  for (const auto& [ext, type] : kTypes) {
    if (ext == extension) return type;
  }
  return "application/octet-stream";
}

namespace {

namespace fs = std::filesystem;
using domain::ContentCoding;

std::shared_ptr<const std::string> read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream contents;
  contents << in.rdbuf();
  return std::make_shared<const std::string>(contents.str());
}

// The text types of the build, those web/vite.config.ts compresses: whether a copy exists or not
// (a small file has none), a response of one depends on Accept-Encoding as far as a cache knows.
bool is_text(std::string_view extension) {
  static constexpr std::array<std::string_view, 9> kText{
      ".html", ".js", ".mjs", ".css", ".json", ".svg", ".txt", ".webmanifest", ".xml"};
  return std::find(kText.begin(), kText.end(), extension) != kText.end();
}

std::string_view copy_extension(ContentCoding coding) {
  return coding == ContentCoding::br ? ".br" : ".gz";
}

// A strong entity tag: the start of the file's SHA-256, and the coding of a compressed copy.
std::string entity_tag(std::string_view digest, ContentCoding coding) {
  std::string tag = "\"" + std::string(digest);
  if (coding != ContentCoding::identity) tag += "-" + std::string(domain::coding_name(coding));
  return tag + "\"";
}

// The compressed copy the build wrote beside a file, when it is there and saves something.
std::optional<Representation> compressed_copy(const fs::path& file, const std::string& original,
                                              std::string_view digest, ContentCoding coding) {
  fs::path copy = file;
  copy += copy_extension(coding);
  std::error_code ec;
  if (!fs::is_regular_file(copy, ec)) return std::nullopt;
  auto body = read_file(copy);
  if (body->size() >= original.size()) return std::nullopt;
  return Representation{std::move(body), entity_tag(digest, coding)};
}

// <file>.gz or <file>.br beside <file>: served as an encoding of <file>, never as a URL.
bool is_compressed_copy(const fs::path& path) {
  auto extension = path.extension();
  if (extension != ".gz" && extension != ".br") return false;
  fs::path original = path;
  original.replace_extension();
  std::error_code ec;
  return fs::is_regular_file(original, ec);
}

}  // namespace

StaticFile::Choice StaticFile::choose(std::string_view accept_encoding) const {
  ContentCoding coding = domain::choose_content_coding(
      accept_encoding, {.gzip = gzip.has_value(), .br = br.has_value()});
  switch (coding) {
    case ContentCoding::br:
      return {coding, *br};
    case ContentCoding::gzip:
      return {coding, *gzip};
    case ContentCoding::identity:
      break;
  }
  return {ContentCoding::identity, identity};
}

StaticFiles StaticFiles::load(const fs::path& root) {
  StaticFiles files;
  std::error_code ec;
  if (!fs::is_directory(root, ec)) return files;
  for (const auto& entry : fs::recursive_directory_iterator(root, ec)) {
    if (!entry.is_regular_file() || is_compressed_copy(entry.path())) continue;
    std::string relative = "/" + entry.path().lexically_relative(root).generic_string();
    std::string extension = entry.path().extension().string();
    StaticFile file;
    file.identity.body = read_file(entry.path());
    std::string digest = domain::sha256_hex(*file.identity.body).substr(0, 16);
    file.identity.etag = entity_tag(digest, ContentCoding::identity);
    file.gzip = compressed_copy(entry.path(), *file.identity.body, digest, ContentCoding::gzip);
    file.br = compressed_copy(entry.path(), *file.identity.body, digest, ContentCoding::br);
    file.negotiated = is_text(extension) || file.gzip || file.br;
    file.content_type = std::string(content_type_for(extension));
    // Vite puts content-hashed names under /assets: they never change, so cache them for a year.
    bool hashed = relative.rfind("/assets/", 0) == 0;
    file.cache_control = hashed ? "public, max-age=31536000, immutable" : "public, max-age=3600";
    // Pages name the hashed files of the current build: always revalidated (their ETag).
    if (extension == ".html") file.cache_control = "no-cache";
    // The service worker is checked for updates on every navigation: never from a cache.
    if (relative == "/sw.js") file.cache_control = "no-cache";
    if (relative == "/index.html") {
      file.cache_control = "no-cache";
      files.index_ = file;
      continue;
    }
    files.files_.emplace(std::move(relative), std::move(file));
  }
  return files;
}

const StaticFile* StaticFiles::page(std::string_view file) const {
  if (file == "/index.html") return index();
  const StaticFile* found = find(file);
  return found ? found : index();
}

const StaticFile* StaticFiles::find(std::string_view path) const {
  auto it = files_.find(std::string(path));
  return it == files_.end() ? nullptr : &it->second;
}

}  // namespace kesher::net
