// The demo catalogue as `make run` serves it (scripts/generate-personas.mjs over the real place
// table): a member with default settings outside Tel Aviv still finds a deck, and a member who
// reads English or German meets people writing in it first. Needs KESHER_PLACES and
// KESHER_PERSONAS (`make integration-test` sets both); skipped without them.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <set>

#include "harness.hpp"

using namespace kesher::test;

namespace {

constexpr int64_t kHaifa = 294801;
constexpr int64_t kTelAviv = 293397;

std::string env(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

int this_year() {
  auto today = std::chrono::year_month_day(
      std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now()));
  return static_cast<int>(today.year());
}

struct Card {
  int64_t id;
  std::string language;
  int64_t age;
  int64_t gender;
  json::value distance_km;
};

// Swipes through the whole deck, passing on every card, and returns the cards in order.
std::vector<Card> walk_deck(WsClient& socket) {
  std::vector<Card> seen;
  std::set<int64_t> ids;
  for (int round = 0; round < 100; ++round) {
    auto reply = socket.request("explore", {{"exclude", json::array{}}});
    const auto& cards = reply.at("data").as_array();
    if (cards.empty()) break;
    for (const auto& item : cards) {
      const auto& card = item.as_object();
      int64_t id = card.at("id").as_int64();
      EXPECT_TRUE(ids.insert(id).second) << "card " << id << " came twice";
      seen.push_back({id, std::string(card.at("language").as_string()), card.at("age").as_int64(),
                      card.at("gender").as_int64(), card.at("distance_km")});
      socket.request("swipe", {{"swiped_user_id", id}, {"like", 0}});
    }
  }
  return seen;
}

class DemoCatalogue : public ::testing::Test {
 protected:
  void SetUp() override {
    places_ = env("KESHER_PLACES");
    personas_ = env("KESHER_PERSONAS");
    if (places_.empty() || personas_.empty()) {
      GTEST_SKIP() << "KESHER_PLACES and KESHER_PERSONAS are not set (make integration-test)";
    }
    // Walking a deck swipes dozens of cards a second, more than a member's frame budget allows
    // (that budget has its own tests in hardening_test.cpp).
    server_ = std::make_unique<ServerProcess>(
        std::vector<std::string>{"--places", places_, "--frame-burst", "1000"});
    ASSERT_EQ(run_kesher(*server_, {"--places", places_, "seed-demo", "--personas", personas_}), 0);
  }

  // A 30-year-old man with the settings registration gives him: women aged 23 to 37 (the
  // client's suggestion, his age ±7) within 50 km (the server's default radius).
  std::unique_ptr<WsClient> thirty_year_old_man(int64_t place_id, const std::string& language,
                                                const std::string& name) {
    auto member = register_member(*server_, name + std::to_string(++count_) + "@example.com",
                                  {{"gender", 1},
                                   {"s_gender", 2},
                                   {"birth_year", this_year() - 30},
                                   {"birth_month", 1},
                                   {"birth_day", 1},
                                   {"s_age", "23,37"},
                                   {"place_id", place_id},
                                   {"language", language},
                                   {"name", name}});
    auto socket = connect_member(*server_, member);
    auto self = socket->request("session/validate");
    EXPECT_EQ(self["data"].at("user").at("s_radius"), 50);
    return socket;
  }

  std::string places_, personas_;
  std::unique_ptr<ServerProcess> server_;
  int count_ = 0;
};

}  // namespace

// Before the catalogue was spread by population, this man had one card. 12 is more than a full
// page of cards (10) and about what his share of the catalogue allows: the 50 km around Haifa
// hold a seventh of the population the Israeli personas are spread over, and about 55% of women
// personas are 23 to 37.
TEST_F(DemoCatalogue, AThirtyYearOldManInHaifaHasADeck) {
  auto socket = thirty_year_old_man(kHaifa, "he", "דן");
  auto deck = walk_deck(*socket);
  EXPECT_GE(deck.size(), 12u);
  for (const auto& card : deck) {
    EXPECT_EQ(card.gender, 2);
    EXPECT_GE(card.age, 23);
    EXPECT_LE(card.age, 37);
    ASSERT_TRUE(card.distance_km.is_int64());
    EXPECT_LE(card.distance_km.as_int64(), 50);
  }
  // Widening to 100 km, as the empty deck offers, brings at least twice as many again.
  socket->request("user/update", {{"key", "s_radious"}, {"value", 100}});
  EXPECT_GE(walk_deck(*socket).size(), 2 * deck.size());
}

// English and German readers in Israel meet people who write in their language first; the rest
// follow in reading order (domain::reading_order), Hebrew last.
TEST_F(DemoCatalogue, EnglishAndGermanReadersMeetTheirLanguageFirst) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> readers{
      {"en", {"en", "de", "he"}}, {"de", {"de", "en", "he"}}};
  for (const auto& [language, order] : readers) {
    for (int64_t place : {kTelAviv, kHaifa}) {
      auto socket = thirty_year_old_man(place, language, "Sam");
      auto deck = walk_deck(*socket);
      ASSERT_FALSE(deck.empty());
      std::vector<size_t> ranks;
      size_t own = 0;
      for (const auto& card : deck) {
        auto rank = std::find(order.begin(), order.end(), card.language) - order.begin();
        ranks.push_back(static_cast<size_t>(rank));
        own += card.language == language ? 1 : 0;
      }
      EXPECT_TRUE(std::is_sorted(ranks.begin(), ranks.end()))
          << language << " reader in " << place << ": languages out of order";
      // A tenth of the Israeli catalogue writes in German and more in English, spread like
      // everyone else: several of Tel Aviv's 60-odd cards, and at least the first in Haifa.
      EXPECT_GE(own, place == kTelAviv ? 4u : 1u) << language << " reader in " << place;
      EXPECT_EQ(deck.front().language, language);
    }
  }
}
