#pragma once
#include <filesystem>
#include <string_view>

#include "protocol/http.hpp"

namespace kesher::media {

// GET /media/<path> from <data>/media: only plain relative paths of safe characters, never a
// dot-dot or hidden file. Blocking: worker threads only.
protocol::HttpResponse serve_file(const std::filesystem::path& media_root, std::string_view path);

}  // namespace kesher::media
