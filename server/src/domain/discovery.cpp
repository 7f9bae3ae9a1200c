#include "domain/discovery.hpp"

#include <algorithm>
#include <random>

namespace kesher::domain {

namespace {
constexpr int64_t kDay = 24 * 3600;
}

int64_t utc_day_start(int64_t now) {
  return now - ((now % kDay) + kDay) % kDay;
}

int64_t seconds_until_next_utc_day(int64_t now) {
  return utc_day_start(now) + kDay - now;
}

std::pair<std::string, std::string> birth_date_bounds(int min_age, int max_age, Date today) {
  // Someone is max_age until the day before their (max_age + 1)th birthday.
  auto years_back = [&](int years) {
    Date d{today.year - years, today.month, today.day};
    if (d.month == 2 && d.day == 29 && days_in_month(d.year, 2) == 28) d.day = 28;
    return d;
  };
  Date youngest = years_back(min_age);
  Date oldest_exclusive = years_back(max_age + 1);
  Date oldest = oldest_exclusive;
  // The day after oldest_exclusive.
  if (++oldest.day > days_in_month(oldest.year, oldest.month)) {
    oldest.day = 1;
    if (++oldest.month > 12) {
      oldest.month = 1;
      ++oldest.year;
    }
  }
  return {format_date(oldest), format_date(youngest)};
}

double like_weight(int64_t age_seconds) {
  if (age_seconds < 0) age_seconds = 0;
  if (age_seconds >= kPopularityWindowSeconds) return 0.0;
  return 1.0 - static_cast<double>(age_seconds) / kPopularityWindowSeconds;
}

bool persona_likes_back(int likes_back_percent, uint32_t roll) {
  return static_cast<int64_t>(roll % 100) < std::clamp(likes_back_percent, 0, 100);
}

std::array<Language, 3> reading_order(Language viewer) {
  switch (viewer) {
    case Language::en:
      return {Language::en, Language::de, Language::he};
    case Language::de:
      return {Language::de, Language::en, Language::he};
    case Language::he:
      break;
  }
  return {Language::he, Language::en, Language::de};
}

bool like_limit_reached(bool premium, int64_t likes_today, int64_t limit) {
  return !premium && likes_today >= limit;
}

void stable_shuffle(std::vector<int64_t>& ids, uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (size_t i = ids.size(); i > 1; --i) {
    std::uniform_int_distribution<size_t> pick(0, i - 1);
    std::swap(ids[i - 1], ids[pick(rng)]);
  }
}

uint64_t deck_seed(int64_t viewer_id, int64_t now) {
  // The order changes once a day, so a member returning tomorrow sees a fresh deck.
  uint64_t x = static_cast<uint64_t>(viewer_id) * 0x9E3779B97F4A7C15ull ^
               static_cast<uint64_t>(utc_day_start(now) / kDay);
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  return x;
}

}  // namespace kesher::domain
