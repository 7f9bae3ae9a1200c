#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

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

enum class AttachResult {
  attached,
  session_revoked,   // the session was logged out while the socket was being set up
  too_many_sockets,  // the user already has the most sockets allowed
};

// Delivers an event to every socket of a user, in process. A cross-node bus (Redis) can sit behind
// the same interface later (brief §8).
class Hub {
 public:
  // Called outside the lock when a user's first socket attaches (true) or last detaches (false).
  using PresenceListener = std::function<void(int64_t user_id, bool online)>;
  void set_presence_listener(PresenceListener listener) { presence_ = std::move(listener); }

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

  size_t sockets_of(int64_t user_id) const;
  // Every user with at least one socket here, each once.
  std::vector<int64_t> online_users() const;

  // Users who are online without a socket of their own: a persona while an operator holds one of
  // its conversations (docs/decisions/0010-honesty-rules.md). Replaces the whole set; whoever
  // goes online or offline by it is announced like a socket's first attach or last detach.
  void set_held(const std::vector<int64_t>& users);
  // A socket here, or held.
  bool online(int64_t user_id) const;

 private:
  struct Entry {
    int64_t user_id;
    std::string session_hash;
    std::weak_ptr<Connection> connection;
  };
  // Takes a snapshot under the lock and acts after releasing it (brief §10, Beast chat-multi).
  std::vector<std::shared_ptr<Connection>> select(
      const std::function<bool(const Entry&)>& predicate) const;

  PresenceListener presence_;
  mutable std::mutex mutex_;
  std::unordered_map<const Connection*, Entry> entries_;
  std::unordered_multimap<int64_t, const Connection*> by_user_;
  std::unordered_set<int64_t> held_;
  // Sessions revoked while this process runs. A revoked session never becomes valid again, and
  // one entry is 64 bytes of hash per logout, so the set is only trimmed when it grows large.
  std::unordered_set<std::string> revoked_;
};

}  // namespace kesher::bus
