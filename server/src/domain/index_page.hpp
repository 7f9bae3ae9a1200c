#pragma once
#include <string_view>

#include "domain/language.hpp"

namespace kesher::domain {

// Which of the build's pages answers a route of the members' app (docs/architecture.md,
// "Per-language pages"). The build writes three pages per language: index.html (he), index.en.html
// and index.de.html with the landing pre-rendered; register.html, register.en.html and
// register.de.html with the registration's first step pre-rendered; explore.html, explore.en.html
// and explore.de.html with the signed-in frame and The Slips, whose deck the server fills
// (pages/explore_page.hpp); and app.html, app.en.html and app.de.html with nothing pre-rendered,
// for every other route.

// The page's language: the language cookie the client writes (web/src/app/language.ts) when it
// names a supported language, else the first supported language of Accept-Language, else he.
Language page_language(std::string_view language_cookie, std::string_view accept_language);

// Which kind of page a route gets: the landing pre-rendered ("/" only; /landing and /landing-blue
// are the landing variants' onboarding flows, web/src/app/router.tsx LANDING_PATHS), the
// registration's first step pre-rendered ("/register"), The Slips ("/explore"), or the app's page
// for every other route.
enum class PageKind { landing, registration, explore, app };
PageKind page_kind(std::string_view path);

// The page's file under the build's root, e.g. "/index.en.html", "/register.html" or "/app.html".
std::string_view index_page_file(Language language, PageKind kind);

}  // namespace kesher::domain
