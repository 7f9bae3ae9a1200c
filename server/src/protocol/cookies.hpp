#pragma once
#include <string>
#include <string_view>

namespace kesher::protocol {

// The value of cookie `name` in a Cookie header, or empty.
std::string cookie_value(std::string_view header, std::string_view name);

}  // namespace kesher::protocol
