#include "protocol/form.hpp"

#include <algorithm>
#include <cctype>

namespace kesher::protocol {

namespace {

constexpr size_t kMaxFields = 64;

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::optional<std::string> decode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '+') {
      out += ' ';
    } else if (c == '%') {
      if (i + 2 >= text.size()) return std::nullopt;
      int high = hex_value(text[i + 1]);
      int low = hex_value(text[i + 2]);
      if (high < 0 || low < 0) return std::nullopt;
      out += static_cast<char>(high * 16 + low);
      i += 2;
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

std::optional<std::map<std::string, std::string>> parse_form(std::string_view body) {
  std::map<std::string, std::string> fields;
  size_t count = 0;
  while (!body.empty()) {
    size_t amp = body.find('&');
    std::string_view pair = body.substr(0, amp);
    body = amp == std::string_view::npos ? std::string_view{} : body.substr(amp + 1);
    if (pair.empty()) continue;
    if (++count > kMaxFields) return std::nullopt;
    size_t equals = pair.find('=');
    auto name = decode(pair.substr(0, equals));
    auto value =
        decode(equals == std::string_view::npos ? std::string_view{} : pair.substr(equals + 1));
    if (!name || !value) return std::nullopt;
    fields.emplace(std::move(*name), std::move(*value));
  }
  return fields;
}

bool is_form_content_type(std::string_view content_type) {
  std::string_view media = content_type.substr(0, content_type.find(';'));
  while (!media.empty() && media.back() == ' ') media.remove_suffix(1);
  constexpr std::string_view kForm = "application/x-www-form-urlencoded";
  return media.size() == kForm.size() &&
         std::equal(media.begin(), media.end(), kForm.begin(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) == b;
         });
}

}  // namespace kesher::protocol
