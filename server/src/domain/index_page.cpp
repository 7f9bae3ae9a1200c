#include "domain/index_page.hpp"

namespace kesher::domain {

Language page_language(std::string_view language_cookie, std::string_view accept_language) {
  if (auto chosen = parse_language(language_cookie)) return *chosen;
  return language_from_accept(accept_language);
}

bool shows_landing(std::string_view path) {
  return path == "/";
}

std::string_view index_page_file(Language language, bool landing) {
  switch (language) {
    case Language::en:
      return landing ? "/index.en.html" : "/app.en.html";
    case Language::de:
      return landing ? "/index.de.html" : "/app.de.html";
    case Language::he:
      break;
  }
  return landing ? "/index.html" : "/app.html";
}

}  // namespace kesher::domain
