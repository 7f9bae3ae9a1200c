#pragma once
#include <cstdint>
#include <exception>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace kesher::store {

// A database failure (constraint, I/O, busy). Thrown inside the store only; the dispatchers turn it
// into an internal_error reply, so it never crosses the network path.
class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

using Value = std::variant<std::monostate, int64_t, double, std::string>;

class Row {
 public:
  explicit Row(std::vector<Value> columns) : columns_(std::move(columns)) {}
  int64_t integer(size_t i) const;
  std::string text(size_t i) const;
  bool is_null(size_t i) const;
  size_t size() const { return columns_.size(); }

 private:
  std::vector<Value> columns_;
};

// One statement of a batch (Session::query_batch). `sql` must outlive the call.
struct Query {
  std::string_view sql;
  std::vector<Value> params;
};

// One connection's view: SQL with '?' or numbered '?N' placeholders, written once for every
// backend.
class Session {
 public:
  virtual ~Session() = default;
  virtual std::vector<Row> query(std::string_view sql, std::span<const Value> params) = 0;
  // Returns the number of rows changed.
  virtual int64_t execute(std::string_view sql, std::span<const Value> params) = 0;
  virtual int64_t last_insert_id() = 0;
  // Runs an INSERT of one row into a table whose key is `id`, and returns that id: SQLite asks its
  // API afterwards, PostgreSQL adds RETURNING id (one round trip instead of two).
  virtual int64_t insert(std::string_view sql, std::span<const Value> params) = 0;

  std::vector<Row> query(std::string_view sql, std::initializer_list<Value> params = {}) {
    return query(sql, std::span<const Value>(params.begin(), params.size()));
  }
  std::vector<Row> query(const Query& q) { return query(q.sql, q.params); }
  int64_t execute(std::string_view sql, std::initializer_list<Value> params = {}) {
    return execute(sql, std::span<const Value>(params.begin(), params.size()));
  }
  int64_t insert(std::string_view sql, std::initializer_list<Value> params) {
    return insert(sql, std::span<const Value>(params.begin(), params.size()));
  }

  std::optional<Row> query_one(std::string_view sql, std::initializer_list<Value> params = {}) {
    auto rows = query(sql, params);
    if (rows.empty()) return std::nullopt;
    return std::move(rows.front());
  }

  // Runs queries that do not depend on each other and returns each one's rows, in order. SQLite
  // runs them one after the other; PostgreSQL sends them together (libpq's pipeline mode), so
  // that they cost one round trip instead of one each.
  virtual std::vector<std::vector<Row>> query_batch(std::span<const Query> queries) {
    std::vector<std::vector<Row>> results;
    results.reserve(queries.size());
    for (const Query& q : queries) results.push_back(query(q));
    return results;
  }
};

// The first row of a result, if any.
inline std::optional<Row> first_row(std::vector<Row>& rows) {
  if (rows.empty()) return std::nullopt;
  return std::move(rows.front());
}

// Blocking: call it from worker threads, never from a network thread (brief §7).
class Database {
 public:
  virtual ~Database() = default;
  // Runs `work` on a read connection (parallel readers).
  virtual void read(const std::function<void(Session&)>& work) = 0;
  // Runs `work` in one write transaction; an exception rolls it back and propagates. Returns once
  // the transaction is durable.
  virtual void write(const std::function<void(Session&)>& work) = 0;
  // The same without waiting: `done` runs on the database's own thread once the unit is durable,
  // or rolled back (with the exception). `done` must be quick and must not call write().
  using WriteDone = std::function<void(std::exception_ptr)>;
  virtual void write_async(std::function<void(Session&)> work, WriteDone done) = 0;
  // Units queued and not yet committed: callers refuse new work above a bound (backpressure).
  virtual size_t pending_writes() const = 0;
  // Waits until every queued unit is committed and its `done` has run (for shutdown: after this,
  // nothing calls back into the server).
  virtual void flush() = 0;
  // Whether this node runs the jobs that must run once in a cluster (docs/decisions/0018): SQLite
  // has one node, which always does; PostgreSQL answers whether this node holds the job lock,
  // trying to take it when it does not. Blocking; call it from a worker, now and then.
  virtual bool lead_jobs() { return true; }
};

struct SqliteOptions {
  std::string path;
  int busy_timeout_ms = 5000;
  // FULL: a commit returns after its fsync, so a power loss keeps it. NORMAL: WAL pages are
  // synced at checkpoints only; safe against crashes of the process, not of the machine.
  bool durable_commits = true;
  // Unix seconds for the SQL function kesher_now(); the system clock when empty.
  std::function<int64_t()> clock;
};

std::unique_ptr<Database> open_sqlite(const SqliteOptions& options);

// PostgreSQL (docs/decisions/0015-postgres-client.md): one writer connection that group-commits
// like the SQLite backend, and a pool of reader connections.
struct PostgresOptions {
  // A libpq URL: postgres://user:password@host:5432/kesher, or
  // postgres:///kesher?host=/run/folder for a Unix socket.
  std::string url;
  int pool_size = 4;  // reader connections, opened as they are needed
  // Unix seconds for the SQL function kesher_now(); the system clock when empty.
  std::function<int64_t()> clock;
  // Names this process's connections in pg_stat_activity ("kesher <node_name> writer", …),
  // unless the URL sets application_name itself.
  std::string node_name;
};

// Connects, applies the PostgreSQL migrations (under an advisory lock, so that nodes starting
// together apply each once) and returns the backend. Throws StoreError when it cannot.
std::unique_ptr<Database> open_postgres(const PostgresOptions& options);

// Whether a --database value names a PostgreSQL database (postgres:// or postgresql://).
bool is_postgres_url(std::string_view url);

}  // namespace kesher::store
