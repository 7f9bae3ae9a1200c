#include <gtest/gtest.h>

#include "domain/console.hpp"

namespace kesher::domain::console {
namespace {

TEST(ConsoleRoles, AdminsMayDoWhatOperatorsMayAndMore) {
  EXPECT_TRUE(allowed(Role::admin, Role::admin));
  EXPECT_TRUE(allowed(Role::admin, Role::operator_role));
  EXPECT_TRUE(allowed(Role::operator_role, Role::operator_role));
  EXPECT_FALSE(allowed(Role::operator_role, Role::admin));
}

TEST(ConsoleRoles, ParsesOnlyTheTwoRoles) {
  EXPECT_EQ(parse_role("operator"), Role::operator_role);
  EXPECT_EQ(parse_role("admin"), Role::admin);
  EXPECT_FALSE(parse_role("Admin"));
  EXPECT_FALSE(parse_role(""));
  EXPECT_FALSE(parse_role("member"));
  EXPECT_EQ(role_name(Role::admin), "admin");
  EXPECT_EQ(role_name(Role::operator_role), "operator");
}

TEST(ConsoleNotes, CategoriesAreAClosedList) {
  for (auto category : {"name", "home_town", "job", "family", "hobbies", "dates", "likes", "other"})
    EXPECT_TRUE(valid_note_category(category)) << category;
  EXPECT_FALSE(valid_note_category("address"));
  EXPECT_FALSE(valid_note_category(""));
  EXPECT_FALSE(valid_note_category("Name"));
}

TEST(ConsoleQueue, LanguageFilter) {
  EXPECT_TRUE(valid_language_filter(""));
  EXPECT_TRUE(valid_language_filter("he"));
  EXPECT_TRUE(valid_language_filter("de"));
  EXPECT_FALSE(valid_language_filter("fr"));
  EXPECT_FALSE(valid_language_filter("HE"));
}

TEST(ConsoleStats, EmptyHasNoAnswers) {
  auto summary = summarize({});
  EXPECT_EQ(summary.answered, 0);
  EXPECT_EQ(summary.median_seconds, 0);
  EXPECT_EQ(summary.p90_seconds, 0);
}

TEST(ConsoleStats, NearestRankMedianAndP90) {
  auto one = summarize({42});
  EXPECT_EQ(one.answered, 1);
  EXPECT_EQ(one.median_seconds, 42);
  EXPECT_EQ(one.p90_seconds, 42);

  // 1..10 in any order: the median by nearest rank is the 5th, p90 the 9th.
  auto ten = summarize({10, 3, 7, 1, 9, 2, 8, 4, 6, 5});
  EXPECT_EQ(ten.answered, 10);
  EXPECT_EQ(ten.median_seconds, 5);
  EXPECT_EQ(ten.p90_seconds, 9);

  auto skewed = summarize({1, 1, 1, 1, 1, 1, 1, 1, 1, 600});
  EXPECT_EQ(skewed.median_seconds, 1);
  EXPECT_EQ(skewed.p90_seconds, 1);
  auto eleven = summarize({1, 1, 1, 1, 1, 1, 1, 1, 1, 600, 600});
  EXPECT_EQ(eleven.p90_seconds, 600);
}

TEST(ConsoleStats, UtcDay) {
  EXPECT_EQ(utc_day(0), "1970-01-01");
  EXPECT_EQ(utc_day(1795392000), "2026-11-23");
  EXPECT_EQ(utc_day(1795392000 - 1), "2026-11-22");
}

}  // namespace
}  // namespace kesher::domain::console
