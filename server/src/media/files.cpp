#include "media/files.hpp"

#include <fstream>
#include <sstream>

#include "net/static_files.hpp"

namespace kesher::media {

namespace {

bool safe_relative_path(std::string_view path) {
  if (path.empty() || path.size() > 200 || path.front() == '/') return false;
  char previous = '/';
  for (char c : path) {
    bool allowed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                   c == '-' || c == '_' || c == '.' || c == '/';
    if (!allowed) return false;
    if (c == '.' && previous == '/') return false;  // no "..", no hidden files
    if (c == '/' && previous == '/') return false;
    previous = c;
  }
  return true;
}

protocol::HttpResponse not_found() {
  protocol::HttpResponse response;
  response.status = 404;
  response.body = R"({"error_code":"not_found","message":"not_found"})";
  return response;
}

}  // namespace

protocol::HttpResponse serve_file(const std::filesystem::path& media_root, std::string_view path) {
  if (!safe_relative_path(path)) return not_found();
  std::filesystem::path file = media_root / std::string(path);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) return not_found();
  std::ifstream in(file, std::ios::binary);
  std::ostringstream body;
  body << in.rdbuf();
  protocol::HttpResponse response;
  response.content_type = std::string(net::content_type_for(file.extension().string()));
  response.body = body.str();
  response.headers.emplace_back("Cache-Control", "public, max-age=86400");
  return response;
}

}  // namespace kesher::media
