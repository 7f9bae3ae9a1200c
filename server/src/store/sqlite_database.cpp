#include <fcntl.h>
#include <pthread.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <ctime>
#include <exception>
#include <filesystem>
#include <future>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>

#include "store/database.hpp"
#include "store/group_commit.hpp"
#include "store/migrations.hpp"
#include "store/sqlite_library.hpp"

namespace kesher::store {

int64_t Row::integer(size_t i) const {
  const auto& v = columns_.at(i);
  if (auto p = std::get_if<int64_t>(&v)) return *p;
  if (auto p = std::get_if<double>(&v)) return static_cast<int64_t>(*p);
  if (auto p = std::get_if<std::string>(&v)) return std::stoll(*p);
  return 0;
}

std::string Row::text(size_t i) const {
  const auto& v = columns_.at(i);
  if (auto p = std::get_if<std::string>(&v)) return *p;
  if (auto p = std::get_if<int64_t>(&v)) return std::to_string(*p);
  if (auto p = std::get_if<double>(&v)) return std::to_string(*p);
  return {};
}

bool Row::is_null(size_t i) const {
  return std::holds_alternative<std::monostate>(columns_.at(i));
}

namespace {

class SqliteConnection final : public Session {
 public:
  explicit SqliteConnection(const SqliteOptions& options) {
    const std::string& path = options.path;
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
    configure_sqlite_library();
    if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
      std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
      sqlite3_close(db_);
      throw StoreError("cannot open " + path + ": " + message);
    }
    sqlite3_busy_timeout(db_, options.busy_timeout_ms);
    // secure_delete: deleted rows are overwritten, so that what an erasure removes (GDPR Art. 17)
    // is not left in free pages for a backup (the backup API copies them) to carry on. Debian's
    // SQLite has it on by default; others have not, so it is set here.
    run_script("PRAGMA journal_mode=WAL; PRAGMA foreign_keys=ON; PRAGMA secure_delete=ON;");
    run_script(options.durable_commits ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL");
    register_clock(options.clock);
  }
  ~SqliteConnection() override {
    for (auto& [sql, stmt] : statements_) sqlite3_finalize(stmt);
    sqlite3_close(db_);
  }
  SqliteConnection(const SqliteConnection&) = delete;
  SqliteConnection& operator=(const SqliteConnection&) = delete;

  // kesher_now(): the server's clock in SQL, so that what derives from time (premium from
  // premium_until) is computed where it is read, with the same clock the handlers use.
  void register_clock(std::function<int64_t()> clock) {
    clock_ = clock ? std::move(clock) : [] { return static_cast<int64_t>(std::time(nullptr)); };
    auto call = [](sqlite3_context* context, int, sqlite3_value**) {
      auto* clock = static_cast<std::function<int64_t()>*>(sqlite3_user_data(context));
      sqlite3_result_int64(context, (*clock)());
    };
    if (sqlite3_create_function_v2(db_, "kesher_now", 0, SQLITE_UTF8, &clock_, call, nullptr,
                                   nullptr, nullptr) != SQLITE_OK) {
      throw StoreError(std::string("cannot register kesher_now: ") + sqlite3_errmsg(db_));
    }
  }

  void run_script(const std::string& sql) {
    char* error = nullptr;
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
      std::string message = error ? error : "unknown error";
      sqlite3_free(error);
      throw StoreError(message);
    }
  }

  using Session::execute;
  using Session::query;

  std::vector<Row> query(std::string_view sql, std::span<const Value> params) override {
    sqlite3_stmt* stmt = prepare(sql, params);
    std::vector<Row> rows;
    for (;;) {
      int rc = sqlite3_step(stmt);
      if (rc == SQLITE_DONE) break;
      if (rc != SQLITE_ROW) fail(stmt);
      rows.emplace_back(read_row(stmt));
    }
    sqlite3_reset(stmt);
    return rows;
  }

  int64_t execute(std::string_view sql, std::span<const Value> params) override {
    sqlite3_stmt* stmt = prepare(sql, params);
    int rc;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    }
    if (rc != SQLITE_DONE) fail(stmt);
    sqlite3_reset(stmt);
    return sqlite3_changes64(db_);
  }

  int64_t last_insert_id() override { return sqlite3_last_insert_rowid(db_); }
  int64_t insert(std::string_view sql, std::span<const Value> params) override {
    execute(sql, params);
    return last_insert_id();
  }
  sqlite3* handle() { return db_; }

