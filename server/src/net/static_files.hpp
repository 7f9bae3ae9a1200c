#pragma once
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "domain/content_negotiation.hpp"

namespace kesher::net {

// One encoding of a file: its bytes as sent, and an entity tag of its own (RFC 9110 §8.8.3: a
// strong validator differs between content codings).
struct Representation {
  std::shared_ptr<const std::string> body;
  std::string etag;  // with its quotes
};

struct StaticFile {
  Representation identity;
  // The copies the build compressed (<file>.gz, <file>.br), when they are smaller.
  std::optional<Representation> gzip;
  std::optional<Representation> br;
  std::string content_type;
  std::string cache_control;
  // Text, so that a response names Accept-Encoding in Vary, whichever encoding it carries.
  bool negotiated = false;

  struct Choice {
    domain::ContentCoding coding;
    const Representation& representation;
  };
  Choice choose(std::string_view accept_encoding) const;
};

// The built client (web/dist), read into memory at start-up: it is small, and serving from memory
// keeps file I/O off the network threads. A file's compressed copies are not URLs of their own.
class StaticFiles {
 public:
  static StaticFiles load(const std::filesystem::path& root);

  const StaticFile* find(std::string_view path) const;  // exact file, never index.html fallback
  const StaticFile* index() const { return index_ ? &*index_ : nullptr; }
  // A page of the members' app by its file ("/index.en.html", "/app.html"); index.html when the
  // build has no such page (an older build wrote index.html alone).
  const StaticFile* page(std::string_view file) const;
  size_t size() const { return files_.size(); }

 private:
  std::unordered_map<std::string, StaticFile> files_;
  std::optional<StaticFile> index_;
};

std::string_view content_type_for(std::string_view extension);

}  // namespace kesher::net
