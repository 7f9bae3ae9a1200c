#include "domain/money.hpp"

#include <algorithm>

#include "domain/validation.hpp"

namespace kesher::domain {

namespace {

// Days since 1970-01-01 of a civil date, and back (H. Hinnant's algorithms).
int64_t days_from_civil(int64_t y, int m, int d) {
  y -= m <= 2;
  int64_t era = (y >= 0 ? y : y - 399) / 400;
  int64_t yoe = y - era * 400;
  int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

int64_t floor_div(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

}  // namespace

Currency currency_for_language(std::string_view language) {
  return language == "he" ? Currency::ils : Currency::usd;
}

std::string_view currency_code(Currency currency) {
  return currency == Currency::ils ? "ILS" : "USD";
}

std::optional<Currency> parse_currency(std::string_view code) {
  if (code == "ILS") return Currency::ils;
  if (code == "USD") return Currency::usd;
  return std::nullopt;
}

bool promotion_running(bool promo_active, std::optional<int64_t> promo_ends, int64_t now) {
  return promo_active && (!promo_ends || *promo_ends > now);
}

int64_t promotion_bonus(int64_t credits, int discount_percent, bool running) {
  if (!running || credits <= 0 || discount_percent <= 0) return 0;
  return credits * std::min(discount_percent, 100) / 100;
}

MajorAmount minor_to_major(int64_t minor) {
  if (minor % 100 == 0) return {true, minor / 100, 0};
  return {false, 0, static_cast<double>(minor) / 100.0};
}

int64_t per_month_minor(int64_t total_minor, int months) {
  if (months <= 0) return total_minor;
  return (total_minor * 2 + months) / (2 * static_cast<int64_t>(months));
}

int64_t premium_extended_until(std::optional<int64_t> premium_until, int months, int64_t now) {
  int64_t start = premium_active(premium_until, now) ? *premium_until : now;
  int64_t days = floor_div(start, 86400);
  int64_t time_of_day = start - days * 86400;
  Date date = utc_date(days * 86400);
  int64_t month_index = static_cast<int64_t>(date.year) * 12 + (date.month - 1) + months;
  int year = static_cast<int>(floor_div(month_index, 12));
  int month = static_cast<int>(month_index - static_cast<int64_t>(year) * 12) + 1;
  int day = std::min(date.day, days_in_month(year, month));
  return days_from_civil(year, month, day) * 86400 + time_of_day;
}

}  // namespace kesher::domain
