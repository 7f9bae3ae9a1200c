#include "domain/rate_limit.hpp"

#include <algorithm>

namespace kesher::domain {

bool TokenBucket::try_take(double now) {
  if (last_ >= 0) tokens_ = std::min(burst_, tokens_ + (now - last_) * rate_);
  last_ = now;
  if (tokens_ < 1.0) return false;
  tokens_ -= 1.0;
  return true;
}

void WindowCounter::prune(std::deque<int64_t>& events, int64_t now) const {
  while (!events.empty() && events.front() <= now - window_) events.pop_front();
}

int64_t WindowCounter::blocked_for(const std::string& key, int64_t now) {
  std::lock_guard lock(mutex_);
  auto it = events_.find(key);
  if (it == events_.end()) return 0;
  prune(it->second, now);
  if (static_cast<int>(it->second.size()) < limit_) return 0;
  return std::max<int64_t>(1, it->second.front() + window_ - now);
}

void WindowCounter::record(const std::string& key, int64_t now) {
  std::lock_guard lock(mutex_);
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

void WindowCounter::clear(const std::string& key) {
  std::lock_guard lock(mutex_);
  events_.erase(key);
}

}  // namespace kesher::domain
