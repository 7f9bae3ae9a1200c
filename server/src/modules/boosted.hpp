#pragma once
#include <functional>
#include <vector>

#include "domain/boosts.hpp"
#include "modules/person_view.hpp"
#include "store/social.hpp"

namespace kesher::modules {

// Whom Discover shows the viewer: their search, as the boost rules see it.
domain::boosts::Audience audience_of(const store::Search& search);

// The boosted people of `kind` to put first in this viewer's reply, at most
// domain::boosts::kBoostedPerPage, each with the impression counted (its own small write, after
// the reads of `db`): only people the viewer may see, in the audience, and `eligible` (a
// handler's own filter, such as "not swiped yet"). A boost that ended meanwhile is left out.
std::vector<store::PersonRow> serve_boosted(
    app::Context& app, store::Session& db, const Viewer& viewer, domain::boosts::Kind kind,
    const domain::boosts::Audience& audience,
    const std::function<bool(const store::PersonRow&)>& eligible, int64_t now);

// The reply's people with `boosted` first, each marked `"boosted": 1`; with `drop_repeats` the
// boosted people are taken out of the rest (a deck or strip that does not page).
boost::json::array lead_with_boosted(const app::Context& app, const Viewer& viewer,
                                     const std::vector<store::PersonRow>& boosted,
                                     const std::vector<store::PersonRow>& rest, bool drop_repeats,
                                     size_t limit, int64_t now);

}  // namespace kesher::modules
