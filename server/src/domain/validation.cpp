#include "domain/validation.hpp"

#include <charconv>
#include <ctime>
#include <vector>

#include "domain/text.hpp"
#include "protocol/errors.hpp"

namespace kesher::domain {

Date utc_date(int64_t unix_seconds) {
  std::time_t t = static_cast<std::time_t>(unix_seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  return {tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday};
}

std::string format_date(Date date) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02d", date.year, date.month, date.day);
  return buffer;
}

std::optional<Date> parse_date(std::string_view text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return std::nullopt;
  Date date;
  auto parse = [&](size_t at, size_t len, int& out) {
    auto [ptr, ec] = std::from_chars(text.data() + at, text.data() + at + len, out);
    return ec == std::errc{} && ptr == text.data() + at + len;
  };
  if (!parse(0, 4, date.year) || !parse(5, 2, date.month) || !parse(8, 2, date.day)) {
    return std::nullopt;
  }
  if (date.month < 1 || date.month > 12 || date.day < 1 ||
      date.day > days_in_month(date.year, date.month)) {
    return std::nullopt;
  }
  return date;
}

int days_in_month(int year, int month) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (month < 1 || month > 12) return 0;
  bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return month == 2 && leap ? 29 : kDays[month - 1];
}

int age_on(Date birth, Date today) {
  int age = today.year - birth.year;
  if (today.month < birth.month || (today.month == birth.month && today.day < birth.day)) --age;
  return age;
}

Checked<std::string> check_email(std::string_view raw) {
  std::string email = to_lower_ascii(collapse_spaces(raw));
  if (email.size() < 3 || email.size() > 254)
    return Checked<std::string>::fail(errc::invalid_email);
  size_t at = email.find('@');
  if (at == std::string::npos || at == 0 || email.find('@', at + 1) != std::string::npos) {
    return Checked<std::string>::fail(errc::invalid_email);
  }
  std::string_view domain = std::string_view(email).substr(at + 1);
  size_t dot = domain.rfind('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 2 > domain.size() ||
      domain.find("..") != std::string_view::npos || domain.front() == '-') {
    return Checked<std::string>::fail(errc::invalid_email);
  }
  for (char c : email) {
    auto u = static_cast<unsigned char>(c);
    if (u <= 0x20 || u == 0x7f || c == '<' || c == '>' || c == '(' || c == ')' || c == ',' ||
        c == ';' || c == ':' || c == '\\' || c == '"' || c == '[' || c == ']') {
      return Checked<std::string>::fail(errc::invalid_email);
    }
  }
  // An address is a login key, so what the text gate would change (invisible or control
  // characters, a decomposed ü) is refused rather than silently rewritten.
  if (clean_text(email, TextKind::name) != email) {
    return Checked<std::string>::fail(errc::invalid_email);
  }
  return Checked<std::string>::ok(std::move(email));
}

Checked<std::string> check_password(std::string_view password) {
  size_t length = utf8_length(password);
  if (length < kPasswordMinLength) return Checked<std::string>::fail(errc::password_too_short);
  if (length > kPasswordMaxLength) return Checked<std::string>::fail(errc::password_too_long);
  return Checked<std::string>::ok(std::string(password));
}

namespace {

bool is_hebrew_letter(char32_t c) {
  return c >= 0x05D0 && c <= 0x05EA;
}

bool is_latin_letter(char32_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= 0xC0 && c <= 0xFF && c != 0xD7 && c != 0xF7) || (c >= 0x100 && c <= 0x17F);
}

}  // namespace

Checked<std::string> check_name(std::string_view raw, Language language) {
  auto name = clean_text(raw, TextKind::name);
  auto letters = name ? code_points(*name) : std::nullopt;
  if (!letters || letters->empty() || letters->size() > kNameMaxLength) {
    return Checked<std::string>::fail(errc::invalid_name);
  }
  for (char32_t c : *letters) {
    bool letter = language == Language::he ? is_hebrew_letter(c) : is_latin_letter(c);
    if (!letter && c != ' ') return Checked<std::string>::fail(errc::invalid_name);
  }
  return Checked<std::string>::ok(std::move(*name));
}

Checked<Date> check_birth_date(int64_t year, int64_t month, int64_t day, Date today) {
  if (month < 1 || month > 12) return Checked<Date>::fail(errc::invalid_month);
  if (year < 1900 || year > today.year) return Checked<Date>::fail(errc::invalid_birth_date);
  int y = static_cast<int>(year), m = static_cast<int>(month);
  if (day < 1 || day > days_in_month(y, m)) return Checked<Date>::fail(errc::invalid_day);
  Date birth{y, m, static_cast<int>(day)};
  if (birth > today) return Checked<Date>::fail(errc::invalid_birth_date);
  if (age_on(birth, today) < kMinimumAge) return Checked<Date>::fail(errc::underage);
  return Checked<Date>::ok(birth);
}

Checked<std::pair<int, int>> check_age_range(std::string_view text) {
  using Result = Checked<std::pair<int, int>>;
  size_t comma = text.find(',');
  if (comma == std::string_view::npos) return Result::fail(errc::invalid_age_range);
  int low = 0, high = 0;
  auto parse = [](std::string_view part, int& out) {
    auto [ptr, ec] = std::from_chars(part.data(), part.data() + part.size(), out);
    return ec == std::errc{} && ptr == part.data() + part.size() && !part.empty();
  };
  if (!parse(text.substr(0, comma), low) || !parse(text.substr(comma + 1), high)) {
    return Result::fail(errc::invalid_age_range);
  }
  if (low < kSearchAgeMin || high > kSearchAgeMax || low > high) {
    return Result::fail(errc::invalid_age_range);
  }
  return Result::ok({low, high});
}

std::string format_age_range(std::pair<int, int> range) {
  return std::to_string(range.first) + "," + std::to_string(range.second);
}

Checked<std::string> check_bio(std::string_view bio) {
  auto text = clean_text_without_html(bio, TextKind::paragraphs);
  if (!text || utf8_length(*text) > kBioMaxLength) {
    return Checked<std::string>::fail(errc::invalid_value);
  }
  return Checked<std::string>::ok(std::move(*text));
}

bool valid_gender(int64_t gender) {
  return gender >= 1 && gender <= 3;
}
bool valid_search_gender(int64_t gender) {
  return gender == 1 || gender == 2;
}
bool valid_answer(int64_t answer) {
  return answer >= 1 && answer <= 6;
}
bool valid_radius(int64_t radius) {
  return radius >= kRadiusMin && radius <= kRadiusMax;
}

}  // namespace kesher::domain
