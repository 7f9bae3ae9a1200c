#pragma once
#include <boost/json/array.hpp>
#include <cstdint>
#include <unordered_set>

#include "modules/person_view.hpp"

namespace kesher::modules {

// The Slips' next cards for `viewer` (docs/protocol.md "explore"), leaving out `exclude`: the
// socket's `explore` answers with them, and the pre-rendered /explore starts from them
// (modules/explore_page.hpp). Boosted people come first, their impressions counted.
boost::json::array explore_deck(app::Context& app, store::Session& db, const Viewer& viewer,
                                const std::unordered_set<int64_t>& exclude, int64_t now);

}  // namespace kesher::modules
