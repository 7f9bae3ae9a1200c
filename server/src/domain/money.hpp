#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

// Pure rules about money (docs/protocol.md, "Money"): promotions and their bonus, the caller's
// currency, minor units shown as major ones, and premium months. No I/O.
namespace kesher::domain {

enum class Currency { ils, usd };

// ILS for Hebrew, USD for every other language (spec §4).
Currency currency_for_language(std::string_view language);
std::string_view currency_code(Currency currency);  // "ILS", "USD"
std::optional<Currency> parse_currency(std::string_view code);

// A promotion runs while it is switched on and its end (when it has one) lies ahead.
bool promotion_running(bool promo_active, std::optional<int64_t> promo_ends, int64_t now);
// The bonus credits a package gives while its promotion runs (spec §9: credits × discount / 100,
// rounded down), else 0.
int64_t promotion_bonus(int64_t credits, int discount_percent, bool running);

// 22900 → 229, 4967 → 49.67: a whole number when there are no minor units, so that JSON shows
// 229 rather than 2.29E2.
struct MajorAmount {
  bool whole;
  int64_t units;  // when whole
  double value;   // otherwise
};
MajorAmount minor_to_major(int64_t minor);
// A premium package's price per month in minor units, rounded half up.
int64_t per_month_minor(int64_t total_minor, int months);

// Premium is a date. A purchase of `months` adds them to a subscription that is still running, or
// counts them from now; calendar months in UTC, the day clamped to the month's end (31 January + 1
// month is 28 or 29 February), the time of day kept.
int64_t premium_extended_until(std::optional<int64_t> premium_until, int months, int64_t now);
constexpr bool premium_active(std::optional<int64_t> premium_until, int64_t now) {
  return premium_until && *premium_until > now;
}
// "For ever" for `kesher set-premium`: 9999-12-31 23:59:59 UTC.
inline constexpr int64_t kPremiumForever = 253402300799;

}  // namespace kesher::domain
