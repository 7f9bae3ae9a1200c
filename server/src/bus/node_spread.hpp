#pragma once
// How many nodes of a cluster hold a socket of each user held here, so that the frame budget a
// member has across all of their sockets (net/server.cpp) stays theirs across nodes: a node grants
// a member on k nodes a k-th of it. Redis counts the nodes and says so when the number changes
// (bus/redis_bus.cpp, wire::Spread); what it says can arrive out of order (a script's reply and
// another node's published word travel on different connections), so each word carries the
// cluster's sequence number and an older one never replaces a newer. Thread-safe: the network
// threads read it for every frame, so a node where no one is on two nodes answers without a lock.
#include <atomic>
#include <cstdint>
#include <mutex>
#include <unordered_map>

namespace kesher::bus {

class NodeSpread {
 public:
  // Redis said the user is on `nodes` nodes as of `sequence`. Ignored when an entry with a later
  // sequence is already here.
  void apply(int64_t user_id, int64_t nodes, int64_t sequence);
  // The user has no socket here any more: what this node knew of them goes.
  void forget(int64_t user_id);
  // The nodes that hold the user (1 when only this one, or when nothing is known).
  int64_t nodes_of(int64_t user_id) const;

 private:
  struct Known {
    int64_t nodes;
    int64_t sequence;
  };
  mutable std::mutex mutex_;
  std::unordered_map<int64_t, Known> known_;
  // Entries on more than one node: nodes_of() skips the lock while there are none.
  std::atomic<size_t> spread_{0};
};

}  // namespace kesher::bus
