// The PostgreSQL backend on a throwaway cluster (tests/support/pg_cluster.hpp): the store's rules
// as on SQLite, the money rule across two nodes, and the schema mirrored from the SQLite one.
// Skipped, with the reason, where Debian's postgresql package is not installed.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <functional>
#include <future>
#include <mutex>
#include <set>
#include <thread>

#include "domain/money.hpp"
#include "store/auth_tokens.hpp"
#include "store/database.hpp"
#include "store/ledger.hpp"
#include "store/migrations.hpp"
#include "store/payments.hpp"
#include "store/users.hpp"
#include "support/pg_cluster.hpp"

using namespace kesher::store;
using kesher::testing::PostgresCluster;
using kesher::testing::shared_postgres_cluster;

namespace {

// The shared cluster, or a reason to skip.
PostgresCluster* cluster_or_skip_reason(std::string& reason) {
  try {
    return &shared_postgres_cluster();
  } catch (const std::exception& e) {
    reason = e.what();
    return nullptr;
  }
}

int64_t insert_user(Database& db, const std::string& email) {
  int64_t id = 0;
  db.write([&](Session& s) {
    NewUser user;
    user.email = email;
    user.name = "Dana";
    user.gender = 2;
    user.birth_date = {1990, 1, 1};
    user.place_id = 293397;
    id = users::insert(s, user, 1000);
  });
  return id;
}

// A sandbox order for a month of premium, 1.00 ILS.
void insert_premium_order(Database& db, const std::string& order_id, int64_t user_id, int64_t now) {
  db.write([&](Session& s) {
    payments::insert_order(s, {.id = order_id,
                               .user_id = user_id,
                               .provider = "sandbox",
                               .kind = "premium",
                               .package_id = 1,
                               .months = 1,
                               .amount_minor = 100,
                               .currency = "ILS",
                               .created_at = now,
                               .updated_at = now});
  });
}

}  // namespace

class PostgresStore : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string reason;
    cluster_ = cluster_or_skip_reason(reason);
    if (!cluster_) GTEST_SKIP() << "no PostgreSQL: " << reason;
    url_ = cluster_->create_database();
    db_ = open_postgres({url_, 4, [this] { return clock_.load(); }});
  }

  PostgresCluster* cluster_ = nullptr;
  std::string url_;
  std::atomic<int64_t> clock_{1'700'000'000};
  std::unique_ptr<Database> db_;
};

TEST_F(PostgresStore, MigrationsAreRecordedAndIdempotent) {
  db_.reset();
  db_ = open_postgres({url_, 1, {}});  // the second open applies nothing again
  int64_t count = 0;
  db_->read([&](Session& s) {
    count = s.query_one("SELECT COUNT(*) FROM schema_migrations")->integer(0);
  });
  EXPECT_EQ(count, static_cast<int64_t>(postgres_migrations().size()));
}

TEST_F(PostgresStore, EmailIsUniqueAndAFailedWriteLeavesNothing) {
  insert_user(*db_, "a@example.com");
  EXPECT_THROW(insert_user(*db_, "a@example.com"), StoreError);
  int64_t users = 0;
  db_->read([&](Session& s) { users = s.query_one("SELECT COUNT(*) FROM users")->integer(0); });
  EXPECT_EQ(users, 1);
}

TEST_F(PostgresStore, ValuesReadBackAsOnSqlite) {
  int64_t id = insert_user(*db_, "a@example.com");
  db_->write([&](Session& s) {
    // '?' inside a literal is text, not a parameter; booleans and SUM(bigint) read as integers.
    auto row = s.query_one(
        "SELECT '?', ?, (COALESCE(premium_until, 0) > kesher_now()), "
        "(SELECT COALESCE(SUM(delta), 0) FROM credit_ledger), 1.5::DOUBLE PRECISION, NULL "
        "FROM users WHERE id = ?",
        {std::string("it's"), id});
    ASSERT_TRUE(row);
    EXPECT_EQ(row->text(0), "?");
    EXPECT_EQ(row->text(1), "it's");
    EXPECT_EQ(row->integer(2), 0);
    EXPECT_EQ(row->integer(3), 0);
    EXPECT_EQ(row->text(4), std::to_string(1.5));
    EXPECT_TRUE(row->is_null(5));
    // last_insert_id is the id the insert drew.
    s.execute(
        "INSERT INTO reports (reporter_id, reported_id, reason, created_at) VALUES (?, ?, "
        "'spam', 1)",
        {id, id});
    int64_t report = s.last_insert_id();
    EXPECT_EQ(s.query_one("SELECT reporter_id FROM reports WHERE id = ?", {report})->integer(0),
              id);
  });
}

