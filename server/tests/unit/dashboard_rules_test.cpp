#include <gtest/gtest.h>

#include "domain/dashboard.hpp"

namespace kesher::domain::dashboard {
namespace {

TEST(DashboardRange, CoversBothDaysInUtc) {
  auto check = parse_range("2026-11-01", "2026-11-25");
  ASSERT_EQ(check.error, RangeError::none);
  EXPECT_EQ(check.range.from, 1793491200);  // 2026-11-01T00:00:00Z
  EXPECT_EQ(check.range.days, 25);
  EXPECT_EQ(check.range.to, check.range.from + 25 * kSecondsPerDay);
  auto days = days_of(check.range);
  ASSERT_EQ(days.size(), 25u);
  EXPECT_EQ(days.front(), "2026-11-01");
  EXPECT_EQ(days.back(), "2026-11-25");
}

TEST(DashboardRange, OneDayAndLeapYears) {
  auto one = parse_range("2028-02-29", "2028-02-29");
  ASSERT_EQ(one.error, RangeError::none);
  EXPECT_EQ(one.range.days, 1);
  // A whole leap year is 366 days and still allowed; one day more is not.
  EXPECT_EQ(parse_range("2028-01-01", "2028-12-31").range.days, 366);
  EXPECT_EQ(parse_range("2028-01-01", "2029-01-01").error, RangeError::too_long);
  EXPECT_EQ(parse_range("2026-01-01", "2027-01-01").range.days, 366);
}

TEST(DashboardRange, RefusesWhatIsNotARange) {
  EXPECT_EQ(parse_range("2026-02-30", "2026-03-01").error, RangeError::bad_from);
  EXPECT_EQ(parse_range("", "2026-03-01").error, RangeError::bad_from);
  EXPECT_EQ(parse_range("1969-12-31", "2026-03-01").error, RangeError::bad_from);
  EXPECT_EQ(parse_range("2026-03-01", "2026-3-1").error, RangeError::bad_to);
  EXPECT_EQ(parse_range("2026-03-01", "tomorrow!!").error, RangeError::bad_to);
  EXPECT_EQ(parse_range("2026-03-02", "2026-03-01").error, RangeError::backwards);
}

TEST(DashboardRange, PlacesTimesOnTheirDay) {
  auto range = parse_range("2026-11-01", "2026-11-03").range;
  EXPECT_EQ(day_index(range, range.from), 0u);
  EXPECT_EQ(day_index(range, range.from + kSecondsPerDay - 1), 0u);
  EXPECT_EQ(day_index(range, range.from + kSecondsPerDay), 1u);
  EXPECT_EQ(day_index(range, range.to - 1), 2u);
  EXPECT_FALSE(day_index(range, range.to));
  EXPECT_FALSE(day_index(range, range.from - 1));
}

}  // namespace
}  // namespace kesher::domain::dashboard
