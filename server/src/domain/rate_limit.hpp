#pragma once
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <unordered_map>

namespace kesher::domain {

// Token bucket for one connection's message rate; time is passed in so tests need no clock.
class TokenBucket {
 public:
  TokenBucket(double rate_per_second, double burst)
      : rate_(rate_per_second), burst_(burst), tokens_(burst) {}
  bool try_take(double now_seconds);

 private:
  double rate_;
  double burst_;
  double tokens_;
  double last_ = -1;
};

// Counts events per key in a sliding window (failed logins per account and per IP, recovery mails
// per address). Thread-safe.
class WindowCounter {
 public:
  WindowCounter(int limit, int64_t window_seconds) : limit_(limit), window_(window_seconds) {}
  // Seconds until the key may act again, or 0 when it is under the limit now.
  int64_t blocked_for(const std::string& key, int64_t now);
  void record(const std::string& key, int64_t now);
  void clear(const std::string& key);

 private:
  void prune(std::deque<int64_t>& events, int64_t now) const;

  int limit_;
  int64_t window_;
  std::mutex mutex_;
  std::unordered_map<std::string, std::deque<int64_t>> events_;
};

}  // namespace kesher::domain
