#pragma once
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "media/image.hpp"
#include "store/media.hpp"

namespace kesher::media {

// The key of signed media links (domain/media_links.hpp): 32 random characters in <data>/media.key,
// made at first start (mode 0600) and read at every later one, so links survive a restart.
// Throws when the file cannot be read or written.
std::string load_or_create_link_key(const std::filesystem::path& data_dir);
// The same for any secret kept in the data folder (<data>/payments.key signs the sandbox's
// webhooks).
std::string load_or_create_secret(const std::filesystem::path& data_dir,
                                  std::string_view file_name);

// Where uploads' files live: <data>/media/u/{name}.jpg.
std::filesystem::path uploads_dir(const std::filesystem::path& data_dir);

// Writes the three renditions under fresh random names, each flushed to disk before this returns,
// so a row that names them never outlives its files. The row has no id yet. Throws on I/O errors.
store::MediaRow save_renditions(const std::filesystem::path& data_dir, const Renditions& images,
                                int64_t owner_id, int64_t now);
// Removes the renditions' files (after their row is gone); errors are logged, not thrown.
void remove_renditions(const std::filesystem::path& data_dir, const store::MediaRow& row);

}  // namespace kesher::media
