#include <sqlite3.h>

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
    run_script("PRAGMA journal_mode=WAL; PRAGMA foreign_keys=ON; PRAGMA synchronous=NORMAL;");
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

  void write(const std::function<void(Session&)>& work) override {
    std::lock_guard lock(writer_mutex_);
    writer_->run_script("BEGIN IMMEDIATE");
    try {
      work(*writer_);
      writer_->run_script("COMMIT");
    } catch (...) {
      writer_->run_script("ROLLBACK");
      throw;
    }
  }

 private:
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
  std::mutex writer_mutex_;
  std::unique_ptr<SqliteConnection> writer_;
  std::mutex readers_mutex_;
  std::vector<std::unique_ptr<SqliteConnection>> readers_;
};

}  // namespace

std::unique_ptr<Database> open_sqlite(const SqliteOptions& options) {
  return std::make_unique<SqliteDatabase>(options);
}

}  // namespace kesher::store
