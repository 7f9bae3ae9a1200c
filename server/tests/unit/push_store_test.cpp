// The push subscriptions repository (store/push_subscriptions) on a real SQLite file, and the
// opt-in reward through the ledger, once per account.
#include <atomic>
#include <thread>
#include <vector>

#include "store/auth_tokens.hpp"
#include "store/gdpr.hpp"
#include "store/ledger.hpp"
#include "store/push_subscriptions.hpp"
#include "store_fixture.hpp"

using namespace kesher;
namespace subs = store::push_subscriptions;

namespace {

constexpr int64_t kNow = 5000;

class PushStore : public kesher::testing::StoreFixture {
 protected:
  void sign_in(int64_t user, const std::string& hash) {
    db_->write(
        [&](store::Session& s) { store::sessions::insert(s, hash, user, kNow, kNow + 3600); });
  }
  int64_t store_one(int64_t user, const std::string& hash, const std::string& endpoint,
                    char key_byte = 'a') {
    int64_t id = 0;
    db_->write([&](store::Session& s) {
      id = subs::upsert(s,
                        {user, hash, endpoint, std::string("\x04") + std::string(64, key_byte),
                         std::string(16, key_byte)},
                        kNow);
    });
    return id;
  }
  std::vector<subs::Stored> live(int64_t user, int64_t now = kNow) {
    std::vector<subs::Stored> result;
    db_->read([&](store::Session& s) { result = subs::of_user(s, user, now); });
    return result;
  }
};

}  // namespace

TEST_F(PushStore, StoresKeysAsBytesAndOneRowPerEndpoint) {
  int64_t dana = add_user("dana@example.com");
  sign_in(dana, "session-a");
  int64_t first = store_one(dana, "session-a", "https://push.example/1", 'a');
  int64_t again = store_one(dana, "session-a", "https://push.example/1", 'b');
  EXPECT_EQ(first, again);
  auto rows = live(dana);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].endpoint, "https://push.example/1");
  EXPECT_EQ(rows[0].p256dh, std::string("\x04") + std::string(64, 'b'));  // updated
  EXPECT_EQ(rows[0].auth, std::string(16, 'b'));
  EXPECT_EQ(rows[0].user_id, dana);
}

TEST_F(PushStore, AnEndpointMovesToWhoeverSubscribesItLast) {
  int64_t dana = add_user("dana@example.com");
  int64_t noa = add_user("noa@example.com");
  sign_in(dana, "session-d");
  sign_in(noa, "session-n");
  store_one(dana, "session-d", "https://push.example/shared");
  store_one(noa, "session-n", "https://push.example/shared");
  EXPECT_TRUE(live(dana).empty());
  EXPECT_EQ(live(noa).size(), 1u);
}

TEST_F(PushStore, OnlyLiveSignInsReceive) {
  int64_t dana = add_user("dana@example.com");
  sign_in(dana, "session-a");
  sign_in(dana, "session-b");
  store_one(dana, "session-a", "https://push.example/a");
  store_one(dana, "session-b", "https://push.example/b");
  EXPECT_EQ(live(dana).size(), 2u);
  db_->write([&](store::Session& s) { store::sessions::revoke(s, "session-b", kNow); });
  auto rows = live(dana);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].endpoint, "https://push.example/a");
  EXPECT_TRUE(live(dana, kNow + 3600).empty());  // expired
}

TEST_F(PushStore, RemovalsBySessionOwnerAndGone) {
  int64_t dana = add_user("dana@example.com");
  int64_t noa = add_user("noa@example.com");
  sign_in(dana, "session-a");
  sign_in(dana, "session-b");
  sign_in(noa, "session-n");
  int64_t a = store_one(dana, "session-a", "https://push.example/a");
  store_one(dana, "session-b", "https://push.example/b");
  store_one(noa, "session-n", "https://push.example/n");
  db_->write([&](store::Session& s) {
    // Nobody removes another member's row.
    EXPECT_FALSE(subs::remove_own(s, noa, "https://push.example/a"));
    EXPECT_EQ(subs::remove_session(s, "session-b"), 1);
    EXPECT_FALSE(subs::remove_gone(s, a, "https://push.example/other"));
    EXPECT_TRUE(subs::remove_gone(s, a, "https://push.example/a"));
    EXPECT_TRUE(subs::remove_own(s, noa, "https://push.example/n"));
  });
  EXPECT_TRUE(live(dana).empty());
  EXPECT_TRUE(live(noa).empty());
}

TEST_F(PushStore, ErasureRemovesEverySubscription) {
  int64_t dana = add_user("dana@example.com");
  sign_in(dana, "session-a");
  store_one(dana, "session-a", "https://push.example/a");
  store_one(dana, "session-a", "https://push.example/b");
  db_->write([&](store::Session& s) { store::gdpr::erase_member(s, dana, kNow); });
  int64_t left = -1;
  db_->read([&](store::Session& s) {
    left = s.query_one("SELECT COUNT(*) FROM push_subscriptions")->integer(0);
  });
  EXPECT_EQ(left, 0);
}

TEST_F(PushStore, RewardIsGrantedOncePerAccountThroughTheLedger) {
  int64_t dana = add_user("dana@example.com");
  int64_t noa = add_user("noa@example.com");
  int64_t before = 0;
  db_->read([&](store::Session& s) { before = store::ledger::balance(s, dana); });
  bool first = false, second = false, other = false;
  db_->write([&](store::Session& s) { first = subs::grant_opt_in_reward(s, dana, 200, kNow); });
  db_->write([&](store::Session& s) { second = subs::grant_opt_in_reward(s, dana, 200, kNow); });
  db_->write([&](store::Session& s) { other = subs::grant_opt_in_reward(s, noa, 200, kNow); });
  EXPECT_TRUE(first);
  EXPECT_FALSE(second);
  EXPECT_TRUE(other);
  db_->read([&](store::Session& s) {
    EXPECT_EQ(store::ledger::balance(s, dana), before + 200);
    EXPECT_EQ(store::ledger::sum_of_entries(s, dana), store::ledger::balance(s, dana));
    EXPECT_EQ(s.query_one("SELECT COUNT(*) FROM credit_ledger WHERE user_id = ? AND reason = "
                          "'push_bonus'",
                          {dana})
                  ->integer(0),
              1);
  });
}

TEST_F(PushStore, RewardOnceUnderParallelWriters) {
  int64_t dana = add_user("dana@example.com");
  std::atomic<int> granted{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 8; ++i) {
    threads.emplace_back([&] {
      db_->write([&](store::Session& s) {
        if (subs::grant_opt_in_reward(s, dana, 200, kNow)) ++granted;
      });
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(granted.load(), 1);
}
