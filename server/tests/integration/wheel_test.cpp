// The lucky wheel, boosts and the credits history against the real binary: exact charging under
// concurrency and replays, prizes paid through the ledger, the configured odds, impressions that
// end a boost, and the history of every ledger entry. After every test the stored state keeps its
// rules (consistency.cpp: balances equal their ledgers, free spins their entries, each prize paid
// once).
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <map>
#include <thread>

#include "consistency.hpp"
#include "harness.hpp"

using namespace kesher::test;

namespace {

int counter = 0;

class Wheel : public ::testing::Test {
 protected:
  void SetUp() override {
    server_ = std::make_unique<ServerProcess>(
        std::vector<std::string>{"--frame-burst", "1000", "--wheel-seed", "20261125"});
  }
  void TearDown() override {
    EXPECT_EQ(consistency_problems(*server_), std::vector<std::string>{});
  }

  Member member(const json::object& overrides = {}) {
    return register_member(*server_, "wheel" + std::to_string(++counter) + "@example.com",
                           overrides);
  }
  std::unique_ptr<WsClient> connect(const Member& member) {
    auto socket = connect_member(*server_, member);
    socket->request("session/validate");
    socket->drain_events(0ms);
    return socket;
  }
  int64_t integer(const std::string& sql) { return query_integer(*server_, sql); }
  int64_t balance(const Member& m) {
    return integer("SELECT credits FROM users WHERE id = " + std::to_string(m.id));
  }
  int64_t spins(const Member& m) {
    return integer("SELECT free_spins FROM users WHERE id = " + std::to_string(m.id));
  }
  int64_t ledger_sum(const Member& m) {
    return integer("SELECT COALESCE(SUM(delta), 0) FROM credit_ledger WHERE user_id = " +
                   std::to_string(m.id));
  }
  // Only this prize can be drawn.
  void only_prize(int64_t id) {
    execute_sql(*server_, "UPDATE wheel_prizes SET weight = CASE WHEN id = " + std::to_string(id) +
                              " THEN 1 ELSE 0 END");
  }
  int64_t prize_id(const std::string& kind, int64_t amount) {
    return integer("SELECT id FROM wheel_prizes WHERE kind = '" + kind +
                   "' AND amount = " + std::to_string(amount));
  }

