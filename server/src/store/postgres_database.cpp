// The PostgreSQL backend (docs/decisions/0015-postgres-client.md): libpq, one writer connection
// that group-commits like the SQLite backend, and a pool of reader connections.
#include <libpq-fe.h>

#include <atomic>
#include <charconv>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <future>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>

#include "store/database.hpp"
#include "store/group_commit.hpp"
#include "store/migrations.hpp"
#include "store/placeholders.hpp"

namespace kesher::store {

bool is_postgres_url(std::string_view url) {
  return url.starts_with("postgres://") || url.starts_with("postgresql://");
}

namespace {

// Type OIDs of pg_type (catalog/pg_type_d.h, which libpq-dev does not ship).
constexpr Oid kBoolOid = 16;
constexpr Oid kInt8Oid = 20;
constexpr Oid kInt2Oid = 21;
constexpr Oid kInt4Oid = 23;
constexpr Oid kOidOid = 26;
constexpr Oid kFloat4Oid = 700;
constexpr Oid kFloat8Oid = 701;
constexpr Oid kNumericOid = 1700;

// A StoreError that keeps the SQLSTATE, so that the committer can tell a deadlock or a
// serialization failure (worth running the unit again) from a broken rule.
class PostgresError : public StoreError {
 public:
  PostgresError(const std::string& message, std::string sqlstate)
      : StoreError(message), sqlstate_(std::move(sqlstate)) {}
  const std::string& sqlstate() const { return sqlstate_; }

 private:
  std::string sqlstate_;
};

// 40001 serialization_failure, 40P01 deadlock_detected: the unit did nothing wrong.
bool worth_retrying(const std::exception_ptr& error) {
  try {
    std::rethrow_exception(error);
  } catch (const PostgresError& e) {
    return e.sqlstate() == "40001" || e.sqlstate() == "40P01";
  } catch (...) {
    return false;
  }
}

struct ResultDeleter {
  void operator()(PGresult* result) const { PQclear(result); }
};
using Result = std::unique_ptr<PGresult, ResultDeleter>;

std::string seconds_text(const std::function<int64_t()>& clock) {
  return std::to_string(clock ? clock() : static_cast<int64_t>(std::time(nullptr)));
}

class PostgresConnection final : public Session {
 public:
  // `name` becomes the connection's application_name (unless the URL sets one), so that
  // pg_stat_activity tells which node and which role each connection serves.
  PostgresConnection(const std::string& url, std::string name) : url_(url), name_(std::move(name)) {
    connect();
  }
  ~PostgresConnection() override { PQfinish(conn_); }
  PostgresConnection(const PostgresConnection&) = delete;
  PostgresConnection& operator=(const PostgresConnection&) = delete;

  // A connection that the server dropped (restart, failover) is opened again before the next
  // unit of work; its prepared statements went with it.
  bool broken() const { return PQstatus(conn_) != CONNECTION_OK; }
  void reconnect_if_broken() {
    if (PQstatus(conn_) == CONNECTION_OK) return;
    statements_.clear();
    PQreset(conn_);
    if (PQstatus(conn_) != CONNECTION_OK) {
      throw StoreError(std::string("cannot reconnect to PostgreSQL: ") + PQerrorMessage(conn_));
    }
  }

  // Statements without parameters (transaction control, migrations); several may be given.
  void run_script(const std::string& sql) { check(Result(PQexec(conn_, sql.c_str())), sql); }

  using Session::execute;
  using Session::query;

  std::vector<Row> query(std::string_view sql, std::span<const Value> params) override {
    Result result = run(sql, params);
    std::vector<Row> rows;
    int count = PQntuples(result.get());
    int columns = PQnfields(result.get());
    rows.reserve(count);
    for (int r = 0; r < count; ++r) rows.emplace_back(read_row(result.get(), r, columns));
    return rows;
  }

  int64_t execute(std::string_view sql, std::span<const Value> params) override {
    Result result = run(sql, params);
    const char* changed = PQcmdTuples(result.get());
    int64_t count = 0;
    std::from_chars(changed, changed + std::strlen(changed), count);
    return count;
  }

