#pragma once
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace kesher::protocol {

// An application/x-www-form-urlencoded body (an HTML form's POST): name → value, percent and '+'
// decoded. nullopt for a malformed escape or more than 64 fields; a repeated name keeps its first
// value. Untrusted input (fuzz/webhook_signature.cpp).
std::optional<std::map<std::string, std::string>> parse_form(std::string_view body);
bool is_form_content_type(std::string_view content_type);

}  // namespace kesher::protocol
