#include "domain/personas.hpp"

#include "protocol/errors.hpp"

namespace kesher::domain {

namespace {

PersonaVerdict refuse(std::string_view error, std::string_view field) {
  return {std::nullopt, error, field};
}

}  // namespace

PersonaVerdict check_persona(const PersonaInput& input, Date today) {
  auto language = parse_language(input.language);
  if (!language) return refuse(errc::invalid_language, "language");
  auto name = check_name(input.name, *language);
  if (!name) return refuse(name.error, "name");
  auto birth = parse_date(input.birth_date);
  if (!birth) return refuse(errc::invalid_birth_date, "birth_date");
  int age = age_on(*birth, today);
  if (age < kMinimumAge) return refuse(errc::underage, "birth_date");
  if (age > kMaxPersonaAge) return refuse(errc::invalid_birth_date, "birth_date");
  if (!valid_gender(input.gender)) return refuse(errc::invalid_gender, "gender");
  if (!valid_search_gender(input.s_gender)) return refuse(errc::invalid_looking_for, "s_gender");
  if (input.s_age_min < kSearchAgeMin || input.s_age_max > kSearchAgeMax ||
      input.s_age_min > input.s_age_max) {
    return refuse(errc::invalid_age_range, "s_age");
  }
  if (!valid_answer(input.answer)) return refuse(errc::invalid_answer, "answer");
  auto bio = check_bio(input.bio);
  if (!bio) return refuse(bio.error, "bio");
  if (input.likes_back_percent < 0 || input.likes_back_percent > 100) {
    return refuse(errc::invalid_value, "likes_back_percent");
  }
  if (input.like_back_delay_s < 0 || input.like_back_delay_s > kMaxLikeBackDelaySeconds) {
    return refuse(errc::invalid_value, "like_back_delay_s");
  }
  PersonaProfileFields p;
  p.name = *name.value;
  p.language = *language;
  p.birth_date = *birth;
  p.gender = static_cast<int>(input.gender);
  p.s_gender = static_cast<int>(input.s_gender);
  p.s_age_min = static_cast<int>(input.s_age_min);
  p.s_age_max = static_cast<int>(input.s_age_max);
  p.answer = static_cast<int>(input.answer);
  p.bio = *bio.value;
  p.likes_back_percent = static_cast<int>(input.likes_back_percent);
  p.like_back_delay_s = static_cast<int>(input.like_back_delay_s);
  return {std::move(p), {}, {}};
}

}  // namespace kesher::domain
