#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pages/template.hpp"

namespace kesher::pages {

// What the server puts into the pre-rendered /explore (web/build/explorePage.ts): the member's
// first cards, drawn, and the same people as the `explore` reply's JSON, which the app's deck
// starts from.
struct ExploreScreen {
  std::vector<TemplateValues> cards;  // the cards on screen, top first (SwipeCard's fields)
  std::string people_json;            // the whole reply's people array
};

// The page with its deck drawn: the card template taken out of it, the loading card replaced by
// the cards (when there are any), and the people as JSON where the page marks them. A page
// without the marks (another build) comes back unchanged.
std::string render_explore_page(std::string_view page, const ExploreScreen& screen);

}  // namespace kesher::pages
