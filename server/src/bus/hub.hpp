#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "bus/node_spread.hpp"

namespace kesher::bus {

using Frame = std::shared_ptr<const std::string>;

// One live socket, as the bus sees it. Implementations queue the frame on their own executor and
// never block the caller.
class Connection {
 public:
  virtual ~Connection() = default;
  virtual void send(Frame frame) = 0;
  virtual void close(uint16_t code) = 0;
};

// Close codes of our own (4000-4999 are free for applications).
inline constexpr uint16_t kCloseLoggedOut = 4001;
inline constexpr uint16_t kCloseIdle = 4002;
inline constexpr uint16_t kCloseTooManySockets = 4003;
inline constexpr uint16_t kCloseGoingAway = 1001;

// The other nodes of a cluster, as the hub sees them (bus/redis_bus.hpp implements it over Redis).
// Every call returns at once: the work is queued for the peers' own thread.
class Peers {
 public:
  virtual ~Peers() = default;
  // This node holds `count` sockets of the user now (a held persona counts as one; 0: none).
  // The hub calls it under its lock, so the cluster hears a user's changes in their order.
  // `grew`: the count went up because a socket attached, so the cluster-wide cap applies.
  virtual void local_count(int64_t user_id, size_t count, bool grew) = 0;
  // Hands the frame to the other nodes that hold a socket of the user.
  virtual void deliver(int64_t user_id, const Frame& frame) = 0;
  // Tells every other node to close the session's sockets and refuse it from now on.
  virtual void close_session(const std::string& session_hash, uint16_t code) = 0;
};

enum class AttachResult {
  attached,
  session_revoked,   // the session was logged out while the socket was being set up
  too_many_sockets,  // the user already has the most sockets allowed
};

// Delivers an event to every socket of a user: in process, and with peers (set_peers) to the other
// nodes that hold one of the user's sockets (brief §8). Without peers it is one node's whole truth.
class Hub {
 public:
  // Called outside the lock when a user's first socket attaches (true) or last detaches (false).
  using PresenceListener = std::function<void(int64_t user_id, bool online)>;
  // With peers, the changes are the cluster's: the node whose change made a user come online or go
  // offline everywhere hears it (announce_cluster_change), and no other.
  void set_presence_listener(PresenceListener listener) { presence_ = std::move(listener); }
  // Joins the hub to a cluster. Call before any socket attaches.
  void set_peers(std::shared_ptr<Peers> peers);

  // Joins the socket to its user unless the session was revoked meanwhile or the user is at
  // `max_sockets`. Deciding both under the hub's lock closes the race with a logout that lands
  // between the socket's session lookup and this call: either the logout's close_session() finds
  // the socket here, or this call finds the revocation.
  AttachResult attach(int64_t user_id, const std::string& session_hash,
                      const std::shared_ptr<Connection>& connection, size_t max_sockets = SIZE_MAX);
  void detach(const Connection* connection);

  // Sends to every socket of the user except `except` (the sender's own socket).
  void publish(int64_t user_id, const Frame& frame, const Connection* except = nullptr);
  // Closes the session's sockets and remembers it as revoked, so that a socket still on its way
  // in is refused by attach().
  void close_session(const std::string& session_hash, uint16_t code);
  void close_all(uint16_t code);

  // Sockets of the user on this node.
  size_t sockets_of(int64_t user_id) const;
  // Whether a frame published to the user may reach a socket: more than `besides` here (1: the
  // sender's own), or the user is online in the cluster, where other nodes may hold one. Callers
  // skip building an event when it is false.
  bool reachable(int64_t user_id, size_t besides = 0) const;
  // Every user online here or, in a cluster, anywhere, each once.
  std::vector<int64_t> online_users() const;

  // Users who are online without a socket of their own: a persona while an operator holds one of
  // its conversations (docs/decisions/0010-honesty-rules.md). Replaces the whole set; whoever
  // goes online or offline by it is announced like a socket's first attach or last detach.
  void set_held(const std::vector<int64_t>& users);
  // A socket here, or held, or online on another node of the cluster.
  bool online(int64_t user_id) const;

  // From the peers (their thread), for what other nodes said:
  // a frame for the user's sockets here;
  void deliver_local(int64_t user_id, const Frame& frame);
  // a session revoked on another node;
  void close_session_here(const std::string& session_hash, uint16_t code);
  // whether the user is online anywhere in the cluster (the cache behind online() and reachable());
  void set_cluster_online(int64_t user_id, bool online);
  void replace_cluster_online(const std::vector<int64_t>& users);
  // this node's change made the user come online or go offline in the whole cluster (or a dead
  // node's did, and this node cleared it): tells the presence listener;
  void announce_cluster_change(int64_t user_id, bool online);
  // the user has more sockets in the cluster than allowed since this node's latest attach: closes
  // the newest one here (kCloseTooManySockets);
  void close_newest(int64_t user_id, uint16_t code);
  // what this node holds, to tell a Redis that restarted or that this node reconnected to.
  std::vector<std::pair<int64_t, size_t>> local_counts() const;
  // how many nodes hold a socket of the user, as of Redis's change number `sequence` (an older
  // word than the one known is ignored; so is word about a user with no socket here).
  void set_nodes_holding(int64_t user_id, int64_t nodes, int64_t sequence);

  // The nodes that hold a socket of the user, this one among them (1 without a cluster): a node
  // grants such a member that share of their frame budget.
  int64_t nodes_holding(int64_t user_id) const;

 private:
  struct Entry {
    int64_t user_id;
    std::string session_hash;
    std::weak_ptr<Connection> connection;
    uint64_t sequence;  // attach order, for close_newest
  };
  // Sockets of the user here, and one more while held; under the lock.
  size_t local_count_locked(int64_t user_id) const;
  // Tells the peers the user's count here; under the lock.
  void report_locked(int64_t user_id, bool grew);
  void close_session_locally(const std::string& session_hash, uint16_t code);
  // Takes a snapshot under the lock and acts after releasing it (brief §10, Beast chat-multi).
  std::vector<std::shared_ptr<Connection>> select(
      const std::function<bool(const Entry&)>& predicate) const;

  PresenceListener presence_;
  mutable std::mutex mutex_;
  std::unordered_map<const Connection*, Entry> entries_;
  std::unordered_multimap<int64_t, const Connection*> by_user_;
  std::unordered_set<int64_t> held_;
  std::shared_ptr<Peers> peers_;
  std::unordered_set<int64_t> cluster_online_;
  NodeSpread spread_;
  uint64_t next_sequence_ = 0;
  // Sessions revoked while this process runs. A revoked session never becomes valid again, and
  // one entry is 64 bytes of hash per logout, so the set is only trimmed when it grows large.
  std::unordered_set<std::string> revoked_;
};

}  // namespace kesher::bus
