#pragma once
#include <array>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <unordered_map>

namespace kesher::domain {

// Token bucket for one sender's message rate; time is passed in so tests need no clock.
class TokenBucket {
 public:
  TokenBucket(double rate_per_second, double burst)
      : rate_(rate_per_second), burst_(burst), tokens_(burst) {}
  // Takes `cost` tokens (a member on k nodes pays k per frame on each, so that the nodes together
  // grant the rate once). A cost above the burst is charged as the burst, which still passes.
  bool try_take(double now_seconds, double cost = 1.0);
  // Whether the bucket would be full again by `now`, so forgetting it changes nothing.
  bool refilled_by(double now_seconds) const;

 private:
  double rate_;
  double burst_;
  double tokens_;
  double last_ = -1;
};

// One token bucket per key (a member's id, a guest's address), shared by all of that key's
// sockets, so that opening more sockets buys no more messages. Thread-safe; sharded so that
// sockets on different network threads rarely wait for each other.
class KeyedBuckets {
 public:
  KeyedBuckets(double rate_per_second, double burst) : rate_(rate_per_second), burst_(burst) {}
  bool try_take(const std::string& key, double now_seconds, double cost = 1.0);
  // Forgets keys whose bucket is full again; call now and then to keep memory bounded.
  void prune(double now_seconds);
  size_t size() const;

 private:
  struct Shard {
    mutable std::mutex mutex;
    std::unordered_map<std::string, TokenBucket> buckets;
  };
  Shard& shard_of(const std::string& key);

  double rate_;
  double burst_;
  std::array<Shard, 8> shards_;
};

// Counts events per key in a sliding window (failed logins per account and per IP, recovery mails
// per address). Thread-safe.
class WindowCounter {
 public:
  WindowCounter(int limit, int64_t window_seconds) : limit_(limit), window_(window_seconds) {}
  void set_limit(int limit) {
    std::lock_guard lock(mutex_);
    limit_ = limit;
  }
  // Seconds until the key may act again, or 0 when it is under the limit now.
  int64_t blocked_for(const std::string& key, int64_t now);
  // Checks and records in one step, so parallel callers can never overshoot the limit: returns 0
  // and counts the event when the key is under the limit, else the seconds to wait (nothing
  // counted).
  int64_t try_record(const std::string& key, int64_t now);
  void record(const std::string& key, int64_t now);
  // Takes back the key's latest event (an attempt that turned out to be legitimate).
  void forget_latest(const std::string& key);
  void clear(const std::string& key);

 private:
  void prune(std::deque<int64_t>& events, int64_t now) const;
  int64_t wait_of(const std::deque<int64_t>& events, int64_t now) const;
  void record_locked(const std::string& key, int64_t now);

  int limit_;
  int64_t window_;
  std::mutex mutex_;
  std::unordered_map<std::string, std::deque<int64_t>> events_;
};

}  // namespace kesher::domain
