#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "domain/language.hpp"
#include "domain/validation.hpp"

namespace kesher::domain {

// Non-premium members may like this many people a UTC day; premium members have no limit.
inline constexpr int kDailyLikeLimit = 50;
inline constexpr int kPopularityWindowSeconds = 7 * 24 * 3600;
inline constexpr size_t kExploreCards = 10;
inline constexpr size_t kMaxExclude = 50;

int64_t utc_day_start(int64_t now);
int64_t seconds_until_next_utc_day(int64_t now);

// Birth dates ("YYYY-MM-DD", inclusive) of people whose age today is within [min_age, max_age].
std::pair<std::string, std::string> birth_date_bounds(int min_age, int max_age, Date today);

// A like counts fully today and fades to nothing over the popularity window.
double like_weight(int64_t age_seconds);

// Whether a persona likes back, from its setting (0-100) and a uniform roll in [0, 100).
bool persona_likes_back(int likes_back_percent, uint32_t roll);

// The order in which discovery shows people by the language they use Kesher in (a member's own
// text, a persona's name and bio, are written in it): the viewer's own first, then the language
// the viewer is likeliest to read too, and a script the viewer may not read at all last. English
// is Israel's second language; German shares the Latin script with English; Hebrew comes last for
// English and German readers.
std::array<Language, 3> reading_order(Language viewer);

// Whether a new like is refused: a member without premium who liked `limit` people since the
// start of the UTC day. The limit in force is a setting admins change (settings.daily_like_limit,
// store::admin_config::daily_like_limit); kDailyLikeLimit is its initial value.
bool like_limit_reached(bool premium, int64_t likes_today, int64_t limit = kDailyLikeLimit);

// A stable shuffle: the same seed gives the same order (the deck must not jump on a refetch).
void stable_shuffle(std::vector<int64_t>& ids, uint64_t seed);
uint64_t deck_seed(int64_t viewer_id, int64_t now);

}  // namespace kesher::domain
