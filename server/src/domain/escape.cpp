#include "domain/escape.hpp"

#include "domain/routes.hpp"

namespace kesher::domain::escape {

namespace {

constexpr size_t kMaxTokenLength = 128;
constexpr size_t kMaxPathLength = 512;

bool base64url_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_';
}

bool path_char(char c) {
  // Letters, digits and the unreserved marks of RFC 3986 with '/': no '\', no '%', no '?', no
  // '#', no ':' (so no scheme), no spaces or control characters.
  return base64url_char(c) || c == '/' || c == '.' || c == '~';
}

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

// A page whose segment is /check or /reconnect would loop back into the escape.
bool loops(std::string_view path) {
  for (std::string_view page : {std::string_view("/check"), std::string_view("/reconnect")}) {
    if (path == page || starts_with(path, std::string(page) + "/")) return true;
  }
  return false;
}

}  // namespace

bool plausible_token(std::string_view token) {
  if (token.empty() || token.size() > kMaxTokenLength) return false;
  for (char c : token) {
    if (!base64url_char(c)) return false;
  }
  return true;
}

bool exchange_allowed_from(std::string_view fetch_site) {
  return fetch_site.empty() || fetch_site == "none" || fetch_site == "same-origin";
}

std::string return_path(std::string_view next) {
  if (next.empty() || next.size() > kMaxPathLength || next.front() != '/' ||
      starts_with(next, "//")) {
    return std::string(kDefaultPath);
  }
  for (char c : next) {
    if (!path_char(c)) return std::string(kDefaultPath);
  }
  if (next.find("/../") != std::string_view::npos || next.find("/./") != std::string_view::npos) {
    return std::string(kDefaultPath);
  }
  // The new session is signed in: a guest-only page (the landing, login) would only bounce.
  auto access = classify_route(next);
  if (loops(next) || access == RouteAccess::unknown || access == RouteAccess::guest_only) {
    return std::string(kDefaultPath);
  }
  return std::string(next);
}

}  // namespace kesher::domain::escape