 private:
  sqlite3_stmt* prepare(std::string_view sql, std::span<const Value> params) {
    auto it = statements_.find(sql);
    sqlite3_stmt* stmt = nullptr;
    if (it == statements_.end()) {
      std::string key(sql);
      if (sqlite3_prepare_v3(db_, key.c_str(), static_cast<int>(key.size()),
                             SQLITE_PREPARE_PERSISTENT, &stmt, nullptr) != SQLITE_OK) {
        throw StoreError(std::string("prepare failed: ") + sqlite3_errmsg(db_) + " in: " + key);
      }
      statements_.emplace(std::move(key), stmt);
    } else {
      stmt = it->second;
    }
    sqlite3_clear_bindings(stmt);
    int index = 1;
    for (const auto& value : params) bind(stmt, index++, value);
    return stmt;
  }

  static void bind(sqlite3_stmt* stmt, int index, const Value& value) {
    if (auto p = std::get_if<int64_t>(&value)) {
      sqlite3_bind_int64(stmt, index, *p);
    } else if (auto p = std::get_if<double>(&value)) {
      sqlite3_bind_double(stmt, index, *p);
    } else if (auto p = std::get_if<std::string>(&value)) {
      // The caller's parameters outlive the step that reads them, and prepare() clears every
      // binding before the statement's next use, so SQLite need not copy the text.
      sqlite3_bind_text(stmt, index, p->data(), static_cast<int>(p->size()), SQLITE_STATIC);
    } else {
      sqlite3_bind_null(stmt, index);
    }
  }

  static Row read_row(sqlite3_stmt* stmt) {
    int count = sqlite3_column_count(stmt);
    std::vector<Value> columns;
    columns.reserve(count);
    for (int i = 0; i < count; ++i) {
      switch (sqlite3_column_type(stmt, i)) {
        case SQLITE_INTEGER:
          columns.emplace_back(static_cast<int64_t>(sqlite3_column_int64(stmt, i)));
          break;
        case SQLITE_FLOAT:
          columns.emplace_back(sqlite3_column_double(stmt, i));
          break;
        case SQLITE_NULL:
          columns.emplace_back(std::monostate{});
          break;
        default: {
          auto text = reinterpret_cast<const char*>(sqlite3_column_text(stmt, i));
          columns.emplace_back(std::string(text, sqlite3_column_bytes(stmt, i)));
        }
      }
    }
    return Row(std::move(columns));
  }

  [[noreturn]] void fail(sqlite3_stmt* stmt) {
    std::string message = sqlite3_errmsg(db_);
    sqlite3_reset(stmt);
    throw StoreError(message);
  }

  sqlite3* db_ = nullptr;
  std::function<int64_t()> clock_;  // kesher_now()'s user data, destroyed after db_ is closed
  // Looked up by the caller's string_view, without building a string for every statement run.
  struct SqlHash {
    using is_transparent = void;
    size_t operator()(std::string_view sql) const { return std::hash<std::string_view>{}(sql); }
  };
  std::unordered_map<std::string, sqlite3_stmt*, SqlHash, std::equal_to<>> statements_;
};

// Flushes the WAL file to disk from the group committer's second thread (store/group_commit.hpp):
// the writer commits with synchronous=NORMAL, which writes the WAL frames without syncing them,
// and its writes are answered once this has synced every frame written before it began. That is
// what synchronous=FULL does inside each commit, taken out of the committer's way
// (docs/decisions/0019-pipelined-commits.md). fsync works on the file, whichever descriptor
// wrote it, so this holds a descriptor of its own and never touches the writer's connection.
class WalFlush {
 public:
  explicit WalFlush(std::string database_path) : wal_path_(std::move(database_path) + "-wal") {}
  ~WalFlush() {
    if (fd_ >= 0) ::close(fd_);
  }
  WalFlush(const WalFlush&) = delete;
  WalFlush& operator=(const WalFlush&) = delete;

  void flush() {
    reopen_if_replaced();
    if (::fdatasync(fd_) != 0) throw StoreError(failure("fdatasync"));
  }

