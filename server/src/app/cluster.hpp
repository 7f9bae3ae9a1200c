#pragma once
// Joins this node to a cluster through Redis (Config::redis_url): the hubs' peers, the shared
// throttles, and a clean leave at shutdown. Without --redis nothing here runs.
#include <memory>
#include <string>

#include "app/context.hpp"

namespace kesher::bus {
class RedisLink;
class RedisBus;
}  // namespace kesher::bus

namespace kesher::app {

class Cluster {
 public:
  // Connects (in the background: a Redis that is not up yet is retried), joins the hubs and
  // replaces the throttles with shared ones. Throws std::invalid_argument for a bad URL.
  Cluster(Context& app, const std::string& redis_url, std::string node_id);
  ~Cluster();
  // Clears this node's sockets from Redis so that its users go offline at once rather than when
  // its heartbeat lapses; waits a second at most.
  void leave();
  const std::string& node_id() const;

 private:
  Context& app_;
  std::unique_ptr<bus::RedisLink> link_;
  std::unique_ptr<bus::RedisBus> bus_;
};

// A throttle kept in Redis (a sorted set of event times per key, one Lua script per step), so
// that every node counts the same attempts. It waits for Redis on the calling thread (a worker)
// for a second at most, and falls back to a counter in this process when Redis does not answer.
std::unique_ptr<Throttle> redis_throttle(bus::RedisLink& link, std::string name, int limit,
                                         int64_t window_seconds);

}  // namespace kesher::app
