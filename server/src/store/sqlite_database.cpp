#include <sqlite3.h>

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <string>
#include <unordered_map>

#include "store/database.hpp"
#include "store/migrations.hpp"

namespace kesher::store {

int64_t Row::integer(size_t i) const {
  const auto& v = columns_.at(i);
  if (auto p = std::get_if<int64_t>(&v)) return *p;
  if (auto p = std::get_if<double>(&v)) return static_cast<int64_t>(*p);
  if (auto p = std::get_if<std::string>(&v)) return std::stoll(*p);
  return 0;
}

double Row::real(size_t i) const {
  const auto& v = columns_.at(i);
  if (auto p = std::get_if<double>(&v)) return *p;
  if (auto p = std::get_if<int64_t>(&v)) return static_cast<double>(*p);
  return 0.0;
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
  SqliteConnection(const std::string& path, int busy_timeout_ms) {
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
    if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
      std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
      sqlite3_close(db_);
      throw StoreError("cannot open " + path + ": " + message);
    }
    sqlite3_busy_timeout(db_, busy_timeout_ms);
    run_script("PRAGMA journal_mode=WAL; PRAGMA foreign_keys=ON; PRAGMA synchronous=FULL;");
  }
  ~SqliteConnection() override {
    for (auto& [sql, stmt] : statements_) sqlite3_finalize(stmt);
    sqlite3_close(db_);
  }
  SqliteConnection(const SqliteConnection&) = delete;
  SqliteConnection& operator=(const SqliteConnection&) = delete;

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
      if (rc != SQLITE_ROW) fail(stmt, rc);
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
    if (rc != SQLITE_DONE) fail(stmt, rc);
    sqlite3_reset(stmt);
    return sqlite3_changes64(db_);
  }

  int64_t last_insert_id() override { return sqlite3_last_insert_rowid(db_); }

 private:
  sqlite3_stmt* prepare(std::string_view sql, std::span<const Value> params) {
    std::string key(sql);
    auto it = statements_.find(key);
    sqlite3_stmt* stmt = nullptr;
    if (it == statements_.end()) {
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
      sqlite3_bind_text(stmt, index, p->data(), static_cast<int>(p->size()), SQLITE_TRANSIENT);
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

  [[noreturn]] void fail(sqlite3_stmt* stmt, int rc) {
    std::string message = sqlite3_errmsg(db_);
    sqlite3_reset(stmt);
    bool constraint = (rc & 0xff) == SQLITE_CONSTRAINT;
    throw StoreError(message, constraint);
  }

  sqlite3* db_ = nullptr;
  std::unordered_map<std::string, sqlite3_stmt*> statements_;
};

class SqliteDatabase final : public Database {
 public:
  explicit SqliteDatabase(SqliteOptions options)
      : options_(std::move(options)),
        writer_(std::make_unique<SqliteConnection>(options_.path, options_.busy_timeout_ms)) {
    migrate();
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

  // Group commit (brief §7): concurrent writers queue up; the first in line commits everyone
  // waiting behind it in one transaction, each unit of work inside its own savepoint so that one
  // failing unit rolls back alone. One fsync then pays for the whole batch.
  void write(const std::function<void(Session&)>& work) override {
    PendingWrite mine{&work};
    std::unique_lock lock(queue_mutex_);
    queue_.push_back(&mine);
    mine.ready.wait(lock, [&] { return mine.done || queue_.front() == &mine; });
    if (!mine.done) {
      size_t count = std::min(queue_.size(), kMaxBatch);
      std::vector<PendingWrite*> batch(queue_.begin(), queue_.begin() + count);
      lock.unlock();
      commit_batch(batch);
      lock.lock();
      for (PendingWrite* pending : batch) {
        queue_.pop_front();
        pending->done = true;
        if (pending != &mine) pending->ready.notify_one();
      }
      if (!queue_.empty()) queue_.front()->ready.notify_one();
    }
    lock.unlock();
    if (mine.error) std::rethrow_exception(mine.error);
  }

 private:
  struct PendingWrite {
    const std::function<void(Session&)>* work;
    std::exception_ptr error;
    bool done = false;
    std::condition_variable ready;
  };
  static constexpr size_t kMaxBatch = 512;

  void commit_batch(const std::vector<PendingWrite*>& batch) {
    try {
      writer_->execute("BEGIN IMMEDIATE");
    } catch (...) {
      for (PendingWrite* pending : batch) pending->error = std::current_exception();
      return;
    }
    if (batch.size() == 1) {
      try {
        (*batch.front()->work)(*writer_);
      } catch (...) {
        batch.front()->error = std::current_exception();
        rollback();
        return;
      }
    } else {
      for (PendingWrite* pending : batch) run_in_savepoint(*pending);
    }
    try {
      writer_->execute("COMMIT");
    } catch (...) {
      auto error = std::current_exception();
      rollback();
      for (PendingWrite* pending : batch) {
        if (!pending->error) pending->error = error;
      }
    }
  }

  void run_in_savepoint(PendingWrite& pending) {
    writer_->execute("SAVEPOINT unit");
    try {
      (*pending.work)(*writer_);
      writer_->execute("RELEASE unit");
    } catch (...) {
      pending.error = std::current_exception();
      writer_->execute("ROLLBACK TO unit");
      writer_->execute("RELEASE unit");
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
    return std::make_unique<SqliteConnection>(options_.path, options_.busy_timeout_ms);
  }

  void return_reader(std::unique_ptr<SqliteConnection> connection) {
    std::lock_guard lock(readers_mutex_);
    readers_.push_back(std::move(connection));
  }

  SqliteOptions options_;
  std::unique_ptr<SqliteConnection> writer_;
  std::mutex queue_mutex_;
  std::deque<PendingWrite*> queue_;
  std::mutex readers_mutex_;
  std::vector<std::unique_ptr<SqliteConnection>> readers_;
};

}  // namespace

std::unique_ptr<Database> open_sqlite(const SqliteOptions& options) {
  return std::make_unique<SqliteDatabase>(options);
}

}  // namespace kesher::store
