#include "bus/wire.hpp"

#include <charconv>

namespace kesher::bus::wire {

namespace {

template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

// A decimal integer up to the next space (or the end); advances `text` past it and the space.
template <class Int>
std::optional<Int> take_number(std::string_view& text, bool last = false) {
  size_t end = last ? text.size() : text.find(' ');
  // Digits only: no sign, so that a number has one spelling but for leading zeros.
  if (end == std::string_view::npos || end == 0 || text[0] < '0' || text[0] > '9') {
    return std::nullopt;
  }
  Int value{};
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + end, value);
  if (ec != std::errc() || ptr != text.data() + end) return std::nullopt;
  text.remove_prefix(last ? end : end + 1);
  return value;
}

}  // namespace

std::string encode(const Message& message) {
  return std::visit(
      Overloaded{
          [](const Delivery& d) { return "m " + std::to_string(d.user_id) + " " + d.frame; },
          [](const Presence& p) {
            return std::string("p ") + (p.online ? "1 " : "0 ") + std::to_string(p.user_id);
          },
          [](const CloseSession& c) {
            return "c " + std::to_string(c.code) + " " + c.session_hash;
          },
          [](const Spread& s) {
            return "s " + std::to_string(s.nodes) + " " + std::to_string(s.sequence) + " " +
                   std::to_string(s.user_id);
          },
      },
      message);
}

std::optional<Message> decode(std::string_view bytes) {
  if (bytes.size() < 3 || bytes[1] != ' ') return std::nullopt;
  char kind = bytes[0];
  bytes.remove_prefix(2);
  switch (kind) {
    case 'm': {
      auto user = take_number<int64_t>(bytes);
      if (!user || *user <= 0 || bytes.empty()) return std::nullopt;
      return Delivery{*user, std::string(bytes)};
    }
    case 'p': {
      auto online = take_number<int>(bytes);
      auto user = online ? take_number<int64_t>(bytes, true) : std::nullopt;
      if (!user || *user <= 0 || (*online != 0 && *online != 1)) return std::nullopt;
      return Presence{*user, *online == 1};
    }
    case 'c': {
      auto code = take_number<uint16_t>(bytes);
      if (!code || bytes.empty() || bytes.size() > 256) return std::nullopt;
      return CloseSession{*code, std::string(bytes)};
    }
    case 's': {
      auto nodes = take_number<int64_t>(bytes);
      auto sequence = nodes ? take_number<int64_t>(bytes) : std::nullopt;
      auto user = sequence ? take_number<int64_t>(bytes, true) : std::nullopt;
      if (!user || *user <= 0 || *nodes <= 0) return std::nullopt;
      return Spread{*user, *nodes, *sequence};
    }
    default:
      return std::nullopt;
  }
}

std::optional<RedisAddress> parse_redis_address(std::string_view text) {
  constexpr std::string_view kUnix = "unix:";
  constexpr std::string_view kRedis = "redis://";
  if (text.substr(0, kUnix.size()) == kUnix) {
    text.remove_prefix(kUnix.size());
    if (text.substr(0, 2) == "//") text.remove_prefix(2);
    if (text.empty() || text[0] != '/') return std::nullopt;
    return RedisAddress{.unix_path = std::string(text)};
  }
  if (text.substr(0, kRedis.size()) != kRedis) return std::nullopt;
  text.remove_prefix(kRedis.size());
  if (!text.empty() && text.back() == '/') text.remove_suffix(1);
  if (text.empty() || text.find_first_of("/@?#") != std::string_view::npos) return std::nullopt;
  RedisAddress address{.port = 6379};
  std::string_view host = text;
  if (text.front() == '[') {  // [::1]:6379
    size_t close = text.find(']');
    if (close == std::string_view::npos || close == 1) return std::nullopt;
    host = text.substr(1, close - 1);
    text.remove_prefix(close + 1);
  } else {
    size_t colon = text.find(':');
    host = text.substr(0, colon);
    text.remove_prefix(colon == std::string_view::npos ? text.size() : colon);
  }
  if (host.empty()) return std::nullopt;
  if (!text.empty()) {
    if (text.front() != ':') return std::nullopt;
    text.remove_prefix(1);
    auto port = take_number<uint16_t>(text, true);
    if (!port || *port == 0) return std::nullopt;
    address.port = *port;
  }
  address.host = std::string(host);
  return address;
}

bool valid_node_id(std::string_view id) {
  if (id.empty() || id.size() > 64) return false;
  for (char c : id) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '-' || c == '_' || c == '.';
    if (!ok) return false;
  }
  return true;
}

}  // namespace kesher::bus::wire
