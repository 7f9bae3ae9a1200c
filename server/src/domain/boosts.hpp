#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "domain/places.hpp"

// Paid visibility (spec §1, §9; docs/protocol.md "Boosts"): the rules, without I/O.
namespace kesher::domain::boosts {

enum class Kind {
  boost,       // first in others' Discover decks, for 100 impressions
  top_search,  // first in others' meet lists, for 24 hours
  spotlight,   // first in others' spotlight strips, for 100 impressions
};

std::string_view kind_name(Kind kind);
std::optional<Kind> parse_kind(std::string_view name);

inline constexpr int64_t kImpressions = 100;
inline constexpr int64_t kDurationSeconds = 24 * 3600;
// Boosted people lead a deck, a meet page or the spotlight strip; at most this many of them, so
// that a page is still mostly what the viewer searched for.
inline constexpr size_t kBoostedPerPage = 3;

// One member's boost of one kind.
struct Boost {
  Kind kind = Kind::boost;
  int64_t impressions = 0;        // cards served so far
  int64_t impressions_limit = 0;  // 0: no limit (top_search lasts its hours only)
  int64_t started_at = 0;
  int64_t ends_at = 0;
};

// A purchase: a new boost, or, when one of the kind is still running, the same one with another
// 100 impressions (where counted) and another 24 hours, so that nothing bought runs unseen
// alongside it.
Boost bought(const std::optional<Boost>& running, Kind kind, int64_t now);
// Served while it has time and impressions left.
bool active(const Boost& boost, int64_t now);
// nullopt when the kind has no impression limit.
std::optional<int64_t> impressions_left(const Boost& boost);

// Whom a boosted person may be shown to: the viewer's search, as Discover applies it.
struct Audience {
  int gender = 0;
  std::string born_from, born_to;              // inclusive "YYYY-MM-DD"
  std::optional<std::vector<CellSpan>> spans;  // nullopt: anywhere (the spotlight strip)
  std::vector<std::string> languages;
};
struct Candidate {
  int gender = 0;
  std::string birth_date;
  GridCell cell;
  std::string language;
};
bool in_audience(const Audience& audience, const Candidate& candidate);

}  // namespace kesher::domain::boosts
