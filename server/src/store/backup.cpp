#include "store/backup.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <system_error>
#include <thread>

#include "store/sqlite_library.hpp"

namespace kesher::store {

namespace fs = std::filesystem;

namespace {

struct Connection {
  sqlite3* db = nullptr;
  ~Connection() { sqlite3_close(db); }

  // Empty on success, else why not.
  std::string open(const fs::path& path, int flags, int busy_timeout_ms) {
    configure_sqlite_library();
    if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) != SQLITE_OK) {
      return db ? sqlite3_errmsg(db) : "out of memory";
    }
    sqlite3_busy_timeout(db, busy_timeout_ms);
    return {};
  }
  std::string run(const char* sql) {
    char* error = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &error) == SQLITE_OK) return {};
    std::string message = error ? error : sqlite3_errmsg(db);
    sqlite3_free(error);
    return message;
  }
};

// The rename is durable once the folder's entry is on disk too.
void sync_folder(const fs::path& folder) {
  int fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

BackupResult copy(const fs::path& database, const fs::path& partial, const fs::path& target,
                  const BackupOptions& options) {
  BackupResult result;
  Connection source, copy;
  // Read-write without create: a missing file is an error, and a WAL left by a crashed server is
  // recovered as any connection would.
  if (auto error = source.open(database, SQLITE_OPEN_READWRITE, options.busy_timeout_ms);
      !error.empty()) {
    result.error = "cannot open " + database.string() + ": " + error;
    return result;
  }
  if (auto error =
          copy.open(partial, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, options.busy_timeout_ms);
      !error.empty()) {
    result.error = "cannot write " + target.string() + ": " + error;
    return result;
  }
  // A read transaction held across the steps pins one snapshot. Without it each step takes a
  // fresh one, and a commit by the server in between restarts the copy from the first page, again
  // and again under steady writes. In WAL mode this reader never blocks the server's writer;
  // it only keeps checkpoints from going past the snapshot until the copy is done.
  if (auto error = source.run("BEGIN; SELECT COUNT(*) FROM sqlite_schema;"); !error.empty()) {
    result.error = "cannot read " + database.string() + ": " + error;
    return result;
  }
  sqlite3_backup* backup = sqlite3_backup_init(copy.db, "main", source.db, "main");
  if (!backup) {
    result.error = std::string("cannot start the backup: ") + sqlite3_errmsg(copy.db);
    return result;
  }
  int rc;
  while ((rc = sqlite3_backup_step(backup, options.pages_per_step)) == SQLITE_OK) {
    std::this_thread::sleep_for(options.pause);
  }
  result.pages = sqlite3_backup_pagecount(backup);
  // Finishing leaves the step's error, from either side (a full disk, say), on the copy.
  sqlite3_backup_finish(backup);
  if (rc != SQLITE_DONE) {
    result.error = std::string("backup failed: ") + sqlite3_errmsg(copy.db);
    return result;
  }
  source.run("COMMIT");
  return result;
}

}  // namespace

BackupResult backup_sqlite(const fs::path& database, const fs::path& target,
                           const BackupOptions& options) {
  BackupResult result;
  std::error_code ec;
  if (!fs::is_regular_file(database, ec)) {
    result.error = "no database at " + database.string();
    return result;
  }
  if (fs::is_directory(target, ec)) {
    result.error = target.string() + " is a folder; name the copy's file";
    return result;
  }
  if (fs::exists(target, ec) && fs::equivalent(database, target, ec)) {
    result.error = target.string() + " is the database itself";
    return result;
  }
  // A log left beside an old copy would be replayed into the new one when it is next opened.
  for (const char* suffix : {"-wal", "-journal"}) {
    fs::path log = target;
    log += suffix;
    if (fs::exists(log, ec)) {
      result.error = log.string() + " exists: the old copy is open or was not closed cleanly";
      return result;
    }
  }
  fs::path partial = target;
  partial += ".partial";
  fs::remove(partial, ec);
  fs::path journal = partial;
  journal += "-journal";
  fs::remove(journal, ec);
  result = copy(database, partial, target, options);
  if (result.error.empty()) {
    fs::rename(partial, target, ec);
    if (ec) result.error = "cannot rename " + partial.string() + ": " + ec.message();
  }
  if (!result.error.empty()) {
    fs::remove(partial, ec);
    fs::remove(journal, ec);
    return result;
  }
  sync_folder(target.parent_path());
  result.bytes = static_cast<int64_t>(fs::file_size(target, ec));
  return result;
}

}  // namespace kesher::store
