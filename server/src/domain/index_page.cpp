#include "domain/index_page.hpp"

namespace kesher::domain {

Language page_language(std::string_view language_cookie, std::string_view accept_language) {
  if (auto chosen = parse_language(language_cookie)) return *chosen;
  return language_from_accept(accept_language);
}

PageKind page_kind(std::string_view path) {
  if (path == "/") return PageKind::landing;
  if (path == "/register") return PageKind::registration;
  if (path == "/explore") return PageKind::explore;
  return PageKind::app;
}

std::string_view index_page_file(Language language, PageKind kind) {
  static constexpr std::string_view kFiles[4][3] = {
      // he, en, de
      {"/index.html", "/index.en.html", "/index.de.html"},
      {"/register.html", "/register.en.html", "/register.de.html"},
      {"/explore.html", "/explore.en.html", "/explore.de.html"},
      {"/app.html", "/app.en.html", "/app.de.html"},
  };
  size_t column = language == Language::en ? 1 : language == Language::de ? 2 : 0;
  return kFiles[static_cast<size_t>(kind)][column];
}

}  // namespace kesher::domain
