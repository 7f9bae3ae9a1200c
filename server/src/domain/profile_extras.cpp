#include "domain/profile_extras.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <variant>

namespace kesher::domain::extras {

namespace json = boost::json;

namespace {

// Option ids are part of the protocol (docs/protocol.md "Profile extras") and of the client's
// catalogue (web/src/features/profile/extras/catalog.ts); they never change meaning.
constexpr std::array<std::string_view, 6> kRelationshipGoal{
    "long_term", "long_term_open", "short_term_open", "short_term", "friends", "not_sure"};
constexpr std::array<std::string_view, 4> kDatingExperience{"first_time", "a_little", "experienced",
                                                            "veteran"};
constexpr std::array<std::string_view, 5> kDistance{"nearby", "km_25", "km_50", "km_100",
                                                    "anywhere"};
constexpr std::array<std::string_view, 4> kCommunication{"texting", "phone", "video", "in_person"};
constexpr std::array<std::string_view, 9> kEthnicity{
    "middle_eastern", "north_african", "european", "east_african", "black",
    "east_asian",     "south_asian",   "latin",    "mixed"};
constexpr std::array<std::string_view, 4> kRelationshipStatus{"single", "divorced", "separated",
                                                              "widowed"};
constexpr std::array<std::string_view, 23> kIndustry{
    "administration", "agriculture",   "arts",       "construction", "education",   "energy",
    "engineering",    "finance",       "government", "healthcare",   "hospitality", "law",
    "logistics",      "manufacturing", "marketing",  "security",     "nonprofit",   "real_estate",
    "retail",         "science",       "technology", "student",      "other"};
constexpr std::array<std::string_view, 24> kInterests{
    "travel",  "music",   "movies",  "reading", "cooking",      "sports",
    "fitness", "hiking",  "dancing", "art",     "photography",  "gaming",
    "tech",    "fashion", "yoga",    "animals", "volunteering", "nature",
    "beach",   "coffee",  "wine",    "theatre", "meditation",   "festivals"};
constexpr std::array<std::string_view, 4> kDrink{"never", "rarely", "socially", "often"};
constexpr std::array<std::string_view, 4> kSmoke{"never", "socially", "regularly", "quitting"};
constexpr std::array<std::string_view, 4> kWorkout{"never", "sometimes", "often", "daily"};
constexpr std::array<std::string_view, 5> kPets{"dog", "cat", "other", "none", "allergic"};
constexpr std::array<std::string_view, 3> kChildren{"none", "at_home", "not_at_home"};
constexpr std::array<std::string_view, 4> kFamilyPlans{"want", "dont_want", "open", "not_sure"};
constexpr std::array<std::string_view, 3> kPersonality{"introvert", "extrovert", "in_between"};

const std::array<Field, 16> kCatalogue{{
    {"relationship_goal", Kind::single, kRelationshipGoal},
    {"dating_experience", Kind::single, kDatingExperience},
    {"distance", Kind::single, kDistance},
    {"communication", Kind::single, kCommunication},
    {"ethnicity", Kind::single, kEthnicity},
    {"relationship_status", Kind::single, kRelationshipStatus},
    {"height", Kind::number, {}, kHeightMinCm, kHeightMaxCm},
    {"industry", Kind::single, kIndustry},
    {"interests", Kind::multi, kInterests, 0, kMaxInterests},
    {"drink", Kind::single, kDrink},
    {"smoke", Kind::single, kSmoke},
    {"workout", Kind::single, kWorkout},
    {"pets", Kind::single, kPets},
    {"children", Kind::single, kChildren},
    {"family_plans", Kind::single, kFamilyPlans},
    {"personality", Kind::single, kPersonality},
}};

bool has_option(const Field& field, std::string_view option) {
  return std::find(field.options.begin(), field.options.end(), option) != field.options.end();
}

size_t option_index(const Field& field, std::string_view option) {
  return static_cast<size_t>(std::find(field.options.begin(), field.options.end(), option) -
                             field.options.begin());
}

// One field's new values, or the reason it is refused.
std::variant<std::vector<std::string>, std::string_view> check_value(const Field& field,
                                                                     const json::value& value,
                                                                     bool allow_clear) {
  if (value.is_null()) {
    if (!allow_clear) return std::string_view("wrong_type");
    return std::vector<std::string>{};
  }
  switch (field.kind) {
    case Kind::single: {
      if (!value.is_string()) return std::string_view("wrong_type");
      std::string_view option = value.get_string();
      if (!has_option(field, option)) return std::string_view("unknown_option");
      return std::vector<std::string>{std::string(option)};
    }
    case Kind::number: {
      if (!value.is_int64() && !value.is_uint64()) return std::string_view("wrong_type");
      if (value.is_uint64() && value.get_uint64() > static_cast<uint64_t>(field.max)) {
        return std::string_view("out_of_range");
      }
      int64_t n = value.is_int64() ? value.get_int64() : static_cast<int64_t>(value.get_uint64());
      if (n < field.min || n > field.max) return std::string_view("out_of_range");
      return std::vector<std::string>{std::to_string(n)};
    }
    case Kind::multi: {
      if (!value.is_array()) return std::string_view("wrong_type");
      const json::array& items = value.get_array();
      if (items.empty() && !allow_clear) return std::string_view("wrong_type");
      std::vector<std::string> chosen;
      for (const json::value& item : items) {
        if (!item.is_string()) return std::string_view("wrong_type");
        std::string_view option = item.get_string();
        if (!has_option(field, option)) return std::string_view("unknown_option");
        if (std::find(chosen.begin(), chosen.end(), option) == chosen.end()) {
          chosen.emplace_back(option);
        }
      }
      if (chosen.size() > static_cast<size_t>(field.max)) return std::string_view("too_many");
      std::sort(chosen.begin(), chosen.end(), [&](const std::string& a, const std::string& b) {
        return option_index(field, a) < option_index(field, b);
      });
      return chosen;
    }
  }
  return std::string_view("wrong_type");
}

}  // namespace

std::span<const Field> catalogue() {
  return kCatalogue;
}

const Field* find_field(std::string_view id) {
  for (const Field& field : kCatalogue) {
    if (field.id == id) return &field;
  }
  return nullptr;
}

CheckedChanges check_changes(const json::value& input, bool allow_clear) {
  CheckedChanges result;
  if (!input.is_object()) {
    result.problem = {"", "wrong_type"};
    return result;
  }
  Changes changes;
  for (const auto& [key, value] : input.get_object()) {
    const Field* field = find_field(key);
    if (!field) {
      result.problem = {std::string(key), "unknown_field"};
      return result;
    }
    auto checked = check_value(*field, value, allow_clear);
    if (auto* reason = std::get_if<std::string_view>(&checked)) {
      result.problem = {std::string(key), *reason};
      return result;
    }
    changes[std::string(key)] = std::move(std::get<std::vector<std::string>>(checked));
  }
  result.changes = std::move(changes);
  return result;
}

void apply_changes(Extras& extras, const Changes& changes) {
  for (const auto& [field, values] : changes) {
    if (values.empty()) {
      extras.erase(field);
    } else {
      extras[field] = values;
    }
  }
}

json::object to_json(const Extras& extras) {
  json::object out;
  // Catalogue order, and only what the catalogue knows: a stored value the catalogue no longer has
  // is never shown.
  for (const Field& field : kCatalogue) {
    auto it = extras.find(field.id);
    if (it == extras.end() || it->second.empty()) continue;
    const auto& values = it->second;
    switch (field.kind) {
      case Kind::single:
        if (has_option(field, values.front())) out[field.id] = values.front();
        break;
      case Kind::number: {
        int n = 0;
        const std::string& text = values.front();
        auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
        if (error == std::errc() && end == text.data() + text.size()) out[field.id] = n;
        break;
      }
      case Kind::multi: {
        json::array options;
        for (const auto& value : values) {
          if (has_option(field, value)) options.emplace_back(value);
        }
        if (!options.empty()) out[field.id] = std::move(options);
        break;
      }
    }
  }
  return out;
}

}  // namespace kesher::domain::extras
