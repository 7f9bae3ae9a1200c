#include "domain/language.hpp"

#include "domain/text.hpp"

namespace kesher::domain {

std::optional<Language> parse_language(std::string_view code) {
  if (code == "he") return Language::he;
  if (code == "en") return Language::en;
  if (code == "de") return Language::de;
  return std::nullopt;
}

std::string_view language_code(Language language) {
  switch (language) {
    case Language::en:
      return "en";
    case Language::de:
      return "de";
    case Language::he:
      break;
  }
  return "he";
}

Language language_from_accept(std::string_view header) {
  // Entries are tried in the order given; q-values are rare enough in practice to ignore.
  size_t start = 0;
  while (start < header.size()) {
    size_t end = header.find(',', start);
    std::string_view entry =
        header.substr(start, end == std::string_view::npos ? end : end - start);
    size_t first = entry.find_first_not_of(' ');
    if (first != std::string_view::npos && entry.size() >= first + 2) {
      std::string code = to_lower_ascii(entry.substr(first, 2));
      if (auto language = parse_language(code)) return *language;
      if (code == "iw") return Language::he;
    }
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return Language::he;
}

}  // namespace kesher::domain
