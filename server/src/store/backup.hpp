#pragma once
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>

namespace kesher::store {

struct BackupOptions {
  int pages_per_step = 1024;  // 4 MiB at SQLite's default page size
  // Between steps, so a large copy does not saturate the disk the server commits to.
  std::chrono::milliseconds pause{2};
  int busy_timeout_ms = 5000;
};

struct BackupResult {
  std::string error;  // empty on success
  int64_t pages = 0;
  int64_t bytes = 0;
};

// Copies the SQLite database at `database` to `target` with SQLite's online backup API while
// servers keep reading and writing it. The copy is one consistent snapshot: the committed state
// at the moment the copy starts. It is written beside `target` and renamed over it only once
// complete, so a failed backup never leaves a partial file under the target's name.
BackupResult backup_sqlite(const std::filesystem::path& database,
                           const std::filesystem::path& target, const BackupOptions& options = {});

}  // namespace kesher::store