// Group commit (brief §7): units queued while the committer is busy share one transaction, as on
// SQLite; each still reports its own result.
TEST_F(PostgresStore, WritesQueuedTogetherShareOneCommit) {
  constexpr int kUnits = 200;
  std::mutex mutex;
  std::vector<int64_t> transactions;
  std::atomic<int> answered{0};
  for (int i = 0; i < kUnits; ++i) {
    db_->write_async(
        [&](Session& s) {
          int64_t id = s.query_one("SELECT txid_current()")->integer(0);
          std::lock_guard lock(mutex);
          transactions.push_back(id);
        },
        [&](std::exception_ptr error) {
          if (!error) ++answered;
        });
  }
  db_->flush();
  EXPECT_EQ(answered.load(), kUnits);
  ASSERT_EQ(transactions.size(), static_cast<size_t>(kUnits));
  std::set<int64_t> distinct(transactions.begin(), transactions.end());
  EXPECT_LT(distinct.size(), static_cast<size_t>(kUnits / 2)) << "units were not batched";
}

// A read inside a read never waits for the pool it holds (here a pool of one connection).
TEST_F(PostgresStore, ANestedReadDoesNotWaitForThePool) {
  auto small = open_postgres({url_, 1, {}});
  int64_t inner = 0;
  small->read([&](Session&) {
    small->read([&](Session& s) { inner = s.query_one("SELECT 7")->integer(0); });
  });
  EXPECT_EQ(inner, 7);
}

// kesher_now() in SQL is the server's clock (tests move it), read at the start of each unit.
TEST_F(PostgresStore, KesherNowFollowsTheServersClock) {
  int64_t id = insert_user(*db_, "a@example.com");
  db_->write([&](Session& s) {
    s.execute("UPDATE users SET premium_until = ? WHERE id = ?", {clock_.load() + 60, id});
  });
  auto premium = [&] {
    int64_t value = -1;
    db_->read([&](Session& s) {
      value = s.query_one(
                   "SELECT COALESCE(premium_until, 0) > kesher_now() FROM users WHERE id = ?", {id})
                  ->integer(0);
    });
    return value;
  };
  EXPECT_EQ(premium(), 1);
  clock_ += 61;
  EXPECT_EQ(premium(), 0);
}

TEST_F(PostgresStore, LedgerIsIdempotentAndNeverOverdraws) {
  int64_t id = insert_user(*db_, "a@example.com");
  db_->write([&](Session& s) {
    EXPECT_EQ(ledger::apply(s, {id, 200, "signup_bonus", "", "signup:1"}, 1),
              ledger::Outcome::applied);
    EXPECT_EQ(ledger::apply(s, {id, 200, "signup_bonus", "", "signup:1"}, 2),
              ledger::Outcome::duplicate);
    EXPECT_EQ(ledger::apply(s, {id, -150, "text", "m1", "spend:1"}, 3), ledger::Outcome::applied);
    EXPECT_EQ(ledger::apply(s, {id, -100, "text", "m2", "spend:2"}, 4),
              ledger::Outcome::insufficient_credits);
    // A repeat is told as such even when the balance could not pay it again.
    EXPECT_EQ(ledger::apply(s, {id, -150, "text", "m1", "spend:1"}, 5), ledger::Outcome::duplicate);
    // A refused entry left its key unused.
    EXPECT_EQ(ledger::apply(s, {id, -40, "text", "m2", "spend:2"}, 6), ledger::Outcome::applied);
  });
  db_->read([&](Session& s) {
    EXPECT_EQ(ledger::balance(s, id), 10);
    EXPECT_EQ(ledger::sum_of_entries(s, id), ledger::balance(s, id));
  });
}

