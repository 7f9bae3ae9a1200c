#include "domain/rate_limit.hpp"

#include <algorithm>
#include <functional>

namespace kesher::domain {

bool TokenBucket::try_take(double now, double cost) {
  if (last_ >= 0) tokens_ = std::min(burst_, tokens_ + (now - last_) * rate_);
  last_ = now;
  cost = std::min(cost, burst_);
  if (tokens_ < cost) return false;
  tokens_ -= cost;
  return true;
}

bool TokenBucket::refilled_by(double now) const {
  return last_ < 0 || tokens_ + (now - last_) * rate_ >= burst_;
}

KeyedBuckets::Shard& KeyedBuckets::shard_of(const std::string& key) {
  return shards_[std::hash<std::string>{}(key) % shards_.size()];
}

bool KeyedBuckets::try_take(const std::string& key, double now, double cost) {
  Shard& shard = shard_of(key);
  std::lock_guard lock(shard.mutex);
  auto it = shard.buckets.try_emplace(key, rate_, burst_).first;
  return it->second.try_take(now, cost);
}

void KeyedBuckets::prune(double now) {
  for (Shard& shard : shards_) {
    std::lock_guard lock(shard.mutex);
    std::erase_if(shard.buckets,
                  [now](const auto& entry) { return entry.second.refilled_by(now); });
  }
}

size_t KeyedBuckets::size() const {
  size_t total = 0;
  for (const Shard& shard : shards_) {
    std::lock_guard lock(shard.mutex);
    total += shard.buckets.size();
  }
  return total;
}

void WindowCounter::prune(std::deque<int64_t>& events, int64_t now) const {
  while (!events.empty() && events.front() <= now - window_) events.pop_front();
}

int64_t WindowCounter::wait_of(const std::deque<int64_t>& events, int64_t now) const {
  if (static_cast<int>(events.size()) < limit_) return 0;
  return std::max<int64_t>(1, events.front() + window_ - now);
}

int64_t WindowCounter::blocked_for(const std::string& key, int64_t now) {
  std::lock_guard lock(mutex_);
  auto it = events_.find(key);
  if (it == events_.end()) return 0;
  prune(it->second, now);
  return wait_of(it->second, now);
}

int64_t WindowCounter::try_record(const std::string& key, int64_t now) {
  std::lock_guard lock(mutex_);
  auto it = events_.find(key);
  if (it != events_.end()) {
    prune(it->second, now);
    if (int64_t wait = wait_of(it->second, now)) return wait;
  }
  record_locked(key, now);
  return 0;
}

void WindowCounter::record(const std::string& key, int64_t now) {
  std::lock_guard lock(mutex_);
  record_locked(key, now);
}

void WindowCounter::record_locked(const std::string& key, int64_t now) {
  auto& events = events_[key];
  prune(events, now);
  events.push_back(now);
  // Bounded memory: forget keys that are quiet once the map grows large.
  if (events_.size() > 100000) {
    for (auto it = events_.begin(); it != events_.end();) {
      prune(it->second, now);
      it = it->second.empty() ? events_.erase(it) : std::next(it);
    }
  }
}

void WindowCounter::forget_latest(const std::string& key) {
  std::lock_guard lock(mutex_);
  auto it = events_.find(key);
  if (it == events_.end() || it->second.empty()) return;
  it->second.pop_back();
  if (it->second.empty()) events_.erase(it);
}

void WindowCounter::clear(const std::string& key) {
  std::lock_guard lock(mutex_);
  events_.erase(key);
}

}  // namespace kesher::domain