  int64_t insert(std::string_view sql, std::span<const Value> params) override {
    std::string returning(sql);
    returning += " RETURNING id";
    auto rows = query(returning, params);
    if (rows.empty()) throw StoreError("insert returned no id: " + returning);
    return rows.front().integer(0);
  }

  std::vector<std::vector<Row>> query_batch(std::span<const Query> queries) override {
    if (queries.size() < 2) return Session::query_batch(queries);
    // Statements are prepared (one round trip each, once per connection) before the pipeline.
    std::vector<const std::string*> names;
    names.reserve(queries.size());
    for (const Query& q : queries) names.push_back(&prepared(q.sql, q.params));
    if (PQenterPipelineMode(conn_) != 1) {
      throw StoreError(std::string("cannot enter pipeline mode: ") + PQerrorMessage(conn_));
    }
    size_t sent = 0;
    for (; sent < queries.size(); ++sent) {
      ParamTexts texts(queries[sent].params);
      if (PQsendQueryPrepared(conn_, names[sent]->c_str(), texts.count(), texts.values.data(),
                              nullptr, nullptr, 0) != 1) {
        break;
      }
    }
    const bool synced = PQpipelineSync(conn_) == 1;
    // Every result is read, whatever happens, so that the connection leaves pipeline mode clean:
    // after a failed statement the rest come back PGRES_PIPELINE_ABORTED.
    std::vector<Result> results;
    results.reserve(sent);
    for (size_t i = 0; i < sent; ++i) {
      results.emplace_back(PQgetResult(conn_));
      while (PGresult* extra = PQgetResult(conn_)) PQclear(extra);  // ends this query's results
    }
    if (synced) {
      while (PGresult* end = PQgetResult(conn_)) {
        bool sync = PQresultStatus(end) == PGRES_PIPELINE_SYNC;
        PQclear(end);
        if (sync) break;
      }
    }
    PQexitPipelineMode(conn_);
    if (sent < queries.size() || !synced) {
      throw StoreError(std::string("cannot send a pipelined query: ") + PQerrorMessage(conn_));
    }
    std::vector<std::vector<Row>> rows(queries.size());
    for (size_t i = 0; i < sent; ++i) {
      check(results[i], queries[i].sql);
      PGresult* result = results[i].get();
      int count = PQntuples(result);
      int columns = PQnfields(result);
      rows[i].reserve(count);
      for (int r = 0; r < count; ++r) rows[i].emplace_back(read_row(result, r, columns));
    }
    return rows;
  }

  // The value the last insert drew from its table's identity sequence in this session.
  int64_t last_insert_id() override {
    auto row = query_one("SELECT lastval()");
    return row ? row->integer(0) : 0;
  }

 private:
  void connect() {
    const char* const keywords[] = {"dbname", "fallback_application_name", nullptr};
    const char* const values[] = {url_.c_str(), name_.c_str(), nullptr};
    conn_ = PQconnectdbParams(keywords, values, /*expand_dbname=*/1);
    if (PQstatus(conn_) != CONNECTION_OK) {
      std::string message = conn_ ? PQerrorMessage(conn_) : "out of memory";
      PQfinish(conn_);
      conn_ = nullptr;
      throw StoreError("cannot connect to PostgreSQL: " + message);
    }
    // Notices (e.g. "relation already exists, skipping") are not errors; keep them off stderr.
    PQsetNoticeProcessor(
        conn_, [](void*, const char*) {}, nullptr);
  }

  // Integers go as int8 and doubles as float8; text and NULL go untyped, for the server to infer
  // from the column, as SQLite's affinity accepts them.
  static Oid type_of(const Value& value) {
    if (std::holds_alternative<int64_t>(value)) return kInt8Oid;
    if (std::holds_alternative<double>(value)) return kFloat8Oid;
    return 0;
  }

  // Each SQL text is translated and prepared once per connection and parameter types.
  const std::string& prepared(std::string_view sql, std::span<const Value> params) {
    std::string key(sql);
    key += '\x1f';
    for (const auto& value : params) key += static_cast<char>('0' + value.index());
    auto it = statements_.find(key);
    if (it != statements_.end()) return it->second;
    std::string text = translate_placeholders(sql);
    std::vector<Oid> types;
    types.reserve(params.size());
    for (const auto& value : params) types.push_back(type_of(value));
    std::string name = "k" + std::to_string(statements_.size() + 1);
    check(Result(PQprepare(conn_, name.c_str(), text.c_str(), static_cast<int>(types.size()),
                           types.data())),
          text);
    return statements_.emplace(std::move(key), std::move(name)).first->second;
  }