// Group commit: a unit that throws inside a batch rolls back alone (its savepoint).
TEST_F(PostgresStore, AFailingUnitInABatchRollsBackAlone) {
  int64_t id = insert_user(*db_, "a@example.com");
  constexpr int kThreads = 16, kWrites = 10;
  std::atomic<int> thrown{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kWrites; ++i) {
        try {
          db_->write([&](Session& s) {
            ledger::apply(s, {id, 1, "grant", "", "g:" + std::to_string(t * 1000 + i)}, 1);
            if (i % 5 == 0) throw std::runtime_error("refused");
          });
        } catch (const std::runtime_error&) {
          ++thrown;
        }
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(thrown.load(), kThreads * kWrites / 5);
  db_->read([&](Session& s) {
    EXPECT_EQ(ledger::balance(s, id), kThreads * kWrites * 4 / 5);
    EXPECT_EQ(ledger::sum_of_entries(s, id), ledger::balance(s, id));
  });
}

// Session::query_batch: pipelined on PostgreSQL, each query's rows in order; a failing query
// throws its own error, and the connection leaves pipeline mode clean for what comes next (in a
// read, and in a write unit, which rolls back alone).
TEST_F(PostgresStore, ABatchOfQueriesAnswersEachInOrderAndAFailureLeavesTheConnectionClean) {
  int64_t id = insert_user(*db_, "a@example.com");
  db_->write([&](Session& s) { ledger::apply(s, {id, 70, "grant", "", "g:1"}, 1); });
  const Query reads[] = {ledger::balance_query(id),
                         {"SELECT email FROM users WHERE id = ?", {id}},
                         {"SELECT id FROM users WHERE id = ?", {id + 1000}},
                         {"SELECT ?1 + ?2", {int64_t{2}, int64_t{3}}}};
  const Query failing[] = {ledger::balance_query(id),
                           {"SELECT 1 / (? - ?)", {int64_t{4}, int64_t{4}}},
                           {"SELECT email FROM users WHERE id = ?", {id}}};
  for (int round = 0; round < 2; ++round) {
    db_->read([&](Session& s) {
      auto rows = s.query_batch(reads);
      ASSERT_EQ(rows.size(), 4u);
      EXPECT_EQ(ledger::balance_from(rows[0]), 70);
      ASSERT_EQ(rows[1].size(), 1u);
      EXPECT_EQ(rows[1][0].text(0), "a@example.com");
      EXPECT_TRUE(rows[2].empty());
      EXPECT_EQ(rows[3].at(0).integer(0), 5);
      try {
        s.query_batch(failing);
        ADD_FAILURE() << "division by zero answered";
      } catch (const StoreError& e) {
        EXPECT_NE(std::string(e.what()).find("division by zero"), std::string::npos) << e.what();
      }
    });
  }
  EXPECT_THROW(db_->write([&](Session& s) {
    ledger::apply(s, {id, 5, "grant", "", "g:2"}, 1);
    s.query_batch(failing);
  }),
               StoreError);
  db_->write([&](Session& s) {
    auto rows = s.query_batch(reads);
    EXPECT_EQ(ledger::balance_from(rows[0]), 70) << "the failed unit's grant was rolled back";
    ledger::apply(s, {id, 5, "grant", "", "g:3"}, 1);
  });
  db_->read([&](Session& s) { EXPECT_EQ(ledger::balance(s, id), 75); });
}

// The money rule across nodes (issue 15): two backends on one database, as two nodes would be,
// send N debits at once against credits for M < N. Exactly M are paid, the balance never goes
// below zero, and the ledger sums to the balance.
TEST_F(PostgresStore, ConcurrentDebitsFromTwoNodesPayExactlyM) {
  constexpr int kSends = 40, kPaid = 10, kPrice = 50;
  int64_t id = insert_user(*db_, "a@example.com");
  db_->write([&](Session& s) { ledger::apply(s, {id, kPaid * kPrice, "grant", "", "grant"}, 1); });
  auto second_node = open_postgres({url_, 4, {}});
  Database* nodes[] = {db_.get(), second_node.get()};
  std::atomic<int> applied{0}, refused{0}, failed{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < kSends; ++i) {
    threads.emplace_back([&, i] {
      try {
        nodes[i % 2]->write([&](Session& s) {
          auto outcome =
              ledger::apply(s, {id, -kPrice, "text", "", "send:" + std::to_string(i)}, 2);
          if (outcome == ledger::Outcome::applied) ++applied;
          if (outcome == ledger::Outcome::insufficient_credits) ++refused;
        });
      } catch (const StoreError&) {
        ++failed;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(applied.load(), kPaid);
  EXPECT_EQ(refused.load(), kSends - kPaid);
  EXPECT_EQ(failed.load(), 0);
  db_->read([&](Session& s) {
    EXPECT_EQ(ledger::balance(s, id), 0);
    EXPECT_EQ(ledger::sum_of_entries(s, id), 0);
    EXPECT_EQ(
        s.query_one("SELECT COUNT(*) FROM credit_ledger WHERE user_id = ? AND delta < 0", {id})
            ->integer(0),
        kPaid);
  });
}

// Premium months bought at once through two nodes all count: the grant reads premium_until only
// once the member's row is its own, so no extension overwrites another.
TEST_F(PostgresStore, PremiumBoughtThroughTwoNodesAtOnceKeepsEveryMonth) {
  constexpr int kOrders = 8;
  constexpr int64_t kNow = 1'700'000'000;
  int64_t id = insert_user(*db_, "premium@example.com");
  for (int i = 0; i < kOrders; ++i) {
    insert_premium_order(*db_, "order-" + std::to_string(i), id, kNow);
  }
  auto second_node = open_postgres({url_, 4, {}});
  Database* nodes[] = {db_.get(), second_node.get()};
  std::atomic<int> applied{0}, failed{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < kOrders; ++i) {
    threads.emplace_back([&, i] {
      try {
        nodes[i % 2]->write([&](Session& s) {
          auto result =
              payments::apply_event(s,
                                    {"sandbox", "event-" + std::to_string(i), "payment.succeeded",
                                     "order-" + std::to_string(i), 100, "ILS"},
                                    kNow);
          if (result.outcome == payments::EventOutcome::applied) ++applied;
        });
      } catch (const StoreError&) {
        ++failed;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(applied.load(), kOrders);
  EXPECT_EQ(failed.load(), 0);
  std::optional<int64_t> expected;
  for (int i = 0; i < kOrders; ++i) {
    expected = kesher::domain::premium_extended_until(expected, 1, kNow);
  }
  db_->read([&](Session& s) {
    EXPECT_EQ(users::find_by_id(s, id)->premium_until, expected) << "one month per order";
  });
}

// The jobs that must run once (docs/decisions/0018-job-election.md): one node leads at a time,
// and when its connection goes (the node died) another takes over at its next try.
TEST_F(PostgresStore, OneNodeLeadsTheJobsAndAnotherTakesOverWhenItGoes) {
  auto second_node = open_postgres({url_, 1, {}});
  auto third_node = open_postgres({url_, 1, {}});
  ASSERT_TRUE(db_->lead_jobs());
  EXPECT_TRUE(db_->lead_jobs()) << "the holder keeps leading";
  EXPECT_FALSE(second_node->lead_jobs());
  EXPECT_FALSE(third_node->lead_jobs());
  db_.reset();  // its connections close, as a killed node's do
  // The server lets go of the lock once it has seen the connection end: each node tries at its
  // tick (every second in the server; here every 50 ms for up to 5 s).
  bool second = false, third = false;
  for (int tick = 0; tick < 100 && !second && !third; ++tick) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    second = second_node->lead_jobs();
    third = third_node->lead_jobs();
  }
  EXPECT_TRUE(second != third) << "exactly one of the others leads now";
  EXPECT_EQ(second_node->lead_jobs(), second) << "and goes on leading";
}

// The same idempotency key sent through both nodes at once is paid once: the second unit finds
// the row, or fails on the unique key and rolls back with its debit.
TEST_F(PostgresStore, OneKeyThroughTwoNodesIsPaidOnce) {
  int64_t id = insert_user(*db_, "a@example.com");
  db_->write([&](Session& s) { ledger::apply(s, {id, 1000, "grant", "", "grant"}, 1); });
  auto second_node = open_postgres({url_, 4, {}});
  Database* nodes[] = {db_.get(), second_node.get()};
  for (int round = 0; round < 10; ++round) {
    std::string key = "send:" + std::to_string(round);
    std::atomic<int> applied{0};
    std::vector<std::thread> threads;
    for (int i = 0; i < 4; ++i) {
      threads.emplace_back([&, i] {
        try {
          nodes[i % 2]->write([&](Session& s) {
            if (ledger::apply(s, {id, -10, "text", "", key}, 2) == ledger::Outcome::applied) {
              ++applied;
            }
          });
        } catch (const StoreError&) {
          // the unique key refused the second insert: rolled back, nothing paid
        }
      });
    }
    for (auto& thread : threads) thread.join();
    EXPECT_EQ(applied.load(), 1) << key;
  }
  db_->read([&](Session& s) {
    EXPECT_EQ(ledger::balance(s, id), 1000 - 10 * 10);
    EXPECT_EQ(ledger::sum_of_entries(s, id), ledger::balance(s, id));
  });
}

namespace {

// Runs `first` in a unit on node A and, once it has run but before A commits, `second` in a unit
// on node B: B reads what A has not committed yet (READ COMMITTED), then its write waits for A's
// row lock and runs after A's commit. A holds its transaction open for a moment so that B's
// write reaches the lock first.
void interleave_on_two_nodes(Database& a, Database& b, const std::function<void(Session&)>& first,
                             const std::function<void(Session&)>& second) {
  std::promise<void> first_ran;
  auto first_ran_future = first_ran.get_future();
  std::thread node_a([&] {
    a.write([&](Session& s) {
      first(s);
      first_ran.set_value();
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
    });
  });
  first_ran_future.wait();
  b.write(second);
  node_a.join();
}

}  // namespace

// A one-time token (escape, reset, verify) spent on two nodes at once is spent once: the second
// node read it unspent, and its UPDATE, run after the first commit, finds it used.
TEST_F(PostgresStore, ATokenSpentThroughTwoNodesAtOnceIsSpentOnce) {
  int64_t id = insert_user(*db_, "token@example.com");
  const int64_t now = clock_.load();
  db_->write([&](Session& s) { tokens::insert(s, "hash-1", id, "escape", now, now + 60); });
  auto second_node = open_postgres({url_, 4, [this] { return clock_.load(); }});
  std::optional<int64_t> first, second;
  interleave_on_two_nodes(
      *db_, *second_node, [&](Session& s) { first = tokens::consume(s, "hash-1", "escape", now); },
      [&](Session& s) { second = tokens::consume(s, "hash-1", "escape", now); });
  EXPECT_EQ(first, id);
  EXPECT_EQ(second, std::nullopt) << "the token was spent twice";
}

// Two success events for one premium order (two event ids, as two nodes' sandbox checkouts send)
// through two nodes at once grant its month once.
TEST_F(PostgresStore, OneOrderPaidThroughTwoNodesAtOnceIsGrantedOnce) {
  constexpr int64_t kNow = 1'700'000'000;
  int64_t id = insert_user(*db_, "order@example.com");
  insert_premium_order(*db_, "order-1", id, kNow);
  auto second_node = open_postgres({url_, 4, {}});
  auto pay = [&](const std::string& event_id, payments::EventOutcome& outcome) {
    return [&, event_id](Session& s) {
      outcome = payments::apply_event(
                    s, {"sandbox", event_id, "payment.succeeded", "order-1", 100, "ILS"}, kNow)
                    .outcome;
    };
  };
  payments::EventOutcome first{}, second{};
  interleave_on_two_nodes(*db_, *second_node, pay("event-1", first), pay("event-2", second));
  EXPECT_EQ(first, payments::EventOutcome::applied);
  EXPECT_EQ(second, payments::EventOutcome::ignored);
  db_->read([&](Session& s) {
    EXPECT_EQ(users::find_by_id(s, id)->premium_until,
              kesher::domain::premium_extended_until(std::nullopt, 1, kNow))
        << "one month, not two";
    EXPECT_EQ(payments::find_order(s, "order-1")->state, "paid");
  });
}

// The two schemas (issue 15: "checked by the same schema test"): the same migrations by name,
// and after them the same tables, columns and indexes on both engines.
class SchemaTest : public ::testing::Test {};

TEST_F(SchemaTest, PostgresMigrationsMirrorTheSqliteOnes) {
  std::vector<std::string> sqlite_names, postgres_names;
  for (const auto& m : migrations()) sqlite_names.emplace_back(m.name);
  for (const auto& m : postgres_migrations()) postgres_names.emplace_back(m.name);
  EXPECT_EQ(sqlite_names, postgres_names);
}

TEST_F(SchemaTest, BothEnginesHaveTheSameTablesColumnsAndIndexes) {
  std::string reason;
  PostgresCluster* cluster = cluster_or_skip_reason(reason);
  if (!cluster) GTEST_SKIP() << "no PostgreSQL: " << reason;
  auto folder =
      std::filesystem::temp_directory_path() / ("kesher-schema-" + std::to_string(::getpid()));
  std::filesystem::create_directories(folder);
  std::set<std::string> sqlite_columns, sqlite_indexes, postgres_columns, postgres_indexes;
  {
    auto sqlite = open_sqlite({(folder / "schema.db").string()});
    sqlite->read([&](Session& s) {
      for (const auto& table : s.query("SELECT name FROM sqlite_master WHERE type = 'table' AND "
                                       "name NOT LIKE 'sqlite_%'")) {
        for (const auto& column :
             s.query("SELECT name, \"notnull\", pk FROM pragma_table_info(?)", {table.text(0)})) {
          sqlite_columns.insert(table.text(0) + "." + column.text(0) +
                                (column.integer(1) || column.integer(2) ? " not null" : ""));
        }
      }
      for (const auto& index :
           s.query("SELECT tbl_name, name FROM sqlite_master WHERE type = 'index' AND sql IS NOT "
                   "NULL")) {
        sqlite_indexes.insert(index.text(0) + "." + index.text(1));
      }
    });
  }
  std::filesystem::remove_all(folder);
  // From scratch, not from the template: the migrations themselves run here.
  auto postgres = open_postgres({cluster->create_empty_database(), 1, {}});
  postgres->read([&](Session& s) {
    for (const auto& column : s.query(
             "SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE "
             "table_schema = 'public'")) {
      // feature_prices.rowid stands for SQLite's implicit rowid (migrations/postgres/0010).
      if (column.text(0) == "feature_prices" && column.text(1) == "rowid") continue;
      postgres_columns.insert(column.text(0) + "." + column.text(1) +
                              (column.text(2) == "NO" ? " not null" : ""));
    }
    // Indexes made by CREATE INDEX; those behind PRIMARY KEY and UNIQUE constraints (SQLite's
    // sqlite_autoindex_*) are compared through the constraints below.
    for (const auto& index :
         s.query("SELECT tablename, indexname FROM pg_indexes WHERE schemaname = 'public' AND "
                 "indexname NOT IN (SELECT conname FROM pg_constraint)")) {
      postgres_indexes.insert(index.text(0) + "." + index.text(1));
    }
    // The money rules: unique idempotency keys and no negative balance.
    auto constraint = [&](const std::string& table, const std::string& definition) {
      return s
          .query_one(
              "SELECT COUNT(*) FROM pg_constraint WHERE conrelid = ?::regclass AND "
              "pg_get_constraintdef(oid) LIKE ?",
              {table, definition})
          ->integer(0);
    };
    EXPECT_EQ(constraint("credit_ledger", "UNIQUE (idempotency_key)"), 1);
    EXPECT_EQ(constraint("spin_ledger", "UNIQUE (idempotency_key)"), 1);
    EXPECT_EQ(constraint("users", "CHECK ((credits >= 0))"), 1);
    EXPECT_EQ(constraint("users", "CHECK ((free_spins >= 0))"), 1);
  });
  sqlite_columns.erase("schema_migrations.name not null");
  sqlite_columns.erase("schema_migrations.applied_at not null");
  postgres_columns.erase("schema_migrations.name not null");
  postgres_columns.erase("schema_migrations.applied_at not null");
  EXPECT_GT(sqlite_columns.size(), 150u);  // every table's columns, not an empty read
  EXPECT_GT(sqlite_indexes.size(), 40u);
  EXPECT_EQ(sqlite_columns, postgres_columns);
  EXPECT_EQ(sqlite_indexes, postgres_indexes);
}
