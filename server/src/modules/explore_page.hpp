#pragma once
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>

#include "app/context.hpp"
#include "pages/explore_page.hpp"

namespace kesher::modules {

// How many cards the page draws: SwipeCard's top card and the two peeking behind it
// (ExplorePage.tsx's VISIBLE_CARDS).
inline constexpr size_t kDrawnCards = 3;

// A card's template fields (web/build/explorePage.ts, cardTemplate) from a Person of the explore
// reply (docs/protocol.md "Person") at `depth` in the deck (0 on top).
pages::TemplateValues card_values(const boost::json::object& person, size_t depth);

// The deck's first cards, drawn, and the people as JSON.
pages::ExploreScreen explore_screen_of(const boost::json::array& people);

// The first screen of /explore for this member: the same deck the socket's first `explore`
// would give them. nullopt when the account is gone. Blocking: a worker's call.
std::optional<pages::ExploreScreen> explore_screen(app::Context& app, int64_t user_id, int64_t now);

}  // namespace kesher::modules