  // Parameters as libpq takes them: text, or a null pointer for NULL.
  struct ParamTexts {
    std::vector<std::string> texts;
    std::vector<const char*> values;
    explicit ParamTexts(std::span<const Value> params)
        : texts(params.size()), values(params.size(), nullptr) {
      for (size_t i = 0; i < params.size(); ++i) {
        const Value& value = params[i];
        if (auto p = std::get_if<int64_t>(&value)) {
          texts[i] = std::to_string(*p);
        } else if (auto p = std::get_if<double>(&value)) {
          char buffer[32];
          std::snprintf(buffer, sizeof buffer, "%.17g", *p);
          texts[i] = buffer;
        } else if (auto p = std::get_if<std::string>(&value)) {
          texts[i] = *p;
        } else {
          continue;  // NULL
        }
        values[i] = texts[i].c_str();
      }
    }
    int count() const { return static_cast<int>(values.size()); }
  };

  Result run(std::string_view sql, std::span<const Value> params) {
    const std::string& name = prepared(sql, params);
    ParamTexts texts(params);
    Result result(PQexecPrepared(conn_, name.c_str(), texts.count(), texts.values.data(), nullptr,
                                 nullptr, 0));
    check(result, sql);
    return result;
  }

  void check(const Result& result, std::string_view sql) {
    ExecStatusType status = result ? PQresultStatus(result.get()) : PGRES_FATAL_ERROR;
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY) {
      return;
    }
    const char* state = result ? PQresultErrorField(result.get(), PG_DIAG_SQLSTATE) : nullptr;
    std::string message = result ? PQresultErrorMessage(result.get()) : PQerrorMessage(conn_);
    while (!message.empty() && message.back() == '\n') message.pop_back();
    if (sql.size() > 200) sql = sql.substr(0, 200);
    throw PostgresError(message + " in: " + std::string(sql), state ? state : "");
  }

  static Row read_row(PGresult* result, int row, int columns) {
    std::vector<Value> values;
    values.reserve(columns);
    for (int c = 0; c < columns; ++c) {
      if (PQgetisnull(result, row, c)) {
        values.emplace_back(std::monostate{});
        continue;
      }
      const char* text = PQgetvalue(result, row, c);
      size_t length = static_cast<size_t>(PQgetlength(result, row, c));
      values.push_back(value_of(PQftype(result, c), std::string_view(text, length)));
    }
    return Row(std::move(values));
  }

  // Results come as text; each is turned back into the Value SQLite would have given.
  static Value value_of(Oid type, std::string_view text) {
    switch (type) {
      case kBoolOid:
        return int64_t{text == "t" ? 1 : 0};
      case kInt2Oid:
      case kInt4Oid:
      case kInt8Oid:
      case kOidOid:
      case kNumericOid: {
        // numeric is what SUM(bigint) returns: an integer unless it has a fraction.
        int64_t number = 0;
        auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
        if (error == std::errc() && end == text.data() + text.size()) return number;
        if (type != kNumericOid) return std::string(text);
        [[fallthrough]];
      }
      case kFloat4Oid:
      case kFloat8Oid:
        return std::strtod(std::string(text).c_str(), nullptr);
      default:
        return std::string(text);
    }
  }

  std::string url_;
  std::string name_;
  PGconn* conn_ = nullptr;
  std::unordered_map<std::string, std::string> statements_;  // SQL and types → statement name
};

class PostgresDatabase final : public Database {
 public:
  static constexpr int kAttempts = 3;  // for a unit that meets a deadlock or serialization failure

  explicit PostgresDatabase(PostgresOptions options)
      : options_(std::move(options)),
        writer_(std::make_unique<PostgresConnection>(options_.url, name_of("writer"))) {
    if (options_.pool_size < 1) options_.pool_size = 1;
    migrate();
    committer_ = std::make_unique<GroupCommitter>(
        [this](std::vector<PendingWrite>& batch) { commit_batch(batch); });
  }

