#include "domain/routes.hpp"

#include <array>

namespace kesher::domain {

namespace {

constexpr std::array<std::string_view, 10> kProtected{
    "/explore", "/meet",    "/stories",  "/contacts", "/profile",
    "/likesme", "/mylikes", "/visitors", "/match",    "/settings"};
constexpr std::array<std::string_view, 6> kGuestOnly{"/",      "/login",   "/register",
                                                     "/reset", "/landing", "/landing-blue"};
constexpr std::array<std::string_view, 5> kOpen{"/privacy", "/tos", "/terms-and-conditions",
                                                "/support", "/payments/redirect"};
// Routes with one optional parameter: /chat/{slug} needs a session, the rest are open.
constexpr std::array<std::string_view, 6> kOpenWithParameter{"/check",   "/reconnect", "/ref",
                                                             "/recover", "/verify",    "/payments"};

template <size_t N>
bool contains(const std::array<std::string_view, N>& list, std::string_view path) {
  for (auto entry : list) {
    if (entry == path) return true;
  }
  return false;
}

// "/chat/abc" matches prefix "/chat" with at most one more segment; "/chat" alone matches too.
bool matches_with_parameter(std::string_view path, std::string_view prefix) {
  if (path == prefix) return true;
  if (path.size() <= prefix.size() + 1 || path.substr(0, prefix.size()) != prefix ||
      path[prefix.size()] != '/') {
    return false;
  }
  return path.find('/', prefix.size() + 1) == std::string_view::npos;
}

}  // namespace

RouteAccess classify_route(std::string_view path) {
  if (path.size() > 1 && path.back() == '/') path.remove_suffix(1);
  if (contains(kProtected, path)) return RouteAccess::protected_page;
  if (contains(kGuestOnly, path)) return RouteAccess::guest_only;
  if (contains(kOpen, path)) return RouteAccess::open_page;
  if (matches_with_parameter(path, "/chat")) return RouteAccess::protected_page;
  for (auto prefix : kOpenWithParameter) {
    if (matches_with_parameter(path, prefix)) return RouteAccess::open_page;
  }
  return RouteAccess::unknown;
}

}  // namespace kesher::domain
