#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kesher::domain {

// Decodes UTF-8 into code points; returns false on any invalid or overlong sequence.
bool decode_utf8(std::string_view text, std::vector<char32_t>& out);
void append_utf8(std::string& out, char32_t code_point);
size_t utf8_length(std::string_view text);  // code points; invalid input counts bytes

// Removes every HTML tag and comment and decodes the common entities, so that stored user text is
// plain text (spec §5: "Bio is stripped of all HTML").
std::string strip_html(std::string_view text);

// Trims and collapses runs of white space to one space.
std::string collapse_spaces(std::string_view text);

std::string to_lower_ascii(std::string_view text);

}  // namespace kesher::domain
