#include "domain/routes.hpp"

#include <array>

namespace kesher::domain {

namespace {

using enum RouteAccess;
using enum RouteParameter;

constexpr std::array kPages = std::to_array<PageRoute>({
    {"/explore", protected_page},
    {"/meet", protected_page},
    {"/stories", protected_page},
    {"/contacts", protected_page},
    {"/profile", protected_page},
    {"/likesme", protected_page},
    {"/mylikes", protected_page},
    {"/visitors", protected_page},
    {"/match", protected_page},
    {"/settings", protected_page},
    {"/chat", protected_page, optional},
    {"/", guest_only},
    {"/login", guest_only},
    {"/register", guest_only},
    {"/reset", guest_only},
    {"/landing", guest_only},
    {"/landing-blue", guest_only},
    {"/privacy", open_page},
    {"/tos", open_page},
    {"/terms-and-conditions", open_page},
    {"/support", open_page},
    {"/payments/redirect", open_page},
    {"/check", open_page, optional},
    {"/reconnect", open_page, optional},
    {"/recover", open_page, required},
});

// "/chat/abc" is "/chat" with one more segment.
bool is_with_parameter(std::string_view path, std::string_view prefix) {
  if (path.size() <= prefix.size() + 1 || path.substr(0, prefix.size()) != prefix ||
      path[prefix.size()] != '/') {
    return false;
  }
  return path.find('/', prefix.size() + 1) == std::string_view::npos;
}

bool matches(const PageRoute& page, std::string_view path) {
  if (path == page.path) return page.parameter != required;
  return page.parameter != none && is_with_parameter(path, page.path);
}

}  // namespace

std::span<const PageRoute> page_routes() {
  return kPages;
}

RouteAccess classify_route(std::string_view path) {
  if (path.size() > 1 && path.back() == '/') path.remove_suffix(1);
  for (const auto& page : kPages) {
    if (matches(page, path)) return page.access;
  }
  return unknown;
}

}  // namespace kesher::domain