 private:
  // SQLite deletes the WAL when the last connection closes; this process keeps its writer open,
  // but a descriptor of a replaced file would sync the wrong one, so the inode is compared.
  void reopen_if_replaced() {
    struct stat named {};
    if (::stat(wal_path_.c_str(), &named) != 0) throw StoreError(failure("stat"));
    if (fd_ >= 0 && named.st_ino == inode_ && named.st_dev == device_) return;
    if (fd_ >= 0) ::close(fd_);
    fd_ = ::open(wal_path_.c_str(), O_RDWR | O_CLOEXEC);
    if (fd_ < 0) throw StoreError(failure("open"));
    struct stat opened {};
    if (::fstat(fd_, &opened) != 0) throw StoreError(failure("fstat"));
    inode_ = opened.st_ino;
    device_ = opened.st_dev;
    // A new file's name must survive a power loss too, as SQLite's first sync of a journal does.
    std::string folder = std::filesystem::path(wal_path_).parent_path().string();
    int directory =
        ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (directory >= 0) {
      ::fsync(directory);
      ::close(directory);
    }
  }

  // Reads errno before building the message, whose allocations may change it.
  std::string failure(const char* call) const {
    const char* reason = std::strerror(errno);
    return std::string("cannot ") + call + " " + wal_path_ + ": " + reason;
  }

  std::string wal_path_;
  int fd_ = -1;
  ino_t inode_ = 0;
  dev_t device_ = 0;
};

// Checkpoints the WAL on a thread of its own, so that the committer never stops to copy pages
// into the database file (SQLite's automatic checkpoint would run inside a commit).
class Checkpointer {
 public:
  static constexpr int kPagesBeforeCheckpoint = 4000;

  void start(const SqliteOptions& options) {
    connection_ = std::make_unique<SqliteConnection>(options);
    thread_ = std::thread([this] { run(); });
    pthread_setname_np(thread_.native_handle(), "kesher-ckpt");
  }
  // Called by the writer after each commit with the WAL's size in pages.
  void note_wal_pages(int pages) {
    if (pages < kPagesBeforeCheckpoint) return;
    {
      std::lock_guard lock(mutex_);
      wanted_ = true;
    }
    wake_.notify_one();
  }
  void stop() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_one();
    if (thread_.joinable()) thread_.join();
  }

 private:
  void run() {
    for (;;) {
      {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [&] { return stopping_ || wanted_; });
        if (stopping_) return;
        wanted_ = false;
      }
      // PASSIVE never blocks the writer or readers; what it can't copy now, the next one will.
      sqlite3_wal_checkpoint_v2(connection_->handle(), nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr,
                                nullptr);
    }
  }

  std::unique_ptr<SqliteConnection> connection_;
  std::thread thread_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool wanted_ = false;
  bool stopping_ = false;
};

class SqliteDatabase final : public Database {
 public:
  explicit SqliteDatabase(SqliteOptions options)
      : options_(std::move(options)), writer_(std::make_unique<SqliteConnection>(options_)) {
    // A batch of a thousand sends dirties a few thousand scattered pages; with SQLite's default
    // 2 MB cache it spilled them into the WAL mid-transaction and wrote many twice. The savepoints'
    // journals stay in memory too.
    writer_->run_script("PRAGMA cache_size=-65536; PRAGMA temp_store=MEMORY;");
    if (options_.durable_commits) {
      writer_->run_script("PRAGMA synchronous=NORMAL");
      wal_flush_ = std::make_unique<WalFlush>(options_.path);
      committer_ = std::make_unique<GroupCommitter>(
          GroupCommitter::Transaction{
              .begin = [this] { writer_->execute("BEGIN IMMEDIATE"); },
              .run = [this](PendingWrite& pending) { run_in_savepoint(pending); },
              .commit = [this] { commit(); }},
          [this] { wal_flush_->flush(); });
    } else {
      committer_ = std::make_unique<GroupCommitter>(
          [this](std::vector<PendingWrite>& batch) { commit_batch(batch); });
    }
    try {
      migrate();
    } catch (...) {
      committer_.reset();
      throw;
    }
    // Replaces the automatic checkpoint (a WAL hook turns it off).
    sqlite3_wal_hook(writer_->handle(), &SqliteDatabase::on_wal_commit, &checkpoints_);
    checkpoints_.start(options_);
  }

  void read(const std::function<void(Session&)>& work) override {
    std::unique_ptr<SqliteConnection> connection = take_reader();
    struct Return {
      SqliteDatabase* self;
      std::unique_ptr<SqliteConnection>& connection;
      ~Return() { self->return_reader(std::move(connection)); }
    } give_back{this, connection};
    // Readers see a consistent snapshot for the whole unit of work.
    connection->run_script("BEGIN");
    try {
      work(*connection);
      connection->run_script("COMMIT");
    } catch (...) {
      connection->run_script("ROLLBACK");
      throw;
    }
  }

