#pragma once
// Sliding-window counters for throttling (failed logins, sign-ups, recovery mails), behind one
// interface: in process on one node, shared through Redis in a cluster (bus/redis_bus.hpp).
#include <cstdint>
#include <memory>
#include <string>

#include "domain/rate_limit.hpp"

namespace kesher::app {

class Throttle {
 public:
  virtual ~Throttle() = default;
  virtual int limit() const = 0;
  virtual int64_t window_seconds() const = 0;
  // Seconds until the key may act again, or 0 when it is under the limit now.
  virtual int64_t blocked_for(const std::string& key, int64_t now) = 0;
  // Checks and records in one step: 0 and the event counted when the key is under the limit,
  // else the seconds to wait (nothing counted).
  virtual int64_t try_record(const std::string& key, int64_t now) = 0;
  virtual void record(const std::string& key, int64_t now) = 0;
  // Takes back the key's latest event (an attempt that turned out to be legitimate).
  virtual void forget_latest(const std::string& key) = 0;
  virtual void clear(const std::string& key) = 0;
};

// Today's behaviour: domain::WindowCounter in this process.
class LocalThrottle final : public Throttle {
 public:
  LocalThrottle(int limit, int64_t window_seconds)
      : limit_(limit), window_(window_seconds), counter_(limit, window_seconds) {}
  int limit() const override { return limit_; }
  int64_t window_seconds() const override { return window_; }
  int64_t blocked_for(const std::string& key, int64_t now) override {
    return counter_.blocked_for(key, now);
  }
  int64_t try_record(const std::string& key, int64_t now) override {
    return counter_.try_record(key, now);
  }
  void record(const std::string& key, int64_t now) override { counter_.record(key, now); }
  void forget_latest(const std::string& key) override { counter_.forget_latest(key); }
  void clear(const std::string& key) override { counter_.clear(key); }

 private:
  int limit_;
  int64_t window_;
  domain::WindowCounter counter_;
};

inline std::unique_ptr<Throttle> local_throttle(int limit, int64_t window_seconds) {
  return std::make_unique<LocalThrottle>(limit, window_seconds);
}

}  // namespace kesher::app
