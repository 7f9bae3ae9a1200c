#pragma once
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace kesher::net {

struct StaticFile {
  std::shared_ptr<const std::string> body;
  std::string content_type;
  std::string cache_control;
};

// The built client (web/dist), read into memory at start-up: it is small, and serving from memory
// keeps file I/O off the network threads.
class StaticFiles {
 public:
  static StaticFiles load(const std::filesystem::path& root);

  const StaticFile* find(std::string_view path) const;  // exact file, never index.html fallback
  const StaticFile* index() const { return index_ ? &*index_ : nullptr; }
  size_t size() const { return files_.size(); }

 private:
  std::unordered_map<std::string, StaticFile> files_;
  std::optional<StaticFile> index_;
};

std::string_view content_type_for(std::string_view extension);

}  // namespace kesher::net
