#pragma once
#include <string_view>

#include "domain/language.hpp"

namespace kesher::domain {

// Which of the build's pages answers a route of the members' app (docs/architecture.md,
// "Per-language pages"). The build writes one page per language: index.html (he),
// index.en.html and index.de.html with the landing pre-rendered, for the landing's paths, and
// app.html, app.en.html and app.de.html without it, for every other route.

// The page's language: the language cookie the client writes (web/src/app/language.ts) when it
// names a supported language, else the first supported language of Accept-Language, else he.
Language page_language(std::string_view language_cookie, std::string_view accept_language);

// The routes that show the landing (web/src/app/router.tsx, LANDING_PATHS): "/" only; /landing
// and /landing-blue are the landing variants' onboarding flows.
bool shows_landing(std::string_view path);

// The page's file under the build's root, e.g. "/index.en.html" or "/app.html".
std::string_view index_page_file(Language language, bool landing);

}  // namespace kesher::domain
