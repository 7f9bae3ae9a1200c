#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// The admin dashboard's rules, without I/O (docs/protocol.md "Admin: dashboard and
// configuration"): which days a request covers. Every figure is counted per UTC day, the unit of
// the console's statistics (domain::console::utc_day).
namespace kesher::domain::dashboard {

inline constexpr int64_t kSecondsPerDay = 24 * 3600;
// A year, leap day included: the longest range one request may cover.
inline constexpr int64_t kMaxDays = 366;

struct Range {
  int64_t from = 0;  // unix seconds: the start of the first day (UTC)
  int64_t to = 0;    // unix seconds: the end of the last day, exclusive
  int64_t days = 0;
};

enum class RangeError { none, bad_from, bad_to, backwards, too_long };
struct RangeCheck {
  Range range;
  RangeError error = RangeError::none;
};
// "2026-11-01".."2026-11-25": both days included. Dates are real calendar days from 1970 on.
RangeCheck parse_range(std::string_view from, std::string_view to);

// "2026-11-01", "2026-11-02", …: every day of the range, in order.
std::vector<std::string> days_of(const Range& range);
// The day's position in the range, or nothing when `unix_seconds` lies outside it.
std::optional<size_t> day_index(const Range& range, int64_t unix_seconds);

}  // namespace kesher::domain::dashboard
