#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "store/auth_tokens.hpp"
#include "store/database.hpp"
#include "store/ledger.hpp"
#include "store/users.hpp"
#include "store_fixture.hpp"

using namespace kesher::store;

class StoreTest : public kesher::testing::StoreFixture {};

TEST_F(StoreTest, MigrationsAreRecordedAndIdempotent) {
  db_.reset();
  db_ = open_sqlite({(folder_ / "test.db").string()});  // second open applies nothing again
  int64_t count = 0;
  db_->read([&](Session& s) {
    count = s.query_one("SELECT COUNT(*) FROM schema_migrations")->integer(0);
  });
  EXPECT_GE(count, 1);
}

TEST_F(StoreTest, EmailIsUnique) {
  add_user("a@example.com");
  EXPECT_THROW(add_user("a@example.com"), StoreError);
}

TEST_F(StoreTest, LedgerIsIdempotentAndNeverOverdraws) {
  int64_t id = add_user("a@example.com");
  db_->write([&](Session& s) {
    EXPECT_EQ(ledger::apply(s, {id, 200, "signup_bonus", "", "signup:1"}, 1),
              ledger::Outcome::applied);
    EXPECT_EQ(ledger::apply(s, {id, 200, "signup_bonus", "", "signup:1"}, 2),
              ledger::Outcome::duplicate);
    EXPECT_EQ(ledger::apply(s, {id, -150, "text", "m1", "spend:1"}, 3), ledger::Outcome::applied);
    EXPECT_EQ(ledger::apply(s, {id, -100, "text", "m2", "spend:2"}, 4),
              ledger::Outcome::insufficient_credits);
  });
  db_->read([&](Session& s) {
    EXPECT_EQ(ledger::balance(s, id), 50);
    EXPECT_EQ(ledger::sum_of_entries(s, id), ledger::balance(s, id));
  });
}

TEST_F(StoreTest, LedgerBalancesUnderConcurrentWriters) {
  int64_t id = add_user("a@example.com");
  db_->write([&](Session& s) { ledger::apply(s, {id, 1000, "grant", "", "grant"}, 1); });
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 10; ++i) {
        db_->write([&](Session& s) {
          ledger::apply(s, {id, -30, "spend", "", "spend:" + std::to_string(t * 100 + i)}, 2);
        });
      }
    });
  }
  for (auto& thread : threads) thread.join();
  db_->read([&](Session& s) {
    EXPECT_EQ(ledger::balance(s, id), 1000 - 33 * 30);  // 33 spends fit into 1000
    EXPECT_EQ(ledger::sum_of_entries(s, id), ledger::balance(s, id));
  });
}

// Group commit: writers that wait together share one transaction, yet a unit that throws rolls
// back alone and its caller still sees the exception.
TEST_F(StoreTest, AFailingUnitInABatchRollsBackAlone) {
  int64_t id = add_user("a@example.com");
  constexpr int kThreads = 16, kWrites = 25;
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

TEST_F(StoreTest, FlushWaitsForEveryAsyncUnitAndItsAnswer) {
  int64_t id = add_user("a@example.com");
  std::atomic<int> answered{0};
  for (int i = 0; i < 200; ++i) {
    db_->write_async(
        [&, i](Session& s) {
          ledger::apply(s, {id, 1, "grant", "", "async:" + std::to_string(i)}, 1);
        },
        [&](std::exception_ptr error) {
          if (!error) ++answered;
        });
  }
  db_->flush();
  EXPECT_EQ(answered.load(), 200);
  EXPECT_EQ(db_->pending_writes(), 0u);
  db_->read([&](Session& s) { EXPECT_EQ(ledger::balance(s, id), 200); });
}

TEST_F(StoreTest, SessionsExpireAndRevoke) {
  int64_t id = add_user("a@example.com");
  db_->write([&](Session& s) {
    sessions::insert(s, "h1", id, 100, 200);
    sessions::insert(s, "h2", id, 100, 200);
  });
  db_->read([&](Session& s) {
    EXPECT_EQ(sessions::user_for(s, "h1", 150), id);
    EXPECT_FALSE(sessions::user_for(s, "h1", 200));  // expired
  });
  std::vector<std::string> revoked;
  db_->write([&](Session& s) { revoked = sessions::revoke_all(s, id, 160); });
  EXPECT_EQ(revoked.size(), 2u);
  db_->read([&](Session& s) { EXPECT_FALSE(sessions::user_for(s, "h2", 161)); });
}

TEST_F(StoreTest, TokensAreSingleUseAndPurposeBound) {
  int64_t id = add_user("a@example.com");
  db_->write([&](Session& s) { tokens::insert(s, "t", id, "reset", 100, 200); });
  db_->write([&](Session& s) {
    EXPECT_FALSE(tokens::consume(s, "t", "verify", 150));
    EXPECT_EQ(tokens::consume(s, "t", "reset", 150), id);
    EXPECT_FALSE(tokens::consume(s, "t", "reset", 151));
  });
}

TEST_F(StoreTest, FreeCreditsNoticeOnce) {
  int64_t id = add_user("a@example.com");
  db_->write([&](Session& s) {
    EXPECT_TRUE(users::claim_free_credits_notice(s, id));
    EXPECT_FALSE(users::claim_free_credits_notice(s, id));
  });
}
