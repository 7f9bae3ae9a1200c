// The JSON bodies of /api/auth/register, login, recover and reset. The handlers' BodyReader is
// private to modules/auth_http.cpp and the handlers need a database and argon2id, so this target
// takes the same path through the pure parts: protocol::parse_object, protocol::Fields read the
// way BodyReader reads them, and every validator a field goes through (domain/validation.cpp).
// Bytes that are not a JSON object go to the validators as they are.
#include <cstdint>
#include <string>
#include <string_view>

#include "domain/language.hpp"
#include "domain/text.hpp"
#include "domain/validation.hpp"
#include "fuzz_check.hpp"
#include "protocol/envelope.hpp"

using namespace kesher;
using domain::Language;

namespace {

constexpr domain::Date kToday{2026, 3, 1};

void check_email_rule(std::string_view raw) {
  auto email = domain::check_email(raw);
  if (!email) return;
  const std::string& address = *email.value;
  FUZZ_CHECK(address.size() >= 3 && address.size() <= 254);
  FUZZ_CHECK(address == domain::to_lower_ascii(address));
  size_t at = address.find('@');
  FUZZ_CHECK(at != std::string::npos && at > 0 && address.find('@', at + 1) == std::string::npos);
  for (char c : address) {
    // The address goes into mail headers (mail/message.cpp): no line breaks, no angle brackets.
    FUZZ_CHECK(static_cast<unsigned char>(c) > 0x20 && c != 0x7F && c != '<' && c != '>');
  }
  FUZZ_CHECK(domain::check_email(address).value == address);
}

void check_password_rule(std::string_view raw) {
  auto password = domain::check_password(raw);
  if (!password) return;
  size_t length = domain::utf8_length(*password.value);
  FUZZ_CHECK(length >= domain::kPasswordMinLength && length <= domain::kPasswordMaxLength);
}

void check_name_rule(std::string_view raw, Language language) {
  auto name = domain::check_name(raw, language);
  if (!name) return;
  auto letters = domain::code_points(*name.value);
  FUZZ_CHECK(letters && !letters->empty() && letters->size() <= domain::kNameMaxLength);
  FUZZ_CHECK(letters->front() != ' ' && letters->back() != ' ');
  FUZZ_CHECK(domain::check_name(*name.value, language).value == name.value);
}

void check_birth_date_rule(int64_t year, int64_t month, int64_t day) {
  auto birth = domain::check_birth_date(year, month, day, kToday);
  if (!birth) return;
  FUZZ_CHECK(domain::age_on(*birth.value, kToday) >= domain::kMinimumAge);
  FUZZ_CHECK(domain::parse_date(domain::format_date(*birth.value)) == birth.value);
}

void check_age_range_rule(std::string_view raw) {
  auto range = domain::check_age_range(raw);
  if (!range) return;
  auto [low, high] = *range.value;
  FUZZ_CHECK(domain::kSearchAgeMin <= low && low <= high && high <= domain::kSearchAgeMax);
  FUZZ_CHECK(domain::check_age_range(domain::format_age_range(*range.value)).value == range.value);
}

void check_every_text_rule(std::string_view raw) {
  check_email_rule(raw);
  check_password_rule(raw);
  for (Language language : {Language::he, Language::en, Language::de})
    check_name_rule(raw, language);
  check_age_range_rule(raw);
  if (auto date = domain::parse_date(raw)) {
    FUZZ_CHECK(domain::parse_date(domain::format_date(*date)) == date);
  }
  domain::parse_language(raw);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto body = protocol::parse_object(text);
  if (!body) {
    check_every_text_rule(text);
    return 0;
  }
  // BodyReader: required text and number fields, an optional language.
  protocol::Fields fields(*body);
  auto text_field = [&](std::string_view name) { return fields.string(name).value_or(""); };
  auto number_field = [&](std::string_view name) { return fields.integer(name).value_or(0); };
  std::string email = text_field("email");
  std::string password = text_field("password");
  std::string name = text_field("name");
  std::string s_age = text_field("s_age");
  std::string token = text_field("token");
  int64_t year = number_field("birth_year");
  int64_t month = number_field("birth_month");
  int64_t day = number_field("birth_day");
  int64_t gender = number_field("gender");
  int64_t s_gender = number_field("s_gender");
  int64_t answer = number_field("answer");
  auto language = domain::parse_language(fields.string("language").value_or("he"));
  if (fields.failed()) FUZZ_CHECK(body->contains(fields.invalid_field()));

  check_email_rule(email);
  check_password_rule(password);
  check_password_rule(token);
  check_name_rule(name, language.value_or(Language::he));
  check_birth_date_rule(year, month, day);
  check_age_range_rule(s_age);
  domain::valid_gender(gender);
  domain::valid_search_gender(s_gender);
  domain::valid_answer(answer);
  return 0;
}
