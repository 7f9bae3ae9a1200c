#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "domain/language.hpp"
#include "domain/validation.hpp"

// The rules a persona's profile follows, whoever writes it: the demo catalogue (app/seed.cpp) or
// an admin in the console (console/admin_personas.cpp). A persona passes a member's registration
// rules, plus its like-back setting.
namespace kesher::domain {

inline constexpr int kMaxLikeBackDelaySeconds = 24 * 3600;
inline constexpr int kMaxPersonaAge = 80;

// As typed or read; numbers are wide so that any JSON integer can be judged, not truncated.
struct PersonaInput {
  std::string name;
  std::string language;
  std::string birth_date;  // YYYY-MM-DD
  int64_t gender = 0;
  int64_t s_gender = 0;
  int64_t s_age_min = 0;
  int64_t s_age_max = 0;
  int64_t answer = 1;
  std::string bio;
  int64_t likes_back_percent = 0;
  int64_t like_back_delay_s = 0;
};

struct PersonaProfileFields {
  std::string name;  // cleaned as a member's
  Language language = Language::he;
  Date birth_date;
  int gender = 0;
  int s_gender = 0;
  int s_age_min = 0;
  int s_age_max = 0;
  int answer = 1;
  std::string bio;  // cleaned as a member's
  int likes_back_percent = 0;
  int like_back_delay_s = 0;
};

struct PersonaVerdict {
  std::optional<PersonaProfileFields> persona;
  std::string_view error;  // an error code of protocol/errors.hpp
  std::string_view field;  // the input that broke it
};

// The first rule the input breaks, or the cleaned profile. The place is the caller's to check
// (it needs the places table).
PersonaVerdict check_persona(const PersonaInput& input, Date today);

}  // namespace kesher::domain
