#include "domain/dashboard.hpp"

#include "domain/console.hpp"
#include "domain/validation.hpp"

namespace kesher::domain::dashboard {

namespace {

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
int64_t days_from_civil(Date date) {
  int64_t year = date.year - (date.month <= 2 ? 1 : 0);
  int64_t era = (year >= 0 ? year : year - 399) / 400;
  int64_t year_of_era = year - era * 400;
  int64_t month = date.month;
  int64_t day_of_year = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + date.day - 1;
  int64_t day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
  return era * 146097 + day_of_era - 719468;
}

std::optional<int64_t> day_start(std::string_view text) {
  auto date = parse_date(text);
  if (!date || date->year < 1970) return std::nullopt;
  return days_from_civil(*date) * kSecondsPerDay;
}

}  // namespace

RangeCheck parse_range(std::string_view from, std::string_view to) {
  RangeCheck check;
  auto first = day_start(from);
  if (!first) {
    check.error = RangeError::bad_from;
    return check;
  }
  auto last = day_start(to);
  if (!last) {
    check.error = RangeError::bad_to;
    return check;
  }
  if (*last < *first) {
    check.error = RangeError::backwards;
    return check;
  }
  int64_t days = (*last - *first) / kSecondsPerDay + 1;
  if (days > kMaxDays) {
    check.error = RangeError::too_long;
    return check;
  }
  check.range = {*first, *last + kSecondsPerDay, days};
  return check;
}

std::vector<std::string> days_of(const Range& range) {
  std::vector<std::string> days;
  days.reserve(static_cast<size_t>(range.days));
  for (int64_t at = range.from; at < range.to; at += kSecondsPerDay) {
    days.push_back(console::utc_day(at));
  }
  return days;
}

std::optional<size_t> day_index(const Range& range, int64_t unix_seconds) {
  if (unix_seconds < range.from || unix_seconds >= range.to) return std::nullopt;
  return static_cast<size_t>((unix_seconds - range.from) / kSecondsPerDay);
}

}  // namespace kesher::domain::dashboard
