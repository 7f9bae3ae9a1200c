#pragma once
#include <span>
#include <string_view>

namespace kesher::domain {

// Route rules of spec §2, applied by the server before it serves the client's index.html. The
// client's router (web/src/app/router.tsx) has the same pages with the same guards: its contract
// test compares them with `kesher --dump-protocol`.
enum class RouteAccess { protected_page, guest_only, open_page, unknown };

// Whether a page takes one more path segment: /chat and /chat/{slug}, /recover/{token}.
enum class RouteParameter { none, optional, required };

struct PageRoute {
  std::string_view path;
  RouteAccess access;
  RouteParameter parameter = RouteParameter::none;
};

// Every page of the client.
std::span<const PageRoute> page_routes();

RouteAccess classify_route(std::string_view path);

}  // namespace kesher::domain
