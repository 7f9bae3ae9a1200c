#include "bus/hub.hpp"

namespace kesher::bus {

AttachResult Hub::attach(int64_t user_id, const std::string& session_hash,
                         const std::shared_ptr<Connection>& connection, size_t max_sockets) {
  detach(connection.get());
  bool first;
  {
    std::lock_guard lock(mutex_);
    if (revoked_.count(session_hash)) return AttachResult::session_revoked;
    size_t open = by_user_.count(user_id);
    if (open >= max_sockets) return AttachResult::too_many_sockets;
    first = open == 0 && !held_.count(user_id);
    entries_[connection.get()] = Entry{user_id, session_hash, connection};
    by_user_.emplace(user_id, connection.get());
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
    last = by_user_.count(user_id) == 0 && !held_.count(user_id);
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
  {
    std::lock_guard lock(mutex_);
    auto range = by_user_.equal_range(user_id);
    for (auto it = range.first; it != range.second; ++it) {
      if (it->second == except) continue;
      if (auto connection = entries_.at(it->second).connection.lock()) {
        targets.push_back(std::move(connection));
      }
    }
  }
  for (auto& connection : targets) connection->send(frame);
}

void Hub::close_session(const std::string& session_hash, uint16_t code) {
  {
    std::lock_guard lock(mutex_);
    if (revoked_.size() >= 1'000'000) revoked_.clear();  // the store still refuses them
    revoked_.insert(session_hash);
  }
  for (auto& c : select([&](const Entry& e) { return e.session_hash == session_hash; })) {
    c->close(code);
  }
}

void Hub::close_all(uint16_t code) {
  for (auto& c : select([](const Entry&) { return true; })) c->close(code);
}

std::vector<int64_t> Hub::online_users() const {
  std::lock_guard lock(mutex_);
  std::vector<int64_t> users;
  for (auto it = by_user_.begin(); it != by_user_.end();
       it = by_user_.equal_range(it->first).second) {
    users.push_back(it->first);
  }
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
    held_ = std::move(next);
  }
  if (!presence_) return;
  for (auto [user, online] : changes) presence_(user, online);
}

bool Hub::online(int64_t user_id) const {
  std::lock_guard lock(mutex_);
  return by_user_.count(user_id) > 0 || held_.count(user_id) > 0;
}

size_t Hub::sockets_of(int64_t user_id) const {
  std::lock_guard lock(mutex_);
  return by_user_.count(user_id);
}

}  // namespace kesher::bus
