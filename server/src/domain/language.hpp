#pragma once
#include <optional>
#include <string_view>

namespace kesher::domain {

enum class Language { he, en, de };

std::optional<Language> parse_language(std::string_view code);
std::string_view language_code(Language language);
// The first supported language of an Accept-Language header, he when none.
Language language_from_accept(std::string_view accept_language);

}  // namespace kesher::domain
