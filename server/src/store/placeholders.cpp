#include "store/placeholders.hpp"

#include <cctype>

namespace kesher::store {

namespace {

// Copies the quoted run starting at `at` (on its opening quote) up to and including the closing
// quote; a doubled quote inside stays part of the run. With `backslash_escapes` (E'…'), a
// backslash escapes the next character too. Returns the index after the run.
size_t copy_quoted(std::string_view sql, size_t at, bool backslash_escapes, std::string& out) {
  char quote = sql[at];
  out += quote;
  size_t i = at + 1;
  while (i < sql.size()) {
    char c = sql[i];
    out += c;
    ++i;
    if (backslash_escapes && c == '\\' && i < sql.size()) {
      out += sql[i++];
    } else if (c == quote) {
      if (i < sql.size() && sql[i] == quote) {
        out += sql[i++];  // a doubled quote, still inside
      } else {
        break;
      }
    }
  }
  return i;
}

// "$tag$" at `at`, or empty when this '$' opens no dollar quote (e.g. a "$1" already there).
std::string_view dollar_tag(std::string_view sql, size_t at) {
  size_t i = at + 1;
  if (i < sql.size() && std::isdigit(static_cast<unsigned char>(sql[i]))) return {};
  while (i < sql.size() && (std::isalnum(static_cast<unsigned char>(sql[i])) || sql[i] == '_')) {
    ++i;
  }
  if (i < sql.size() && sql[i] == '$') return sql.substr(at, i - at + 1);
  return {};
}

}  // namespace

std::string translate_placeholders(std::string_view sql, int* parameter_count) {
  std::string out;
  out.reserve(sql.size() + 8);
  int largest = 0;
  size_t i = 0;
  while (i < sql.size()) {
    char c = sql[i];
    char next = i + 1 < sql.size() ? sql[i + 1] : '\0';
    if (c == '\'' || c == '"') {
      bool escapes = c == '\'' && i > 0 && (sql[i - 1] == 'E' || sql[i - 1] == 'e') &&
                     (i < 2 || !std::isalnum(static_cast<unsigned char>(sql[i - 2])));
      i = copy_quoted(sql, i, escapes, out);
    } else if (c == '-' && next == '-') {
      size_t end = sql.find('\n', i);
      if (end == std::string_view::npos) end = sql.size();
      out.append(sql.substr(i, end - i));
      i = end;
    } else if (c == '/' && next == '*') {
      size_t end = sql.find("*/", i + 2);
      end = end == std::string_view::npos ? sql.size() : end + 2;
      out.append(sql.substr(i, end - i));
      i = end;
    } else if (c == '$' && !dollar_tag(sql, i).empty()) {
      std::string_view tag = dollar_tag(sql, i);
      size_t end = sql.find(tag, i + tag.size());
      end = end == std::string_view::npos ? sql.size() : end + tag.size();
      out.append(sql.substr(i, end - i));
      i = end;
    } else if (c == '?') {
      size_t digits = i + 1;
      int number = 0;
      while (digits < sql.size() && std::isdigit(static_cast<unsigned char>(sql[digits]))) {
        number = number * 10 + (sql[digits] - '0');
        ++digits;
      }
      if (digits == i + 1) number = largest + 1;
      if (number > largest) largest = number;
      out += '$';
      out += std::to_string(number);
      i = digits;
    } else {
      out += c;
      ++i;
    }
  }
  if (parameter_count) *parameter_count = largest;
  return out;
}

}  // namespace kesher::store
