#pragma once
#include <cstdint>
#include <string>
#include <string_view>

namespace kesher::domain::escape {

// The escape from in-app browsers (docs/decisions/0014-in-app-browser-escape.md): a signed-in
// member's one-time token, exchanged at GET /check/{token} for a fresh session cookie.

// A token lives this long, and is used at most once.
inline constexpr int64_t kTokenSeconds = 60;
// Tokens a member may ask for in a window (POST /api/auth/escape).
inline constexpr int kRequestLimit = 20;
inline constexpr int64_t kRequestWindowSeconds = 10 * 60;
// Where /check/{token} sends the new session when no usable `next` came along.
inline constexpr std::string_view kDefaultPath = "/explore";

// Whether `token` could be one the server issued (base64url, at most 128 characters): anything
// else is refused without a database lookup.
bool plausible_token(std::string_view token);

// Whether /check/{token} may be exchanged on a request with this Sec-Fetch-Site. The way out
// opens it from outside any page (Chrome's intent, Safari's handoff, a tap on a copied link):
// "none". A page of another site that sends a browser there is refused, or it could sign a
// member into the account whose token it holds (a login CSRF). "same-origin" is the app itself;
// a browser without Fetch Metadata (empty) is let through, as before.
bool exchange_allowed_from(std::string_view fetch_site);

// Where /check/{token} redirects: `next` (percent-decoded already) when it is a page of the app
// on this origin (domain/routes.hpp) for a signed-in member (not guest-only) that is neither
// /check nor /reconnect, else kDefaultPath.
// Never another origin: "//host", "/\host", a scheme or control characters fall back too.
std::string return_path(std::string_view next);

}  // namespace kesher::domain::escape
