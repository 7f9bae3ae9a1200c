#pragma once
// A connection to Redis as the bus sees it: commands with a callback, a subscription, and a timer,
// all on the link's one thread. net/redis_client.cpp implements it with hiredis driven from Asio;
// the unit tests implement it with a fake. Nothing here includes hiredis or Asio.
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace kesher::bus {

// A reply, copied out of hiredis's so that it outlives the callback.
struct RedisReply {
  enum class Kind { nil, integer, string, status, array, error };
  Kind kind = Kind::nil;
  int64_t integer = 0;
  std::string text;  // string, status and error
  std::vector<RedisReply> elements;
  bool failed() const { return kind == Kind::error; }
  // Redis does not know the script a digest names (EVALSHA after its scripts were flushed).
  bool unknown_script() const { return failed() && text.starts_with("NOSCRIPT"); }
  static RedisReply error(std::string message) {
    return RedisReply{.kind = Kind::error, .text = std::move(message)};
  }
};

class RedisLink {
 public:
  using Reply = std::function<void(const RedisReply&)>;
  using Message = std::function<void(const std::string& channel, const std::string& payload)>;
  struct Handlers {
    // On the link's thread after every (re)connection, once the subscriptions are in place.
    std::function<void()> connected;
    Message message;
  };
  virtual ~RedisLink() = default;
  // Connects (and keeps reconnecting) and subscribes to `channels`; calls nothing before this.
  virtual void start(std::vector<std::string> channels, Handlers handlers) = 0;
  // Thread-safe and never blocks: the command is queued for the link's thread. `reply` runs there
  // with the answer, or an error reply when the link is down or goes down before the answer.
  virtual void command(std::vector<std::string> args, Reply reply = {}) = 0;
  // Runs `work` on the link's thread after `delay`.
  virtual void after(std::chrono::milliseconds delay, std::function<void()> work) = 0;
  // Stops the thread; pending callbacks get error replies or are dropped. Idempotent.
  virtual void stop() = 0;
};

}  // namespace kesher::bus
