#include "modules/explore_page.hpp"

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <boost/json/serialize.hpp>
#include <string>
#include <string_view>
#include <unordered_set>

#include "modules/explore_deck.hpp"

namespace kesher::modules {

namespace json = boost::json;

namespace {

std::string text_of(const json::object& person, std::string_view key) {
  const json::value* value = person.if_contains(key);
  if (!value) return {};
  if (value->is_string()) return std::string(value->get_string());
  if (value->is_int64()) return std::to_string(value->get_int64());
  return {};
}

int64_t number_of(const json::object& person, std::string_view key) {
  const json::value* value = person.if_contains(key);
  return value && value->is_int64() ? value->get_int64() : 0;
}

// features/people/display.ts, initialsOf: the first letter of the first two words, capitalised,
// with a thin space between them when one is written right to left.
std::string initials_of(std::string_view name) {
  std::string out;
  bool right_to_left = false;
  int words = 0;
  bool in_word = false;
  int32_t at = 0;
  const auto length = static_cast<int32_t>(name.size());
  std::string letters[2];
  while (at < length && words < 2) {
    UChar32 c;
    int32_t start = at;
    U8_NEXT(name.data(), at, length, c);
    if (c < 0) return {};
    if (u_isUWhiteSpace(c)) {
      in_word = false;
      continue;
    }
    if (in_word) continue;
    in_word = true;
    if (c >= 0x0590 && c <= 0x08FF) right_to_left = true;
    UChar32 upper = u_toupper(c);
    char buffer[U8_MAX_LENGTH];
    int32_t size = 0;
    UBool error = false;
    U8_APPEND(buffer, size, U8_MAX_LENGTH, upper, error);
    letters[words++] =
        error
            ? std::string(name.substr(static_cast<size_t>(start), static_cast<size_t>(at - start)))
            : std::string(buffer, static_cast<size_t>(size));
  }
  out = letters[0];
  if (words == 2) out += (right_to_left ? "\u2009" : "") + letters[1];
  return out;
}

}  // namespace

pages::TemplateValues card_values(const json::object& person, size_t depth) {
  pages::TemplateValues values;
  bool top = depth == 0;
  values["depth"] = std::to_string(depth);
  values["top"] = top ? "1" : "";
  values["behind"] = top ? "" : "1";
  values["tabindex"] = top ? "0" : "-1";
  values["id"] = text_of(person, "id");
  values["name"] = text_of(person, "name");
  values["age"] = text_of(person, "age");
  values["photo"] = text_of(person, "photo");
  values["initials"] = initials_of(values["name"]);
  values["virtual"] = number_of(person, "virtual") == 1 ? "1" : "";
  int64_t photos = number_of(person, "photos_count");
  values["many_photos"] = photos > 1 ? "1" : "";
  values["photos_count"] = std::to_string(photos);
  values["online"] = number_of(person, "status") == 1 ? "1" : "";
  // useLocationLine: the city, then the distance, either may be missing.
  std::string city = text_of(person, "city");
  std::string distance = text_of(person, "distance_km");
  values["any_place"] = city.empty() && distance.empty() ? "" : "1";
  values["place_and_distance"] = city.empty() || distance.empty() ? "" : "1";
  values["place"] = std::move(city);
  values["distance"] = std::move(distance);
  // Collapsed to nothing when only spaces, as SwipeCard's bio.trim().
  std::string bio = text_of(person, "bio");
  values["bio"] = bio.find_first_not_of(" \t\r\n") == std::string::npos ? "" : bio;
  // The template has a badge for each language but the page's own.
  std::string language = text_of(person, "language");
  for (std::string_view code : {"he", "en", "de"}) {
    values["language_" + std::string(code)] = language == code ? "1" : "";
  }
  return values;
}

pages::ExploreScreen explore_screen_of(const json::array& people) {
  pages::ExploreScreen screen;
  for (size_t i = 0; i < people.size() && i < kDrawnCards; ++i) {
    if (const auto* person = people[i].if_object()) {
      screen.cards.push_back(card_values(*person, screen.cards.size()));
    }
  }
  screen.people_json = json::serialize(people);
  return screen;
}

std::optional<pages::ExploreScreen> explore_screen(app::Context& app, int64_t user_id,
                                                   int64_t now) {
  std::optional<pages::ExploreScreen> screen;
  app.db->read([&](store::Session& db) {
    auto viewer = load_viewer(app, db, user_id);
    if (!viewer) return;
    screen = explore_screen_of(explore_deck(app, db, *viewer, {}, now));
  });
  return screen;
}

}  // namespace kesher::modules
