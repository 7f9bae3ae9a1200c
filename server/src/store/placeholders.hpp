#pragma once
#include <string>
#include <string_view>

namespace kesher::store {

// The store's SQL names parameters as SQLite does: '?' and '?N'. PostgreSQL wants '$N'. This
// rewrites them once per statement, outside string literals ('…', E'…'), quoted identifiers
// ("…"), dollar-quoted bodies ($tag$…$tag$) and comments (-- and /* */). A bare '?' takes the
// number one above the largest used so far, as SQLite numbers it, so "?2, ?" reads "$2, $3".
// `parameter_count`, when given, receives the largest number used.
std::string translate_placeholders(std::string_view sql, int* parameter_count = nullptr);

}  // namespace kesher::store
