#pragma once
#include <string_view>

namespace kesher::domain {

// Route rules of spec §2, applied by the server before it serves the client's index.html.
enum class RouteAccess { protected_page, guest_only, open_page, unknown };

RouteAccess classify_route(std::string_view path);

}  // namespace kesher::domain
