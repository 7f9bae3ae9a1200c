#include "domain/boosts.hpp"

#include <algorithm>

namespace kesher::domain::boosts {

std::string_view kind_name(Kind kind) {
  switch (kind) {
    case Kind::boost:
      return "boost";
    case Kind::top_search:
      return "top_search";
    case Kind::spotlight:
      break;
  }
  return "spotlight";
}

std::optional<Kind> parse_kind(std::string_view name) {
  if (name == "boost") return Kind::boost;
  if (name == "top_search") return Kind::top_search;
  if (name == "spotlight") return Kind::spotlight;
  return std::nullopt;
}

namespace {

int64_t impressions_per_purchase(Kind kind) {
  return kind == Kind::top_search ? 0 : kImpressions;
}

}  // namespace

Boost bought(const std::optional<Boost>& running, Kind kind, int64_t now) {
  if (running && running->kind == kind && active(*running, now)) {
    Boost extended = *running;
    if (extended.impressions_limit > 0)
      extended.impressions_limit += impressions_per_purchase(kind);
    extended.ends_at += kDurationSeconds;
    return extended;
  }
  return Boost{kind, 0, impressions_per_purchase(kind), now, now + kDurationSeconds};
}

bool active(const Boost& boost, int64_t now) {
  if (now >= boost.ends_at) return false;
  return boost.impressions_limit == 0 || boost.impressions < boost.impressions_limit;
}

std::optional<int64_t> impressions_left(const Boost& boost) {
  if (boost.impressions_limit == 0) return std::nullopt;
  return std::max<int64_t>(0, boost.impressions_limit - boost.impressions);
}

bool in_audience(const Audience& audience, const Candidate& candidate) {
  if (candidate.gender != audience.gender) return false;
  if (candidate.birth_date < audience.born_from || candidate.birth_date > audience.born_to) {
    return false;
  }
  if (std::find(audience.languages.begin(), audience.languages.end(), candidate.language) ==
      audience.languages.end()) {
    return false;
  }
  if (!audience.spans) return true;
  return std::any_of(audience.spans->begin(), audience.spans->end(), [&](const CellSpan& span) {
    return span.row == candidate.cell.row && candidate.cell.col >= span.first_col &&
           candidate.cell.col <= span.last_col;
  });
}

}  // namespace kesher::domain::boosts
