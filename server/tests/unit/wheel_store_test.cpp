// The wheel's and the boosts' units of work on a temporary SQLite file.
#include <gtest/gtest.h>

#include "store/boosts.hpp"
#include "store/ledger.hpp"
#include "store/ledger_history.hpp"
#include "store/spins.hpp"
#include "store/wheel.hpp"
#include "store_fixture.hpp"

namespace kesher {
namespace {

class WheelStore : public testing::StoreFixture {
 protected:
  void grant(int64_t user, int64_t credits, const std::string& key) {
    db_->write([&](store::Session& s) {
      ASSERT_EQ(store::ledger::apply(s, {user, credits, "test", "", key}, 1000),
                store::ledger::Outcome::applied);
    });
  }
  void only_prize(int64_t id) {
    db_->write([&](store::Session& s) {
      s.execute("UPDATE wheel_prizes SET weight = CASE WHEN id = ? THEN 1 ELSE 0 END", {id});
    });
  }
  static uint32_t first(uint32_t) { return 0; }
};

TEST_F(WheelStore, TheMigrationSeedsTenPrizesInWheelOrder) {
  std::vector<domain::wheel::Prize> prizes;
  db_->read([&](store::Session& s) { prizes = store::wheel::prizes(s); });
  ASSERT_EQ(prizes.size(), 10u);
  EXPECT_EQ(domain::wheel::total_weight(prizes), 10000);
  for (size_t i = 0; i < prizes.size(); ++i) EXPECT_EQ(prizes[i].position, int64_t(i + 1));
}

TEST_F(WheelStore, APurchaseDebitsAndAddsASpinOnceOrNothing) {
  int64_t dana = add_user("dana@example.com");
  grant(dana, 150, "g");
  store::wheel::BuyOutcome a, b, c;
  db_->write([&](store::Session& s) {
    a = store::wheel::buy_spin(s, dana, 100, "k1", 1000);
    b = store::wheel::buy_spin(s, dana, 100, "k1", 1000);
    c = store::wheel::buy_spin(s, dana, 100, "k2", 1000);
  });
  EXPECT_EQ(a.status, store::wheel::BuyStatus::bought);
  EXPECT_EQ(a.credits, 50);
  EXPECT_EQ(a.spins, 1);
  EXPECT_EQ(b.status, store::wheel::BuyStatus::replayed);
  EXPECT_EQ(c.status, store::wheel::BuyStatus::not_enough_credits);
  EXPECT_EQ(c.credits, 50);
  EXPECT_EQ(c.spins, 1);
}

TEST_F(WheelStore, ASpinUsesItsSpinAndPaysThePrizeThroughTheLedger) {
  int64_t dana = add_user("dana@example.com");
  only_prize(7);  // 500 coins
  store::wheel::SpinOutcome none, won, replayed;
  db_->write([&](store::Session& s) {
    none = store::wheel::spin(s, dana, std::nullopt, first, 1000);
    store::spins::apply(s, dana, 1, "test", "t", 1000);
    won = store::wheel::spin(s, dana, std::string("c1"), first, 1000);
    replayed = store::wheel::spin(s, dana, std::string("c1"), first, 1000);
  });
  EXPECT_EQ(none.status, store::wheel::SpinStatus::no_free_spin);
  EXPECT_EQ(won.status, store::wheel::SpinStatus::won);
  EXPECT_EQ(won.prize.amount, 500);
  EXPECT_EQ(won.credits, 500);
  EXPECT_EQ(won.spins, 0);
  EXPECT_EQ(replayed.status, store::wheel::SpinStatus::replayed);
  EXPECT_EQ(replayed.spin_id, won.spin_id);
  EXPECT_EQ(replayed.prize.amount, 500);
  EXPECT_EQ(replayed.prize.position, 7);
  std::vector<store::ledger::HistoryEntry> history;
  db_->read([&](store::Session& s) {
    EXPECT_EQ(store::ledger::sum_of_entries(s, dana), store::ledger::balance(s, dana));
    history = store::ledger::history(s, dana, 0, 20);
  });
  ASSERT_EQ(history.size(), 1u);
  EXPECT_EQ(history[0].reason, "wheel_prize");
  EXPECT_EQ(history[0].reference, "spin:" + std::to_string(won.spin_id));
  EXPECT_EQ(history[0].balance, 500);
}

TEST_F(WheelStore, AnEmptyWheelKeepsTheSpin) {
  int64_t dana = add_user("dana@example.com");
  store::wheel::SpinOutcome outcome;
  db_->write([&](store::Session& s) {
    s.execute("UPDATE wheel_prizes SET weight = 0");
    store::spins::apply(s, dana, 1, "test", "t", 1000);
    outcome = store::wheel::spin(s, dana, std::nullopt, first, 1000);
  });
  EXPECT_EQ(outcome.status, store::wheel::SpinStatus::no_prize);
  EXPECT_EQ(outcome.spins, 1);
}

TEST_F(WheelStore, ImpressionsStopAtTheLimitAndAReplayedPurchaseChangesNothing) {
  int64_t dana = add_user("dana@example.com");
  grant(dana, 1000, "g");
  store::boosts::BuyOutcome first_buy, again;
  db_->write([&](store::Session& s) {
    first_buy = store::boosts::buy(s, dana, domain::boosts::Kind::boost, 500, "b1", 1000);
    again = store::boosts::buy(s, dana, domain::boosts::Kind::boost, 500, "b1", 1000);
  });
  EXPECT_EQ(first_buy.status, store::boosts::BuyStatus::bought);
  EXPECT_EQ(again.status, store::boosts::BuyStatus::replayed);
  EXPECT_EQ(again.credits, 500);
  std::vector<store::boosts::Running> running;
  db_->read([&](store::Session& s) {
    running = store::boosts::running(s, domain::boosts::Kind::boost, 1000, 10);
  });
  ASSERT_EQ(running.size(), 1u);
  int counted = 0;
  db_->write([&](store::Session& s) {
    for (int i = 0; i < 150; ++i)
      counted += store::boosts::count_impression(s, running[0].boost_id, 1001);
  });
  EXPECT_EQ(counted, 100);
  db_->read([&](store::Session& s) {
    EXPECT_TRUE(store::boosts::running(s, domain::boosts::Kind::boost, 1001, 10).empty());
    EXPECT_TRUE(store::boosts::running_of(s, dana, 1001).empty());
  });
  // Bought again once ended: a fresh hundred.
  store::boosts::BuyOutcome renewed;
  db_->write([&](store::Session& s) {
    renewed = store::boosts::buy(s, dana, domain::boosts::Kind::boost, 500, "b2", 2000);
  });
  EXPECT_EQ(renewed.boost.impressions, 0);
  EXPECT_EQ(renewed.boost.impressions_limit, 100);
  EXPECT_EQ(renewed.credits, 0);
}

}  // namespace
}  // namespace kesher
