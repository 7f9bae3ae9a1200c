#include "protocol/cookies.hpp"

namespace kesher::protocol {

std::string cookie_value(std::string_view header, std::string_view name) {
  size_t start = 0;
  while (start < header.size()) {
    size_t end = header.find(';', start);
    std::string_view pair = header.substr(start, end == std::string_view::npos ? end : end - start);
    while (!pair.empty() && pair.front() == ' ') pair.remove_prefix(1);
    size_t equals = pair.find('=');
    if (equals != std::string_view::npos && pair.substr(0, equals) == name) {
      std::string_view value = pair.substr(equals + 1);
      while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
      if (value.size() >= 2 && value.front() == '"' && value.back() == '"') {
        value = value.substr(1, value.size() - 2);
      }
      return std::string(value);
    }
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return {};
}

}  // namespace kesher::protocol
