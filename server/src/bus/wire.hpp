#pragma once
// What nodes say to each other through Redis (docs/decisions/0017-redis-client-and-channels.md).
// Pure: no I/O. The bytes come from Redis, so they are untrusted: a message that does not parse is
// an empty result, never an exception.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace kesher::bus::wire {

// A frame for a member's sockets on the node whose channel carries it: "m <user> <frame>".
struct Delivery {
  int64_t user_id = 0;
  std::string frame;
  bool operator==(const Delivery&) const = default;
};
// A member's presence changed for the whole cluster: "p <0|1> <user>".
struct Presence {
  int64_t user_id = 0;
  bool online = false;
  bool operator==(const Presence&) const = default;
};
// A session was revoked (logout, password change): every node closes its sockets:
// "c <close code> <session hash>".
struct CloseSession {
  uint16_t code = 0;
  std::string session_hash;
  bool operator==(const CloseSession&) const = default;
};
// How many nodes hold a socket of the user now, for the frame budget each of them grants
// (bus/node_spread.hpp): "s <nodes> <sequence> <user>". The sequence is the cluster's counter of
// such changes, so that a node can tell an older word from a newer one.
struct Spread {
  int64_t user_id = 0;
  int64_t nodes = 0;
  int64_t sequence = 0;
  bool operator==(const Spread&) const = default;
};
using Message = std::variant<Delivery, Presence, CloseSession, Spread>;

std::string encode(const Message& message);
std::optional<Message> decode(std::string_view bytes);

// Where Redis listens: `redis://host:port` (port 6379 when left out) or `unix:/path/to/socket`
// (also `unix:///path`). Empty when the text is neither.
struct RedisAddress {
  std::string host;  // empty for a Unix socket
  uint16_t port = 0;
  std::string unix_path;
  bool operator==(const RedisAddress&) const = default;
};
std::optional<RedisAddress> parse_redis_address(std::string_view text);

// A node id is what --node-id gives, or host-pid-random: letters, digits, '-', '_', '.', 1..64.
bool valid_node_id(std::string_view id);

}  // namespace kesher::bus::wire