  std::unique_ptr<ServerProcess> server_;
};

TEST_F(Wheel, PrizesArriveOnAuthenticationWithOddsAndTheExpectedValue) {
  Member dana = member();
  auto socket = connect_member(*server_, dana);
  auto validated = socket->request("session/validate");
  EXPECT_EQ(validated.at("data").at("user").at("sof_spin_available"), 0);
  EXPECT_EQ(validated.at("data").at("user").at("sof_can_spin"), 0);
  auto event = socket->wait_event("spinofluck/prizes");
  ASSERT_TRUE(event);
  const auto& prizes = event->at("data").as_array();
  ASSERT_EQ(prizes.size(), 10u);
  double total = 0;
  int64_t previous_position = 0;
  for (const auto& prize : prizes) {
    total += prize.at("odds").to_number<double>();
    EXPECT_GT(prize.at("position").as_int64(), previous_position);
    previous_position = prize.at("position").as_int64();
  }
  EXPECT_NEAR(total, 1.0, 1e-9);
  EXPECT_EQ(prizes.at(0).at("kind"), "coins");
  EXPECT_EQ(prizes.at(0).at("coins"), 50);
  EXPECT_EQ(prizes.at(0).at("odds").to_number<double>(), 0.52);
  // docs/wheel.md: 85.75 credits a draw and 8.45% free spins make 85.75 / 0.9155 a spin.
  EXPECT_EQ(event->at("request_details").at("expected_credits").to_number<double>(), 93.66);
  EXPECT_EQ(event->at("request_details").at("spin_price"), 100);
  auto asked = socket->request("spinofluck/prizes");
  EXPECT_EQ(asked.at("data"), event->at("data"));
}

TEST_F(Wheel, TwentyConcurrentPurchasesWithCreditsForTenBuyExactlyTen) {
  Member dana = member();
  grant_credits(*server_, dana, 800);  // 200 at signup + 800 = 10 spins of 100
  constexpr int kSockets = 10, kPerSocket = 2;
  std::vector<std::unique_ptr<WsClient>> sockets;
  for (int i = 0; i < kSockets; ++i) sockets.push_back(connect(dana));
  std::atomic<int> bought{0}, refused{0}, other{0};
  std::vector<std::thread> threads;
  for (int s = 0; s < kSockets; ++s) {
    threads.emplace_back([&, s] {
      WsClient& socket = *sockets[s];
      for (int i = 0; i < kPerSocket; ++i) {
        socket.send({{"module", "spinofluck/buy_spin"},
                     {"rid", std::to_string(i)},
                     {"client_id", "buy-" + std::to_string(s * 100 + i)}});
      }
      for (int received = 0; received < kPerSocket;) {
        auto frame = socket.receive(10s);
        if (!frame) break;
        if (!frame->contains("rid")) continue;  // credit events of the other sockets
        ++received;
        if (frame->at("request_status").as_int64() == 1) {
          ++bought;
        } else if (frame->at("error_code") == "not_enough_credits") {
          ++refused;
        } else {
          ++other;
        }
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(bought.load(), 10);
  EXPECT_EQ(refused.load(), 10);
  EXPECT_EQ(other.load(), 0);
  EXPECT_EQ(spins(dana), 10);
  EXPECT_EQ(balance(dana), 0);
  EXPECT_EQ(ledger_sum(dana), balance(dana));
  auto user = sockets[0]->request("session/validate").at("data").at("user");
  EXPECT_EQ(user.at("sof_spin_available"), 10);
  EXPECT_EQ(user.at("sof_can_spin"), 1);
}

TEST_F(Wheel, APurchaseIsRefusedBelowThePriceAndAReplayChargesOnce) {
  Member dana = member();  // 200 credits: two spins
  auto socket = connect(dana);
  auto first = socket->request("spinofluck/buy_spin", {{"client_id", "once"}});
  ASSERT_EQ(first.at("request_status"), 1) << json::serialize(first);
  EXPECT_EQ(first.at("request_details").at("success"), 1);
  EXPECT_EQ(first.at("request_details").at("credits"), 100);
  EXPECT_EQ(first.at("request_details").at("credits_spent"), 100);
  EXPECT_EQ(first.at("request_details").at("sof_spin_available"), 1);
  auto again = socket->request("spinofluck/buy_spin", {{"client_id", "once"}});
  EXPECT_EQ(again.at("request_details").at("replayed"), 1);
  EXPECT_EQ(again.at("request_details").at("credits_spent"), 0);
  EXPECT_EQ(again.at("request_details").at("credits"), 100);
  EXPECT_EQ(spins(dana), 1);
  EXPECT_EQ(socket->request("spinofluck/buy_spin").at("request_status"), 1);
  auto refused = socket->request("spinofluck/buy_spin");
  EXPECT_EQ(refused.at("error_code"), "not_enough_credits");
  EXPECT_EQ(refused.at("request_details").at("credits"), 0);
  EXPECT_EQ(refused.at("request_details").at("required"), 100);
  EXPECT_EQ(socket->request("spinofluck/buy_spin", {{"client_id", "bad id!"}}).at("error_code"),
            "invalid_value");
  EXPECT_EQ(spins(dana), 2);
  EXPECT_EQ(balance(dana), 0);
}

TEST_F(Wheel, TwoConcurrentSpinsWithOneFreeSpinExactlyOneWins) {
  // Without free-spin prizes a win can never pay for the other spin.
  execute_sql(*server_, "UPDATE wheel_prizes SET weight = 0 WHERE kind = 'freespin'");
  Member dana = member();
  grant_credits(*server_, dana, 300);  // five rounds of one spin each
  auto a = connect(dana), b = connect(dana);
  for (int round = 0; round < 5; ++round) {
    ASSERT_EQ(a->request("spinofluck/buy_spin").at("request_status"), 1);
    a->drain_events(0ms);
    b->drain_events(50ms);
    std::string rid = "r" + std::to_string(round);
    a->send({{"module", "spinofluck/spin"}, {"rid", rid}});
    b->send({{"module", "spinofluck/spin"}, {"rid", rid}});
    int won = 0, refused = 0;
    for (WsClient* socket : {a.get(), b.get()}) {
      while (auto frame = socket->receive(5s)) {
        if (!frame->contains("rid")) continue;
        if (frame->at("request_status").as_int64() == 1) ++won;
        if (frame->contains("error_code") && frame->at("error_code") == "no_free_spin") ++refused;
        break;
      }
    }
    EXPECT_EQ(won, 1) << "round " << round;
    EXPECT_EQ(refused, 1) << "round " << round;
    EXPECT_EQ(spins(dana), 0);
  }
  EXPECT_EQ(integer("SELECT COUNT(*) FROM wheel_spins"), 5);
  EXPECT_EQ(ledger_sum(dana), balance(dana));
}

TEST_F(Wheel, ACoinPrizeIsCreditedThroughTheLedgerAndAnnounced) {
  only_prize(prize_id("coins", 500));
  Member dana = member();
  auto socket = connect(dana), other_tab = connect(dana);
  ASSERT_EQ(socket->request("spinofluck/buy_spin").at("request_status"), 1);
  other_tab->drain_events(100ms);
  auto won = socket->request("spinofluck/spin", {{"client_id", "spin-1"}});
  ASSERT_EQ(won.at("request_status"), 1) << json::serialize(won);
  EXPECT_EQ(won.at("data").at("type"), "coins");
  EXPECT_EQ(won.at("data").at("value"), 500);
  EXPECT_EQ(won.at("request_details").at("prize").at("kind"), "coins");
  // The drawn prize is described as spinofluck/prizes lists it, odds included: the web client
  // finds the wheel's segment by it.
  EXPECT_TRUE(won.at("request_details").at("prize").as_object().contains("odds"));
  EXPECT_EQ(won.at("request_details").at("credits"), 600);
  EXPECT_EQ(won.at("request_details").at("sof_spin_available"), 0);
  auto notification = socket->wait_event("notification");
  ASSERT_TRUE(notification);
  EXPECT_EQ(notification->at("type"), "wheel_credits");
  EXPECT_EQ(notification->at("coins"), 500);
  auto elsewhere = other_tab->wait_event("notification");
  ASSERT_TRUE(elsewhere);
  EXPECT_EQ(elsewhere->at("coins"), 500);
  auto credits = other_tab->wait_event("credits");
  ASSERT_TRUE(credits);
  EXPECT_EQ(credits->at("data").at("credits"), 600);
  int64_t spin_id = won.at("request_details").at("spin_id").as_int64();
  EXPECT_EQ(integer("SELECT delta FROM credit_ledger WHERE reason = 'wheel_prize' AND reference "
                    "= 'spin:" +
                    std::to_string(spin_id) + "'"),
            500);
  // The same spin asked for again answers the first result and pays nothing more.
  auto replayed = socket->request("spinofluck/spin", {{"client_id", "spin-1"}});
  EXPECT_EQ(replayed.at("request_details").at("replayed"), 1);
  EXPECT_EQ(replayed.at("data").at("value"), 500);
  EXPECT_EQ(balance(dana), 600);
  EXPECT_EQ(socket->request("spinofluck/spin").at("error_code"), "no_free_spin");
  EXPECT_EQ(ledger_sum(dana), balance(dana));
}

TEST_F(Wheel, AFreeSpinPrizeAddsASpin) {
  only_prize(prize_id("freespin", 1));
  Member dana = member();
  auto socket = connect(dana);
  ASSERT_EQ(socket->request("spinofluck/buy_spin").at("request_status"), 1);
  auto won = socket->request("spinofluck/spin");
  ASSERT_EQ(won.at("request_status"), 1);
  EXPECT_EQ(won.at("data").at("type"), "spin");
  EXPECT_EQ(won.at("request_details").at("sof_spin_available"), 1);
  auto notification = socket->wait_event("notification");
  ASSERT_TRUE(notification);
  EXPECT_EQ(notification->at("type"), "freespin");
  EXPECT_EQ(spins(dana), 1);
  EXPECT_EQ(balance(dana), 100);
}

// The odds over 10,000 spins through the server (the draw itself has a unit test too,
// wheel_rules_test.cpp): the prizes it records follow the configured weights.
TEST_F(Wheel, SeededSpinsFollowTheConfiguredOdds) {
  // 10,000 commits: synced at checkpoints only, which changes nothing here but the time it takes.
  server_ = std::make_unique<ServerProcess>(
      std::vector<std::string>{"--frame-burst", "5000", "--frame-rate", "5000", "--wheel-seed",
                               "20261125", "--sqlite-sync", "normal"});
  Member dana = member();
  // The release run draws the full 10,000; ASan is slower.
  const int kSpins = server_is_sanitized() ? 2000 : 10000;
  std::string id = std::to_string(dana.id);
  execute_sql(*server_,
              "INSERT INTO spin_ledger (user_id, delta, reason, idempotency_key, created_at) "
              "VALUES (" +
                  id + ", " + std::to_string(kSpins) + ", 'test', 'test:" + id +
                  "', 0); UPDATE users SET free_spins = free_spins + " + std::to_string(kSpins) +
                  " WHERE id = " + id);
  auto socket = connect(dana);
  // Free spins won along the way are spun too, until the first refusal. Sent 500 at a time, so
  // that the answers never outgrow the socket's queue while the test is not reading.
  int spun = 0, asked = 0;
  bool refused = false;
  while (!refused) {
    constexpr int batch = 500;
    for (int i = 0; i < batch; ++i) {
      socket->send({{"module", "spinofluck/spin"}, {"rid", std::to_string(++asked)}});
    }
    for (int answered = 0; answered < batch;) {
      auto frame = socket->receive(10s);
      ASSERT_TRUE(frame) << "no answer after " << answered;
      if (!frame->contains("rid")) continue;  // notifications
      ++answered;
      if (frame->at("request_status") == 1) {
        ++spun;
      } else {
        EXPECT_EQ(frame->at("error_code"), "no_free_spin");
        refused = true;
      }
    }
  }
  int64_t won_spins = integer(
      "SELECT COALESCE(SUM(amount), 0) FROM wheel_spins WHERE kind = "
      "'freespin'");
  EXPECT_EQ(spun, kSpins + won_spins);
  auto counts = query_rows(*server_,
                           "SELECT p.weight, (SELECT COUNT(*) FROM wheel_spins w WHERE w.prize_id "
                           "= p.id) FROM wheel_prizes p");
  double total_weight = integer("SELECT SUM(weight) FROM wheel_prizes");
  for (const auto& row : counts) {
    double p = row.as_array().at(0).to_number<double>() / total_weight;
    double seen = row.as_array().at(1).to_number<double>();
    double expected = spun * p;
    // Five standard deviations of the binomial count, plus one for the rarest prizes.
    EXPECT_LE(std::abs(seen - expected), 5 * std::sqrt(spun * p * (1 - p)) + 1)
        << "weight " << row.as_array().at(0) << ": " << seen << " of " << spun;
  }
  EXPECT_EQ(ledger_sum(dana), balance(dana));
}

// ---- boosts ----

class Boosts : public Wheel {
 protected:
  Member boosted() { return member(); }  // a woman, 32, looking for men (harness defaults)
  Member viewer() { return member({{"gender", 1}, {"s_gender", 2}, {"name", "Noam"}}); }
};

int64_t first_boosted(const json::object& reply) {
  const auto& people = reply.at("data").as_array();
  if (people.empty() || !people.at(0).as_object().contains("boosted")) return 0;
  return people.at(0).at("id").as_int64();
}

TEST_F(Boosts, ABoostLeadsDiscoverDecksAndStopsAfterAHundredImpressions) {
  Member dana = boosted();
  Member noam = viewer(), ori = viewer();
  auto dana_socket = connect(dana);
  auto refused = dana_socket->request("boost/buy", {{"kind", "boost"}, {"client_id", "b-1"}});
  EXPECT_EQ(refused.at("error_code"), "not_enough_credits");  // 200 of 500
  EXPECT_EQ(refused.at("request_details").at("required"), 500);
  grant_credits(*server_, dana, 300);
  auto bought = dana_socket->request("boost/buy", {{"kind", "boost"}, {"client_id", "b-1"}});
  ASSERT_EQ(bought.at("request_status"), 1) << json::serialize(bought);
  EXPECT_EQ(bought.at("data").at("impressions_left"), 100);
  EXPECT_EQ(bought.at("request_details").at("credits"), 0);
  auto replayed = dana_socket->request("boost/buy", {{"kind", "boost"}, {"client_id", "b-1"}});
  EXPECT_EQ(replayed.at("request_details").at("replayed"), 1);
  EXPECT_EQ(balance(dana), 0);
  EXPECT_EQ(dana_socket->request("boost/buy", {{"kind", "rocket"}}).at("error_code"),
            "invalid_value");

  auto noam_socket = connect(noam), ori_socket = connect(ori);
  int led = 0;
  for (int i = 0; i < 60; ++i) {
    if (first_boosted(noam_socket->request("explore")) == dana.id) ++led;
    if (first_boosted(ori_socket->request("explore")) == dana.id) ++led;
  }
  EXPECT_EQ(led, 100);
  EXPECT_EQ(integer("SELECT impressions FROM boosts WHERE user_id = " + std::to_string(dana.id)),
            100);
  EXPECT_EQ(dana_socket->request("boost/status").at("data").as_array().size(), 0u);
  EXPECT_EQ(first_boosted(noam_socket->request("explore")), 0);
}

// A ban keeps a member out of every search, and a boost is a place at the top of one: the boost
// runs on (its credits were spent) but leads nobody's deck and counts no impression.
TEST_F(Boosts, ABannedMembersBoostLeadsNoDeck) {
  Member dana = boosted();
  Member noam = viewer();
  grant_credits(*server_, dana, 300);
  auto bought = connect(dana)->request("boost/buy", {{"kind", "boost"}, {"client_id", "b-1"}});
  ASSERT_EQ(bought.at("request_status"), 1) << json::serialize(bought);
  auto noam_socket = connect(noam);
  ASSERT_EQ(first_boosted(noam_socket->request("explore")), dana.id) << "the boost works";
  execute_sql(*server_, "UPDATE users SET banned_at = 1 WHERE id = " + std::to_string(dana.id));
  const std::string impressions =
      "SELECT impressions FROM boosts WHERE user_id = " + std::to_string(dana.id);
  int64_t counted = integer(impressions);
  for (int i = 0; i < 3; ++i) {
    auto deck = noam_socket->request("explore");
    EXPECT_EQ(first_boosted(deck), 0) << json::serialize(deck);
    for (const auto& person : deck.at("data").as_array()) {
      EXPECT_NE(person.at("id").as_int64(), dana.id) << "a banned member in a deck";
    }
  }
  EXPECT_EQ(integer(impressions), counted);
}

TEST_F(Boosts, TopSearchLeadsMeetAndSpotlightLeadsTheStrip) {
  Member dana = boosted();
  Member noam = viewer();
  grant_credits(*server_, dana, 500);
  execute_sql(*server_, "INSERT INTO photos (user_id, url, position, created_at) VALUES (" +
                            std::to_string(dana.id) + ", '/media/personas/x.svg', 0, 0)");
  auto dana_socket = connect(dana);
  ASSERT_EQ(dana_socket->request("boost/buy", {{"kind", "top_search"}}).at("request_status"), 1);
  ASSERT_EQ(dana_socket->request("boost/buy", {{"kind", "spotlight"}}).at("request_status"), 1);
  EXPECT_EQ(balance(dana), 0);
  auto status = dana_socket->request("boost/status").at("data").as_array();
  ASSERT_EQ(status.size(), 2u);
  for (const auto& boost : status) {
    if (boost.at("kind") == "top_search") {
      EXPECT_TRUE(boost.at("impressions_left").is_null());
    }
    if (boost.at("kind") == "spotlight") {
      EXPECT_EQ(boost.at("impressions_left"), 100);
    }
  }
  auto noam_socket = connect(noam);
  auto meet = noam_socket->request("meet", {{"currentLength", 0}, {"recordsToTake", 24}});
  EXPECT_EQ(first_boosted(meet), dana.id);
  auto later = noam_socket->request("meet", {{"currentLength", 24}, {"recordsToTake", 24}});
  EXPECT_EQ(first_boosted(later), 0);
  EXPECT_EQ(first_boosted(noam_socket->request("spotlight")), dana.id);
  EXPECT_EQ(integer("SELECT impressions FROM boosts WHERE kind = 'spotlight'"), 1);
  // Not to herself, nor to someone outside the audience (a woman looking for men).
  EXPECT_EQ(first_boosted(dana_socket->request("meet")), 0);
  auto other_woman = connect(member());
  EXPECT_EQ(first_boosted(other_woman->request("spotlight")), 0);
}

// ---- credits history ----

TEST_F(Wheel, CreditsHistoryListsEveryLedgerEntryNewestFirstWithItsBalance) {
  only_prize(prize_id("coins", 150));
  Member dana = member();
  grant_credits(*server_, dana, 800);
  auto socket = connect(dana);
  for (int i = 0; i < 3; ++i)
    ASSERT_EQ(socket->request("spinofluck/buy_spin").at("request_status"), 1);
  ASSERT_EQ(socket->request("spinofluck/spin").at("request_status"), 1);
  // signup, grant, three purchases, one prize
  int64_t entries =
      integer("SELECT COUNT(*) FROM credit_ledger WHERE user_id = " + std::to_string(dana.id));
  ASSERT_EQ(entries, 6);
  json::array all;
  for (int64_t offset = 0;; offset += 4) {
    auto page =
        socket->request("credits/history", {{"currentLength", offset}, {"recordsToTake", 4}});
    ASSERT_EQ(page.at("request_status"), 1);
    if (page.at("data").as_array().empty()) break;
    for (const auto& entry : page.at("data").as_array()) all.push_back(entry);
  }
  ASSERT_EQ(static_cast<int64_t>(all.size()), entries);
  EXPECT_EQ(all.at(0).at("reason"), "wheel_prize");
  EXPECT_EQ(all.at(0).at("delta"), 150);
  EXPECT_EQ(all.at(0).at("balance"), balance(dana));
  EXPECT_EQ(all.at(1).at("reason"), "spin_purchase");
  EXPECT_EQ(all.at(1).at("delta"), -100);
  EXPECT_EQ(all.at(5).at("reason"), "signup_bonus");
  EXPECT_EQ(all.at(5).at("balance"), 200);
  for (size_t i = 0; i + 1 < all.size(); ++i) {
    EXPECT_GT(all.at(i).at("id").as_int64(), all.at(i + 1).at("id").as_int64());
    EXPECT_EQ(all.at(i).at("balance").as_int64(),
              all.at(i + 1).at("balance").as_int64() + all.at(i).at("delta").as_int64());
  }
  EXPECT_EQ(socket->request("credits/history", {{"recordsToTake", 21}}).at("error_code"),
            "invalid_value");
  // Another member's entries never show.
  auto other = connect(member());
  EXPECT_EQ(other->request("credits/history").at("data").as_array().size(), 1u);
}

}  // namespace
