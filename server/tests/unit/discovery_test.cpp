#include <gtest/gtest.h>

#include <set>

#include "domain/discovery.hpp"
#include "domain/places.hpp"

using namespace kesher::domain;

TEST(Discovery, UtcDays) {
  EXPECT_EQ(utc_day_start(86400 * 3 + 5), 86400 * 3);
  EXPECT_EQ(utc_day_start(86400 * 3), 86400 * 3);
  EXPECT_EQ(seconds_until_next_utc_day(86400 * 3 + 5), 86400 - 5);
}

TEST(Discovery, BirthDateBoundsAreInclusiveAges) {
  Date today{2026, 11, 22};
  auto [from, to] = birth_date_bounds(25, 30, today);
  EXPECT_EQ(to, "2001-11-22");    // 25 today
  EXPECT_EQ(from, "1995-11-23");  // 30 until tomorrow's 31st birthday
  EXPECT_EQ(age_on({2001, 11, 22}, today), 25);
  EXPECT_EQ(age_on({1995, 11, 23}, today), 30);
  EXPECT_EQ(age_on({1995, 11, 22}, today), 31);
  auto [leap_from, leap_to] = birth_date_bounds(18, 18, Date{2028, 2, 29});
  EXPECT_EQ(leap_to, "2010-02-28");
  EXPECT_EQ(leap_from, "2009-03-01");
}

TEST(Discovery, ReadingOrderPutsTheViewersLanguageFirstAndAnUnreadScriptLast) {
  using L = Language;
  EXPECT_EQ(reading_order(L::he), (std::array<L, 3>{L::he, L::en, L::de}));
  EXPECT_EQ(reading_order(L::en), (std::array<L, 3>{L::en, L::de, L::he}));
  EXPECT_EQ(reading_order(L::de), (std::array<L, 3>{L::de, L::en, L::he}));
}

TEST(Discovery, LikesFadeOverAWeek) {
  EXPECT_DOUBLE_EQ(like_weight(0), 1.0);
  EXPECT_DOUBLE_EQ(like_weight(kPopularityWindowSeconds / 2), 0.5);
  EXPECT_DOUBLE_EQ(like_weight(kPopularityWindowSeconds), 0.0);
  EXPECT_DOUBLE_EQ(like_weight(-10), 1.0);
  // Ranking: three fresh likes beat five week-old ones.
  double fresh = 3 * like_weight(3600);
  double old = 5 * like_weight(kPopularityWindowSeconds - 3600);
  EXPECT_GT(fresh, old);
}

TEST(Discovery, PersonaLikeBackFollowsItsPercentage) {
  int yes = 0;
  for (uint32_t roll = 0; roll < 100; ++roll) yes += persona_likes_back(37, roll);
  EXPECT_EQ(yes, 37);
  EXPECT_FALSE(persona_likes_back(0, 0));
  EXPECT_TRUE(persona_likes_back(100, 99));
  EXPECT_TRUE(persona_likes_back(250, 99));  // clamped
}

TEST(Discovery, DailyLikeLimitBindsMembersWithoutPremium) {
  EXPECT_FALSE(like_limit_reached(false, 0));
  EXPECT_FALSE(like_limit_reached(false, kDailyLikeLimit - 1));
  EXPECT_TRUE(like_limit_reached(false, kDailyLikeLimit));
  EXPECT_TRUE(like_limit_reached(false, kDailyLikeLimit + 5));
  EXPECT_FALSE(like_limit_reached(true, kDailyLikeLimit));
  EXPECT_FALSE(like_limit_reached(true, 10 * kDailyLikeLimit));
}

TEST(Discovery, StableShuffleIsAPermutationAndRepeatable) {
  std::vector<int64_t> a{1, 2, 3, 4, 5, 6, 7, 8}, b = a;
  stable_shuffle(a, 42);
  stable_shuffle(b, 42);
  EXPECT_EQ(a, b);
  EXPECT_EQ(std::set<int64_t>(a.begin(), a.end()).size(), 8u);
  std::vector<int64_t> c{1, 2, 3, 4, 5, 6, 7, 8};
  stable_shuffle(c, 43);
  EXPECT_NE(a, c);
  EXPECT_NE(deck_seed(1, 1000), deck_seed(2, 1000));
  EXPECT_EQ(deck_seed(1, 1000), deck_seed(1, 2000));          // same day
  EXPECT_NE(deck_seed(1, 1000), deck_seed(1, 1000 + 86400));  // next day
}

TEST(Grid, CellsWithinMatchTheDistanceRule) {
  GridCell tel_aviv = grid_cell(32.08088, 34.78057);
  GridCell jerusalem = grid_cell(31.76904, 35.21633);
  auto covered = [](const std::vector<CellSpan>& spans, GridCell cell) {
    for (const auto& s : spans) {
      if (s.row == cell.row && cell.col >= s.first_col && cell.col <= s.last_col) return true;
    }
    return false;
  };
  auto near = cells_within(tel_aviv, 50);
  EXPECT_TRUE(covered(near, tel_aviv));
  EXPECT_FALSE(covered(near, jerusalem));
  EXPECT_TRUE(covered(cells_within(tel_aviv, 60), jerusalem));
  // Every covered cell is within the radius, and the cells just outside each span are not.
  for (const auto& span : near) {
    for (int32_t col = span.first_col; col <= span.last_col; ++col) {
      EXPECT_LE(cell_distance_km(tel_aviv, {span.row, col}), 50.0);
    }
    EXPECT_GT(cell_distance_km(tel_aviv, {span.row, span.first_col - 1}), 50.0);
    EXPECT_GT(cell_distance_km(tel_aviv, {span.row, span.last_col + 1}), 50.0);
  }
  EXPECT_EQ(cells_within(tel_aviv, 0).size(), 1u);
  EXPECT_TRUE(cells_within(tel_aviv, -1).empty());
}
