#include "store/sqlite_library.hpp"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>
#include <string>

#include "store_fixture.hpp"

namespace kesher::testing {
namespace {

class PageCacheGuard : public StoreFixture {
 protected:
  // Rows with random keys under an index, in many small transactions: b-tree pages split all
  // the time, some reordering their new pages through the lock-byte page's number.
  void insert_random_rows(int transactions, int rows_each, std::mt19937_64& random) {
    for (int t = 0; t < transactions; ++t) {
      db_->write([&](store::Session& s) {
        for (int r = 0; r < rows_each; ++r) {
          s.execute("INSERT INTO guard_rows (key, body) VALUES (?, ?)",
                    {static_cast<int64_t>(random() >> 1), std::string(200, 'x')});
        }
      });
    }
  }
  int64_t count_rows() {
    int64_t rows = 0;
    db_->read([&](store::Session& s) {
      rows =
          s.query_one("SELECT COUNT(*) FROM guard_rows INDEXED BY guard_rows_by_key")->integer(0);
    });
    return rows;
  }
  std::string integrity() {
    std::string result;
    db_->read([&](store::Session& s) { result = s.query_one("PRAGMA integrity_check")->text(0); });
    return result;
  }
};

TEST_F(PageCacheGuard, CommitsSkipTheScanAfterAPageWasParkedAndTheDatabaseStaysWhole) {
  db_->write([](store::Session& s) {
    s.execute("CREATE TABLE guard_rows (id INTEGER PRIMARY KEY, key INTEGER NOT NULL, body TEXT)");
    s.execute("CREATE INDEX guard_rows_by_key ON guard_rows(key)");
  });
  std::mt19937_64 random(7);
  // Until SQLite has parked a page at the lock-byte page's number at least once.
  int64_t rows = 0;
  auto start = store::page_cache_truncations();
  while (store::page_cache_truncations().parked == start.parked && rows < 100000) {
    insert_random_rows(1, 20, random);
    rows += 20;
  }
  ASSERT_GT(store::page_cache_truncations().parked, start.parked);
  auto before = store::page_cache_truncations();
  // Transactions large enough that most of them park a page on the way.
  insert_random_rows(100, 300, random);
  rows += 100 * 300;
  auto after = store::page_cache_truncations();
  EXPECT_GT(after.parked - before.parked, 100U);
  // Nothing is ever past the end after these commits, parked pages or not: none is passed on.
  EXPECT_GE(after.skipped - before.skipped, 100U);
  EXPECT_LE(after.forwarded - before.forwarded, 2U);
  EXPECT_EQ(count_rows(), rows);
  EXPECT_EQ(integrity(), "ok");
}

// A unit that grew the file and then failed is rolled back: the pages it added are past the
// database's end again, and the truncation that drops them must reach SQLite's cache.
TEST_F(PageCacheGuard, PagesOfARolledBackUnitAreDroppedAndTheFileStaysWhole) {
  db_->write([](store::Session& s) {
    s.execute("CREATE TABLE guard_rows (id INTEGER PRIMARY KEY, key INTEGER NOT NULL, body TEXT)");
    s.execute("CREATE INDEX guard_rows_by_key ON guard_rows(key)");
  });
  std::mt19937_64 random(11);
  insert_random_rows(50, 20, random);
  auto before = store::page_cache_truncations();
  for (int round = 0; round < 20; ++round) {
    EXPECT_THROW(db_->write([&](store::Session& s) {
      for (int r = 0; r < 200; ++r) {
        s.execute("INSERT INTO guard_rows (key, body) VALUES (?, ?)",
                  {static_cast<int64_t>(random() >> 1), std::string(3000, 'y')});
      }
      throw std::runtime_error("refused");
    }),
                 std::runtime_error);
    insert_random_rows(2, 20, random);
  }
  auto after = store::page_cache_truncations();
  EXPECT_GT(after.forwarded - before.forwarded, 0U);
  EXPECT_EQ(count_rows(), 1000 + 20 * 40);
  int64_t long_bodies = -1;
  db_->read([&](store::Session& s) {
    long_bodies =
        s.query_one("SELECT COUNT(*) FROM guard_rows WHERE length(body) = 3000")->integer(0);
  });
  EXPECT_EQ(long_bodies, 0);
  EXPECT_EQ(integrity(), "ok");
}

}  // namespace
}  // namespace kesher::testing