  ~PostgresDatabase() override { committer_.reset(); }

  void read(const std::function<void(Session&)>& work) override {
    // A read inside a read on the same thread must not wait for the pool: with every connection
    // held by outer reads it would wait for ever. It gets a connection of its own instead, as
    // the SQLite backend opens one whenever none is free.
    static thread_local int reads_on_this_thread = 0;
    bool nested = reads_on_this_thread > 0;
    std::unique_ptr<PostgresConnection> connection =
        nested ? std::make_unique<PostgresConnection>(options_.url, name_of("reader"))
               : take_reader();
    struct Return {
      PostgresDatabase* self;
      std::unique_ptr<PostgresConnection>& connection;
      bool nested;
      ~Return() {
        --reads_on_this_thread;
        if (!nested) self->return_reader(std::move(connection));
      }
    } give_back{this, connection, nested};
    ++reads_on_this_thread;
    connection->reconnect_if_broken();
    // One snapshot for the whole unit of work, as a SQLite read transaction has.
    connection->run_script("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; " + clock_setting());
    try {
      work(*connection);
      connection->run_script("COMMIT");
    } catch (...) {
      rollback(*connection);
      throw;
    }
  }

  void write(const std::function<void(Session&)>& work) override { committer_->write(work); }
  void write_async(std::function<void(Session&)> work, WriteDone done) override {
    committer_->write_async(std::move(work), std::move(done));
  }
  size_t pending_writes() const override { return committer_->pending(); }
  void flush() override { committer_->flush(); }

  // The job lock (docs/decisions/0018-job-election.md): a session-level advisory lock on a
  // connection of its own, held for as long as that connection lives. PostgreSQL lets go of it
  // when the connection ends, so a node that dies hands the jobs to the next node that asks.
  bool lead_jobs() override {
    std::lock_guard lock(leader_mutex_);
    try {
      if (leader_ && leader_->broken()) {
        // The lock went with the connection: another node may hold it now.
        leader_.reset();
        leading_ = false;
      }
      if (!leader_) leader_ = std::make_unique<PostgresConnection>(options_.url, name_of("jobs"));
      if (leading_) {
        leader_->run_script("SELECT 1");  // throws when the connection is gone
        return true;
      }
      auto row = leader_->query_one("SELECT pg_try_advisory_lock(?)", {kJobLockKey});
      leading_ = row && row->integer(0) == 1;
    } catch (const StoreError&) {
      leader_.reset();
      leading_ = false;
    }
    return leading_;
  }

 private:
  static constexpr int64_t kJobLockKey = 0x6b65736865720001;  // "kesher" and 1
  std::mutex leader_mutex_;
  std::unique_ptr<PostgresConnection> leader_;
  bool leading_ = false;

  // kesher_now() reads this transaction-local setting (migrations/postgres/0001_init.sql).
  std::string clock_setting() const {
    return "SELECT set_config('kesher.now', '" + seconds_text(options_.clock) + "', true)";
  }

  // Group commit, as the SQLite backend does it (store/group_commit.hpp): everything queued at
  // that moment runs in one transaction, each unit in its own savepoint.
  void commit_batch(std::vector<PendingWrite>& batch) {
    for (int attempt = 1;; ++attempt) {
      for (PendingWrite& pending : batch) pending.error = nullptr;
      std::exception_ptr failure;  // the transaction itself failed: every unit shares the error
      try {
        writer_->reconnect_if_broken();
        // With several units, the first unit's savepoint goes with BEGIN and each later one with
        // the RELEASE of the one before, and COMMIT releases the last: one round trip per unit
        // for its savepoint instead of two.
        std::string begin = "BEGIN; " + clock_setting();
        if (batch.size() > 1) begin += "; SAVEPOINT unit";
        writer_->run_script(begin);
        if (batch.size() == 1) {
          batch.front().work(*writer_);
        } else {
          for (size_t i = 0; i < batch.size(); ++i) {
            if (i > 0) writer_->run_script("RELEASE unit; SAVEPOINT unit");
            run_in_savepoint(batch[i]);
          }
        }
        writer_->run_script("COMMIT");
        return;
      } catch (...) {
        failure = std::current_exception();
      }
      rollback(*writer_);
      if (attempt < kAttempts && worth_retrying(failure)) continue;
      for (PendingWrite& pending : batch) pending.error = failure;
      return;
    }
  }

