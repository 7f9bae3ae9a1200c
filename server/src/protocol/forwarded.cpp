#include "protocol/forwarded.hpp"

#include <arpa/inet.h>

#include <algorithm>

namespace kesher::protocol {

namespace {

std::string_view trimmed(std::string_view text) {
  constexpr std::string_view kBlank = " \t";
  size_t first = text.find_first_not_of(kBlank);
  if (first == std::string_view::npos) return {};
  size_t last = text.find_last_not_of(kBlank);
  return text.substr(first, last - first + 1);
}

}  // namespace

std::optional<std::string> canonical_address(std::string_view text) {
  // inet_pton wants a terminated string; the longest IPv6 text is 45 characters.
  // (A NUL inside would end inet_pton's string early and let trailing bytes through.)
  if (text.empty() || text.size() > INET6_ADDRSTRLEN - 1 ||
      text.find('\0') != std::string_view::npos) {
    return std::nullopt;
  }
  std::string terminated(text);
  char out[INET6_ADDRSTRLEN];
  in_addr v4{};
  if (inet_pton(AF_INET, terminated.c_str(), &v4) == 1) {
    if (inet_ntop(AF_INET, &v4, out, sizeof out) == nullptr) return std::nullopt;
    return std::string(out);
  }
  in6_addr v6{};
  if (inet_pton(AF_INET6, terminated.c_str(), &v6) == 1) {
    if (inet_ntop(AF_INET6, &v6, out, sizeof out) == nullptr) return std::nullopt;
    return std::string(out);
  }
  return std::nullopt;
}

std::optional<std::string> forwarded_client(const std::vector<std::string_view>& lines) {
  if (lines.empty()) return std::nullopt;
  std::string_view line = lines.back();
  size_t comma = line.rfind(',');
  std::string_view last = comma == std::string_view::npos ? line : line.substr(comma + 1);
  return canonical_address(trimmed(last));
}

std::string client_address(const std::string& peer, const std::vector<std::string>& trusted_proxies,
                           const std::vector<std::string_view>& x_forwarded_for_lines) {
  if (std::find(trusted_proxies.begin(), trusted_proxies.end(), peer) == trusted_proxies.end()) {
    return peer;
  }
  return forwarded_client(x_forwarded_for_lines).value_or(peer);
}

}  // namespace kesher::protocol