  // Group commit (brief §7; store/group_commit.hpp).
  void write(const std::function<void(Session&)>& work) override { committer_->write(work); }
  void write_async(std::function<void(Session&)> work, WriteDone done) override {
    committer_->write_async(std::move(work), std::move(done));
  }
  size_t pending_writes() const override { return committer_->pending(); }
  void flush() override { committer_->flush(); }

  ~SqliteDatabase() override {
    committer_.reset();
    checkpoints_.stop();
  }

 private:
  static int on_wal_commit(void* checkpoints, sqlite3*, const char*, int pages) {
    static_cast<Checkpointer*>(checkpoints)->note_wal_pages(pages);
    return SQLITE_OK;
  }

  void commit_batch(std::vector<PendingWrite>& batch) {
    try {
      writer_->execute("BEGIN IMMEDIATE");
    } catch (...) {
      for (PendingWrite& pending : batch) pending.error = std::current_exception();
      return;
    }
    if (batch.size() == 1) {
      try {
        batch.front().work(*writer_);
      } catch (...) {
        batch.front().error = std::current_exception();
        rollback();
        return;
      }
    } else {
      for (PendingWrite& pending : batch) run_in_savepoint(pending);
    }
    try {
      commit();
    } catch (...) {
      auto error = std::current_exception();
      for (PendingWrite& pending : batch) {
        if (!pending.error) pending.error = error;
      }
    }
  }

  void commit() {
    try {
      writer_->execute("COMMIT");
    } catch (...) {
      rollback();
      throw;
    }
  }

  // Never throws: a unit's failure is its own, and the units after it go on.
  void run_in_savepoint(PendingWrite& pending) {
    // SQLite ends the whole transaction by itself after some I/O errors; a unit run then would
    // be committed on its own by its RELEASE, outside the batch, so it is refused instead, as
    // the batch's COMMIT will refuse the units before it.
    if (sqlite3_get_autocommit(writer_->handle())) {
      pending.error = std::make_exception_ptr(StoreError("the write transaction was rolled back"));
      return;
    }
    try {
      writer_->execute("SAVEPOINT unit");
      pending.work(*writer_);
      writer_->execute("RELEASE unit");
    } catch (...) {
      pending.error = std::current_exception();
      try {
        writer_->execute("ROLLBACK TO unit");
        writer_->execute("RELEASE unit");
      } catch (...) {
        // The savepoint is gone with the transaction, which the units' commit then reports.
      }
    }
  }

  void rollback() {
    try {
      writer_->execute("ROLLBACK");
    } catch (...) {
      // The transaction may already be gone (SQLite rolls back by itself on some I/O errors).
    }
  }

  void migrate() {
    writer_->run_script(
        "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at INTEGER "
        "NOT NULL)");
    for (const auto& migration : migrations()) {
      auto applied = writer_->query("SELECT 1 FROM schema_migrations WHERE name = ?",
                                    {std::string(migration.name)});
      if (!applied.empty()) continue;
      write([&](Session& session) {
        static_cast<SqliteConnection&>(session).run_script(std::string(migration.sql));
        session.execute(
            "INSERT INTO schema_migrations (name, applied_at) VALUES (?, strftime('%s'))",
            {std::string(migration.name)});
      });
    }
  }

  std::unique_ptr<SqliteConnection> take_reader() {
    {
      std::lock_guard lock(readers_mutex_);
      if (!readers_.empty()) {
        auto connection = std::move(readers_.back());
        readers_.pop_back();
        return connection;
      }
    }
    return std::make_unique<SqliteConnection>(options_);
  }

  void return_reader(std::unique_ptr<SqliteConnection> connection) {
    std::lock_guard lock(readers_mutex_);
    readers_.push_back(std::move(connection));
  }

  SqliteOptions options_;
  std::unique_ptr<SqliteConnection> writer_;
  std::unique_ptr<WalFlush> wal_flush_;
  std::unique_ptr<GroupCommitter> committer_;
  Checkpointer checkpoints_;
  std::mutex readers_mutex_;
  std::vector<std::unique_ptr<SqliteConnection>> readers_;
};

}  // namespace

std::unique_ptr<Database> open_sqlite(const SqliteOptions& options) {
  return std::make_unique<SqliteDatabase>(options);
}

}  // namespace kesher::store
