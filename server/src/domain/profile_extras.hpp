#pragma once
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

// The profile extras of spec §3 (docs/protocol.md "Profile extras"): one catalogue of fields and
// option ids, shared by registration, profile edit and the views. Pure: no I/O.
namespace kesher::domain::extras {

enum class Kind {
  single,  // one option id
  multi,   // several option ids, at most Field::max of them
  number,  // an integer in Field::min..Field::max
};

struct Field {
  std::string_view id;
  Kind kind = Kind::single;
  std::span<const std::string_view> options;  // single and multi
  int min = 0;                                // number
  int max = 0;                                // number: highest value; multi: most choices
};

inline constexpr int kHeightMinCm = 120;
inline constexpr int kHeightMaxCm = 230;
inline constexpr int kMaxInterests = 10;

// Every field, in the order the client shows them.
std::span<const Field> catalogue();
const Field* find_field(std::string_view id);

// A member's answers: field id -> values (option ids; a number as decimal text). A field that is
// absent is unanswered. Multi values are kept in catalogue order, without repeats.
using Extras = std::map<std::string, std::vector<std::string>, std::less<>>;

// What is wrong with an input: `field` names the extra ("" when the input itself is not an
// object), `reason` is one of unknown_field, unknown_option, wrong_type, out_of_range, too_many.
struct Problem {
  std::string field;
  std::string_view reason;
};

// field -> new values; an empty vector clears the field.
using Changes = std::map<std::string, std::vector<std::string>, std::less<>>;

struct CheckedChanges {
  std::optional<Changes> changes;
  Problem problem;
  explicit operator bool() const { return changes.has_value(); }
};

// Checks {"field": value, ...}. Values: a single field takes an option id string, a multi field an
// array of option ids, a number field an integer. `null` (and an empty array) clears the field
// when `allow_clear`, and is wrong_type otherwise.
CheckedChanges check_changes(const boost::json::value& input, bool allow_clear);

// Applies checked changes to stored answers.
void apply_changes(Extras& extras, const Changes& changes);

// {"field": "option" | ["option", ...] | number} for the answered fields.
boost::json::object to_json(const Extras& extras);

}  // namespace kesher::domain::extras
