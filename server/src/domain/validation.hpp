#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "domain/language.hpp"

namespace kesher::domain {

// A checked value or the error code (docs/protocol.md) that explains why it was refused.
template <class T>
struct Checked {
  std::optional<T> value;
  std::string_view error;

  static Checked ok(T v) { return {std::move(v), {}}; }
  static Checked fail(std::string_view code) { return {std::nullopt, code}; }
  explicit operator bool() const { return value.has_value(); }
};

struct Date {
  int year = 0;
  int month = 0;
  int day = 0;
  auto operator<=>(const Date&) const = default;
};

Date utc_date(int64_t unix_seconds);
std::string format_date(Date date);                     // YYYY-MM-DD
std::optional<Date> parse_date(std::string_view text);  // YYYY-MM-DD
int days_in_month(int year, int month);
int age_on(Date birth, Date today);

inline constexpr int kMinimumAge = 18;
inline constexpr size_t kNameMaxLength = 20;
inline constexpr size_t kPasswordMinLength = 8;
inline constexpr size_t kPasswordMaxLength = 128;
inline constexpr size_t kBioMaxLength = 500;
inline constexpr int kSearchAgeMin = 18;
inline constexpr int kSearchAgeMax = 100;
inline constexpr int kRadiusMin = 1;
inline constexpr int kRadiusMax = 100;

// Lower-cased, trimmed address if it is a plausible email; invisible or control characters and
// text that is not in NFC are refused (clean_text must leave it as it is).
Checked<std::string> check_email(std::string_view email);
Checked<std::string> check_password(std::string_view password);
// Letters and spaces only, 1-20 of them; Hebrew letters when the language is he (spec §5). The
// name passes clean_text(TextKind::name) first, so invisible characters are dropped, runs of
// white space become one space and a decomposed "Ju\u0308rgen" counts as "Jürgen".
Checked<std::string> check_name(std::string_view name, Language language);
// Returns the birth date if valid and the person is at least 18 on `today`.
Checked<Date> check_birth_date(int64_t year, int64_t month, int64_t day, Date today);
Checked<std::pair<int, int>> check_age_range(std::string_view text);  // "min,max"
std::string format_age_range(std::pair<int, int> range);
// clean_text_without_html(TextKind::paragraphs); at most 500 code points.
Checked<std::string> check_bio(std::string_view bio);
bool valid_gender(int64_t gender);         // 1 male, 2 female, 3 other
bool valid_search_gender(int64_t gender);  // 1 or 2
bool valid_answer(int64_t answer);         // 1-6
bool valid_radius(int64_t radius);         // 1-100 km

}  // namespace kesher::domain
