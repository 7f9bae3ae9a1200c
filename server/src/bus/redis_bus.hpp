#pragma once
// The hubs of a cluster, joined through Redis (docs/decisions/0017-redis-client-and-channels.md).
//
// Keys, for each hub's namespace NS ("m" members, "s" staff):
//   kesher:NS:u:<user>   hash node → sockets that node holds of the user (held personas: 1)
//   kesher:NS:n:<node>   set of the users a node holds, to clear them when the node dies
//   kesher:NS:online     set of the users online anywhere (the start-up snapshot)
// and for the cluster: kesher:nodes (set of node ids), kesher:alive:<node> (a heartbeat with a
// TTL). Channels: kesher:NS:node:<node> (frames for one node's sockets), kesher:NS:presence (a user
// came online or went offline anywhere) and kesher:NS:control (a session revoked).
//
// A frame for a user goes to the nodes in the user's hash only (one Lua script reads the hash and
// publishes), never to every node. Presence changes go to every node: they come with sockets
// opening and closing, not with messages.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "bus/hub.hpp"
#include "bus/redis_link.hpp"

namespace kesher::bus {

// How often a node says it is alive, and how long the saying lasts: a node that stops has its
// users offline within kAliveTtl + kHeartbeatEvery (8 s) on the nodes still running.
inline constexpr std::chrono::milliseconds kHeartbeatEvery{2000};
inline constexpr std::chrono::seconds kAliveTtl{6};

class RedisBus {
 public:
  struct Namespace {
    std::string name;  // "m", "s"
    Hub* hub;
    size_t max_sockets;  // per user, across the cluster
    // Whether the nodes hear who comes online and goes offline in the cluster: not for addresses,
    // whose hub counts sockets only.
    bool presence = true;
  };
  RedisBus(RedisLink& link, std::string node_id, std::vector<Namespace> namespaces);
  ~RedisBus();
  // Joins the hubs (Hub::set_peers) and connects. The hubs must outlive the bus's link.
  void start();
  const std::string& node_id() const { return node_id_; }
  // Whether the first registration went through (tests and the start-up log).
  bool joined() const { return joined_.load(); }

  // The scripts, for the unit tests' fake Redis and for reading: see redis_bus.cpp.
  static const char* const kSetCountScript;
  static const char* const kDeliverScript;
  static const char* const kHeartbeatScript;
  static const char* const kReapScript;

 private:
  class NamespacePeers;
  struct Space {
    Namespace config;
    std::shared_ptr<NamespacePeers> peers;
    // Presence events that arrive while the snapshot of the online set is on its way, applied
    // after it in their order.
    bool snapshot_pending = false;
    std::vector<std::pair<int64_t, bool>> buffered;
  };
  void on_connected();
  void on_message(const std::string& channel, const std::string& payload);
  void heartbeat();
  void resync(Space& space, bool forget_previous_life);
  void reap();

  RedisLink& link_;
  const std::string node_id_;
  std::vector<Space> spaces_;  // touched on the link's thread only, after start()
  bool first_connection_ = true;
  std::atomic<bool> joined_{false};
  std::shared_ptr<std::atomic<bool>> alive_ = std::make_shared<std::atomic<bool>>(true);
};

// A default node id: host name, process id and a few random characters.
std::string default_node_id();

}  // namespace kesher::bus
