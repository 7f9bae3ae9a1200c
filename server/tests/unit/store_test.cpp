#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "store/auth_tokens.hpp"
#include "store/database.hpp"
#include "store/ledger.hpp"
#include "store/social.hpp"
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

// A write is answered only once its WAL frames are flushed (decision 0019). When the WAL cannot be
// flushed (here its file was removed behind SQLite's back), the write is refused with the reason,
// not answered as durable.
TEST_F(StoreTest, AWriteWhoseWalCannotBeFlushedIsRefused) {
  int64_t id = add_user("wal@example.com");
  std::filesystem::remove(folder_ / "test.db-wal");
  try {
    db_->write([&](Session& s) { ledger::apply(s, {id, 1, "grant", "", "wal-gone"}, 1); });
    FAIL() << "the write was answered as durable";
  } catch (const StoreError& error) {
    EXPECT_NE(std::string(error.what()).find("test.db-wal"), std::string::npos) << error.what();
  }
}

// A unit that ends the whole write transaction (as SQLite does by itself after some I/O errors)
// takes the units run with it down, and the units after it in the same commit are refused: none
// may be committed on its own by its savepoint's RELEASE while the others are reported failed.
TEST_F(StoreTest, UnitsAfterTheTransactionWasEndedAreRefusedAndLeaveNothing) {
  int64_t id = add_user("ended@example.com");
  std::mutex mutex;
  std::condition_variable changed;
  bool first_running = false;
  bool others_queued = false;
  std::vector<std::exception_ptr> errors(5);
  std::atomic<int> answered{0};
  auto answer = [&](int unit) {
    return [&, unit](std::exception_ptr error) {
      errors[unit] = error;
      ++answered;
    };
  };
  // The first unit runs alone and holds the committer until the next three are queued, so that
  // those are taken together and share a transaction of their own.
  db_->write_async(
      [&](Session& s) {
        ledger::apply(s, {id, 1, "grant", "", "ended-0"}, 1);
        std::unique_lock lock(mutex);
        first_running = true;
        changed.notify_all();
        changed.wait(lock, [&] { return others_queued; });
      },
      answer(0));
  {
    std::unique_lock lock(mutex);
    changed.wait(lock, [&] { return first_running; });
  }
  db_->write_async(
      [&](Session& s) {
        ledger::apply(s, {id, 10, "grant", "", "ended-1"}, 1);
        s.execute("ROLLBACK", {});
      },
      answer(1));
  for (int unit = 2; unit < 4; ++unit) {
    db_->write_async(
        [&, unit](Session& s) {
          ledger::apply(s, {id, 100, "grant", "", "ended-" + std::to_string(unit)}, 1);
        },
        answer(unit));
  }
  {
    std::lock_guard lock(mutex);
    others_queued = true;
  }
  changed.notify_all();
  db_->flush();
  // A later write begins a transaction of its own.
  db_->write_async(
      [&](Session& s) {
        ledger::apply(s, {id, 1000, "grant", "", "ended-4"}, 1);
      },
      answer(4));
  db_->flush();
  ASSERT_EQ(answered.load(), 5);
  EXPECT_FALSE(errors[0]);
  for (int unit = 1; unit < 4; ++unit) EXPECT_TRUE(errors[unit]) << "unit " << unit;
  EXPECT_FALSE(errors[4]);
  db_->read([&](Session& s) {
    EXPECT_EQ(ledger::balance(s, id), 1001);
    EXPECT_EQ(ledger::sum_of_entries(s, id), 1001);
  });
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

// Discover in the viewer's language first: a list of people in he, en and de paged by an
// English reader comes as all the English ones, then German, then Hebrew, newest first in each,
// and paging across the boundaries neither skips nor repeats anyone.
class DiscoverLanguages : public StoreTest {
 protected:
  void SetUp() override {
    StoreTest::SetUp();
    db_->write([&](Session& s) {
      // Interleaved, so that newest-first alone would mix the languages.
      for (int i = 0; i < 21; ++i) {
        NewUser user;
        user.email = std::to_string(i) + "@example.com";
        user.name = "Dana";
        user.gender = 2;
        user.birth_date = {1995, 1, 1};
        user.language = kLanguages[i % 3];
        user.place_id = 293397;
        int64_t id = users::insert(s, user, 1000);
        social::set_cell(s, id, {10, 20});
        social::add_photo(s, id, "/media/x.svg", 1000);
        auto& list = user.language == "en" ? english_ : user.language == "de" ? german_ : hebrew_;
        list.insert(list.begin(), id);  // newest first
      }
      NewUser viewer;
      viewer.email = "viewer@example.com";
      viewer.name = "Sam";
      viewer.gender = 1;
      viewer.birth_date = {1995, 1, 1};
      viewer.language = "en";
      viewer.place_id = 293397;
      search_.viewer_id = users::insert(s, viewer, 1000);
    });
    search_.gender = 2;
    search_.born_from = "1900-01-01";
    search_.born_to = "2100-01-01";
    search_.spans = {{10, 19, 21}};
    search_.languages = {"en", "de", "he"};
  }

  std::vector<int64_t> expected() const {
    std::vector<int64_t> all = english_;
    all.insert(all.end(), german_.begin(), german_.end());
    all.insert(all.end(), hebrew_.begin(), hebrew_.end());
    return all;
  }

  template <class Page>
  std::vector<int64_t> walk(Page page, int64_t take) {
    std::vector<int64_t> seen;
    db_->read([&](Session& s) {
      for (int64_t offset = 0;; offset += take) {
        auto people = page(s, search_, offset, take);
        for (const auto& p : people) seen.push_back(p.id);
        if (static_cast<int64_t>(people.size()) < take) break;
      }
    });
    return seen;
  }

  static constexpr const char* kLanguages[] = {"he", "en", "de"};
  Search search_;
  std::vector<int64_t> english_, german_, hebrew_;
};

TEST_F(DiscoverLanguages, MeetPagesOneLanguageAfterAnother) {
  for (int64_t take : {1, 3, 4, 7, 48}) {
    EXPECT_EQ(walk(social::meet_page, take), expected()) << "pages of " << take;
  }
  // A page that starts past the first two languages.
  db_->read([&](Session& s) {
    auto people = social::meet_page(s, search_, 15, 10);
    ASSERT_EQ(people.size(), 6u);
    EXPECT_EQ(people.front().id, hebrew_[1]);
    EXPECT_EQ(people.front().language, "he");
  });
}

TEST_F(DiscoverLanguages, PopularRanksWithinEachLanguage) {
  // The oldest Hebrew and German people are the most liked; ranks apply inside each language.
  db_->write([&](Session& s) {
    social::replace_popularity(s, {{hebrew_.back(), 5.0}, {german_.back(), 4.0}});
  });
  std::vector<int64_t> german{german_.back()};
  german.insert(german.end(), german_.begin(), german_.end() - 1);
  std::vector<int64_t> hebrew{hebrew_.back()};
  hebrew.insert(hebrew.end(), hebrew_.begin(), hebrew_.end() - 1);
  std::vector<int64_t> all = english_;
  all.insert(all.end(), german.begin(), german.end());
  all.insert(all.end(), hebrew.begin(), hebrew.end());
  for (int64_t take : {1, 5, 48}) {
    EXPECT_EQ(walk(social::popular_page, take), all) << "pages of " << take;
  }
}

TEST_F(DiscoverLanguages, SpotlightFillsFromTheViewersLanguageFirst) {
  db_->write([&](Session& s) {
    social::replace_popularity(s, {{hebrew_.front(), 9.0}, {english_.back(), 1.0}});
  });
  db_->read([&](Session& s) {
    auto people = social::spotlight(s, search_.viewer_id, 2, search_.languages, 10);
    ASSERT_EQ(people.size(), 10u);
    EXPECT_EQ(people[0].id, english_.back());  // the popular English one, then the newest
    for (size_t i = 0; i < 7; ++i) EXPECT_EQ(people[i].language, "en") << i;
    for (size_t i = 7; i < 10; ++i) EXPECT_EQ(people[i].language, "de") << i;
  });
}
