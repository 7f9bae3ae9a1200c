#include "bus/hub.hpp"

#include <algorithm>

namespace kesher::bus {

void Hub::set_peers(std::shared_ptr<Peers> peers) {
  std::lock_guard lock(mutex_);
  peers_ = std::move(peers);
}

size_t Hub::local_count_locked(int64_t user_id) const {
  return by_user_.count(user_id) + (held_.count(user_id) ? 1 : 0);
}

void Hub::report_locked(int64_t user_id, bool grew) {
  if (!peers_) return;
  size_t count = local_count_locked(user_id);
  if (count == 0) spread_.forget(user_id);
  peers_->local_count(user_id, count, grew);
}

void Hub::set_nodes_holding(int64_t user_id, int64_t nodes, int64_t sequence) {
  std::lock_guard lock(mutex_);
  // Word about a user who left meanwhile must not outlive them here.
  if (local_count_locked(user_id) > 0) spread_.apply(user_id, nodes, sequence);
}

int64_t Hub::nodes_holding(int64_t user_id) const {
  return spread_.nodes_of(user_id);
}

AttachResult Hub::attach(int64_t user_id, const std::string& session_hash,
                         const std::shared_ptr<Connection>& connection, size_t max_sockets) {
  detach(connection.get());
  bool first;
  {
    std::lock_guard lock(mutex_);
    if (revoked_.count(session_hash)) return AttachResult::session_revoked;
    size_t open = by_user_.count(user_id);
    if (open >= max_sockets) return AttachResult::too_many_sockets;
    // In a cluster the cluster decides (announce_cluster_change).
    first = !peers_ && open == 0 && !held_.count(user_id);
    entries_[connection.get()] = Entry{user_id, session_hash, connection, next_sequence_++};
    by_user_.emplace(user_id, connection.get());
    report_locked(user_id, /*grew=*/true);
  }
  if (first && presence_) presence_(user_id, true);
  return AttachResult::attached;
}

void Hub::detach(const Connection* connection) {
  int64_t user_id = 0;
  bool last = false;
  {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(connection);
    if (it == entries_.end()) return;
    user_id = it->second.user_id;
    auto range = by_user_.equal_range(user_id);
    for (auto u = range.first; u != range.second; ++u) {
      if (u->second == connection) {
        by_user_.erase(u);
        break;
      }
    }
    entries_.erase(it);
    last = !peers_ && by_user_.count(user_id) == 0 && !held_.count(user_id);
    report_locked(user_id, /*grew=*/false);
  }
  if (last && presence_) presence_(user_id, false);
}

std::vector<std::shared_ptr<Connection>> Hub::select(
    const std::function<bool(const Entry&)>& predicate) const {
  std::vector<std::shared_ptr<Connection>> out;
  std::lock_guard lock(mutex_);
  for (const auto& [key, entry] : entries_) {
    if (!predicate(entry)) continue;
    if (auto connection = entry.connection.lock()) out.push_back(std::move(connection));
  }
  return out;
}

void Hub::publish(int64_t user_id, const Frame& frame, const Connection* except) {
  std::vector<std::shared_ptr<Connection>> targets;
  Peers* peers = nullptr;
  {
    std::lock_guard lock(mutex_);
    auto range = by_user_.equal_range(user_id);
    for (auto it = range.first; it != range.second; ++it) {
      if (it->second == except) continue;
      if (auto connection = entries_.at(it->second).connection.lock()) {
        targets.push_back(std::move(connection));
      }
    }
    // Only a user the cluster knows as online can have sockets on other nodes.
    if (peers_ && cluster_online_.count(user_id)) peers = peers_.get();
  }
  for (auto& connection : targets) connection->send(frame);
  if (peers) peers->deliver(user_id, frame);
}

void Hub::deliver_local(int64_t user_id, const Frame& frame) {
  std::vector<std::shared_ptr<Connection>> targets;
  {
    std::lock_guard lock(mutex_);
    auto range = by_user_.equal_range(user_id);
    for (auto it = range.first; it != range.second; ++it) {
      if (auto connection = entries_.at(it->second).connection.lock()) {
        targets.push_back(std::move(connection));
      }
    }
  }
  for (auto& connection : targets) connection->send(frame);
}

void Hub::close_session_locally(const std::string& session_hash, uint16_t code) {
  {
    std::lock_guard lock(mutex_);
    if (revoked_.size() >= 1'000'000) revoked_.clear();  // the store still refuses them
    revoked_.insert(session_hash);
  }
  for (auto& c : select([&](const Entry& e) { return e.session_hash == session_hash; })) {
    c->close(code);
  }
}

void Hub::close_session(const std::string& session_hash, uint16_t code) {
  close_session_locally(session_hash, code);
  std::shared_ptr<Peers> peers;
  {
    std::lock_guard lock(mutex_);
    peers = peers_;
  }
  if (peers) peers->close_session(session_hash, code);
}

void Hub::close_session_here(const std::string& session_hash, uint16_t code) {
  close_session_locally(session_hash, code);
}

void Hub::close_all(uint16_t code) {
  for (auto& c : select([](const Entry&) { return true; })) c->close(code);
}

std::vector<int64_t> Hub::online_users() const {
  std::lock_guard lock(mutex_);
  std::vector<int64_t> users;
  for (auto it = by_user_.begin(); it != by_user_.end();
       it = by_user_.equal_range(it->first).second) {
    if (!cluster_online_.count(it->first)) users.push_back(it->first);
  }
  users.insert(users.end(), cluster_online_.begin(), cluster_online_.end());
  return users;
}

void Hub::set_held(const std::vector<int64_t>& users) {
  std::vector<std::pair<int64_t, bool>> changes;
  {
    std::lock_guard lock(mutex_);
    std::unordered_set<int64_t> next(users.begin(), users.end());
    for (int64_t user : next) {
      if (!held_.count(user) && !by_user_.count(user)) changes.emplace_back(user, true);
    }
    for (int64_t user : held_) {
      if (!next.count(user) && !by_user_.count(user)) changes.emplace_back(user, false);
    }
    std::vector<int64_t> reported;
    for (int64_t user : next) {
      if (!held_.count(user)) reported.push_back(user);
    }
    for (int64_t user : held_) {
      if (!next.count(user)) reported.push_back(user);
    }
    held_ = std::move(next);
    for (int64_t user : reported) report_locked(user, /*grew=*/false);
    if (peers_) changes.clear();  // the cluster announces
  }
  if (!presence_) return;
  for (auto [user, online] : changes) presence_(user, online);
}

bool Hub::online(int64_t user_id) const {
  std::lock_guard lock(mutex_);
  return by_user_.count(user_id) > 0 || held_.count(user_id) > 0 ||
         cluster_online_.count(user_id) > 0;
}

bool Hub::reachable(int64_t user_id, size_t besides) const {
  std::lock_guard lock(mutex_);
  return by_user_.count(user_id) > besides || cluster_online_.count(user_id) > 0;
}

size_t Hub::sockets_of(int64_t user_id) const {
  std::lock_guard lock(mutex_);
  return by_user_.count(user_id);
}

void Hub::set_cluster_online(int64_t user_id, bool online) {
  std::lock_guard lock(mutex_);
  if (online)
    cluster_online_.insert(user_id);
  else
    cluster_online_.erase(user_id);
}

void Hub::replace_cluster_online(const std::vector<int64_t>& users) {
  std::lock_guard lock(mutex_);
  cluster_online_ = std::unordered_set<int64_t>(users.begin(), users.end());
}

void Hub::announce_cluster_change(int64_t user_id, bool online) {
  set_cluster_online(user_id, online);
  if (presence_) presence_(user_id, online);
}

void Hub::close_newest(int64_t user_id, uint16_t code) {
  std::shared_ptr<Connection> newest;
  {
    std::lock_guard lock(mutex_);
    const Entry* found = nullptr;
    auto range = by_user_.equal_range(user_id);
    for (auto it = range.first; it != range.second; ++it) {
      const Entry& entry = entries_.at(it->second);
      if (!found || entry.sequence > found->sequence) found = &entry;
    }
    if (found) newest = found->connection.lock();
  }
  if (newest) newest->close(code);
}

std::vector<std::pair<int64_t, size_t>> Hub::local_counts() const {
  std::lock_guard lock(mutex_);
  std::vector<std::pair<int64_t, size_t>> counts;
  for (auto it = by_user_.begin(); it != by_user_.end();
       it = by_user_.equal_range(it->first).second) {
    counts.emplace_back(it->first, local_count_locked(it->first));
  }
  for (int64_t user : held_) {
    if (!by_user_.count(user)) counts.emplace_back(user, 1);
  }
  return counts;
}

}  // namespace kesher::bus