  // Runs a unit inside the savepoint `unit`, which the caller has opened. A unit that fails rolls
  // back to it alone (the savepoint stays, for the next unit); one that met a deadlock or a
  // serialization failure runs again. A failure of the savepoint statements themselves (the
  // connection is gone) propagates and fails the whole batch.
  void run_in_savepoint(PendingWrite& pending) {
    for (int attempt = 1;; ++attempt) {
      try {
        pending.work(*writer_);
        pending.error = nullptr;
        return;
      } catch (...) {
        pending.error = std::current_exception();
      }
      writer_->run_script("ROLLBACK TO unit");
      if (attempt >= kAttempts || !worth_retrying(pending.error)) return;
    }
  }

  static void rollback(PostgresConnection& connection) {
    try {
      connection.run_script("ROLLBACK");
    } catch (...) {
      // The connection may be gone; it is opened again before its next unit.
    }
  }

  // Each migration in a transaction of its own, under an advisory lock so that two nodes
  // starting together never apply one twice; the table of applied ones is made under it too.
  void migrate() {
    constexpr const char* kLock = "SELECT pg_advisory_xact_lock(7265736865720015)";
    writer_->run_script(std::string("BEGIN; ") + kLock +
                        "; CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, "
                        "applied_at BIGINT NOT NULL); COMMIT");
    for (const auto& migration : postgres_migrations()) {
      writer_->run_script(std::string("BEGIN; ") + kLock);
      try {
        bool applied = !writer_
                            ->query("SELECT 1 FROM schema_migrations WHERE name = ?",
                                    {std::string(migration.name)})
                            .empty();
        if (!applied) {
          writer_->run_script(std::string(migration.sql));
          writer_->execute(
              "INSERT INTO schema_migrations (name, applied_at) VALUES (?, "
              "EXTRACT(EPOCH FROM now())::BIGINT)",
              {std::string(migration.name)});
        }
        writer_->run_script("COMMIT");
      } catch (const StoreError& e) {
        rollback(*writer_);
        throw StoreError("migration " + std::string(migration.name) + ": " + e.what());
      }
    }
  }

  // Up to pool_size reader connections, opened when first needed; a reader waits for one to
  // come back when all are in use.
  std::unique_ptr<PostgresConnection> take_reader() {
    {
      std::unique_lock lock(readers_mutex_);
      reader_returned_.wait(
          lock, [&] { return !readers_.empty() || readers_open_ < options_.pool_size; });
      if (!readers_.empty()) {
        auto connection = std::move(readers_.back());
        readers_.pop_back();
        return connection;
      }
      ++readers_open_;
    }
    try {
      return std::make_unique<PostgresConnection>(options_.url, name_of("reader"));
    } catch (...) {
      std::lock_guard lock(readers_mutex_);
      --readers_open_;
      reader_returned_.notify_one();
      throw;
    }
  }

  void return_reader(std::unique_ptr<PostgresConnection> connection) {
    {
      std::lock_guard lock(readers_mutex_);
      readers_.push_back(std::move(connection));
    }
    reader_returned_.notify_one();
  }

  // "kesher <node> <role>": the name each connection shows in pg_stat_activity.
  std::string name_of(std::string_view role) const {
    std::string name = "kesher ";
    name += options_.node_name;
    name += ' ';
    name += role;
    return name;
  }

  PostgresOptions options_;
  std::unique_ptr<PostgresConnection> writer_;
  std::unique_ptr<GroupCommitter> committer_;
  std::mutex readers_mutex_;
  std::condition_variable reader_returned_;
  std::vector<std::unique_ptr<PostgresConnection>> readers_;
  int readers_open_ = 0;
};

}  // namespace

std::unique_ptr<Database> open_postgres(const PostgresOptions& options) {
  return std::make_unique<PostgresDatabase>(options);
}

}  // namespace kesher::store
