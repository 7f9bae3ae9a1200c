#include "app/cluster.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <future>
#include <stdexcept>

#include "bus/redis_bus.hpp"
#include "bus/wire.hpp"
#include "domain/crypto.hpp"
#include "net/redis_client.hpp"

namespace kesher::app {

namespace {

constexpr std::chrono::seconds kThrottleWait{1};

// ARGV: key, now, window, limit, record ('1' to count the event when under the limit), a unique
// member for it. Returns the seconds to wait (0: under the limit), as domain::WindowCounter.
const char* const kWindowScript = R"lua(
local key, now, window, limit = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local n = redis.call('ZCARD', key)
if n >= limit then
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  return math.max(1, tonumber(oldest[2]) + window - now)
end
if ARGV[5] == '1' then
  redis.call('ZADD', key, now, ARGV[6])
  redis.call('EXPIRE', key, window)
end
return 0
)lua";

// ARGV: key, now, window, a unique member: counts the event whatever the count.
const char* const kRecordScript = R"lua(
redis.call('ZADD', ARGV[1], tonumber(ARGV[2]), ARGV[4])
redis.call('EXPIRE', ARGV[1], tonumber(ARGV[3]))
return 0
)lua";

class RedisThrottle final : public Throttle {
 public:
  RedisThrottle(bus::RedisLink& link, std::string name, int limit, int64_t window)
      : link_(link), name_(std::move(name)), fallback_(limit, window) {}
  int limit() const override { return fallback_.limit(); }
  int64_t window_seconds() const override { return fallback_.window_seconds(); }

  int64_t blocked_for(const std::string& key, int64_t now) override {
    auto reply = call({"EVAL", kWindowScript, "0", key_of(key), std::to_string(now), window(),
                       std::to_string(limit()), "0", ""});
    if (!reply) return fallback_.blocked_for(key, now);
    return reply->integer;
  }
  int64_t try_record(const std::string& key, int64_t now) override {
    auto reply = call({"EVAL", kWindowScript, "0", key_of(key), std::to_string(now), window(),
                       std::to_string(limit()), "1", event_id(now)});
    if (!reply) return fallback_.try_record(key, now);
    return reply->integer;
  }
  void record(const std::string& key, int64_t now) override {
    if (!call({"EVAL", kRecordScript, "0", key_of(key), std::to_string(now), window(),
               event_id(now)})) {
      fallback_.record(key, now);
    }
  }
  void forget_latest(const std::string& key) override {
    if (!call({"ZPOPMAX", key_of(key)})) fallback_.forget_latest(key);
  }
  void clear(const std::string& key) override {
    if (!call({"DEL", key_of(key)})) fallback_.clear(key);
  }

 private:
  std::string key_of(const std::string& key) const { return "kesher:t:" + name_ + ":" + key; }
  std::string window() const { return std::to_string(window_seconds()); }
  // Events in the same second need members of their own in the sorted set.
  static std::string event_id(int64_t now) {
    return std::to_string(now) + ":" + domain::random_token(9);
  }
  // The reply, or nothing when Redis did not answer in time or answered with an error.
  std::optional<bus::RedisReply> call(std::vector<std::string> args) {
    auto answer = std::make_shared<std::promise<bus::RedisReply>>();
    auto future = answer->get_future();
    link_.command(std::move(args),
                  [answer](const bus::RedisReply& reply) { answer->set_value(reply); });
    if (future.wait_for(kThrottleWait) != std::future_status::ready) {
      spdlog::warn("redis: throttle {} got no answer; counting in this process", name_);
      return std::nullopt;
    }
    auto reply = future.get();
    if (reply.failed()) {
      spdlog::warn("redis: throttle {}: {}; counting in this process", name_, reply.text);
      return std::nullopt;
    }
    return reply;
  }

  bus::RedisLink& link_;
  const std::string name_;
  LocalThrottle fallback_;
};

}  // namespace

std::unique_ptr<Throttle> redis_throttle(bus::RedisLink& link, std::string name, int limit,
                                         int64_t window_seconds) {
  return std::make_unique<RedisThrottle>(link, std::move(name), limit, window_seconds);
}

Cluster::Cluster(Context& app, const std::string& redis_url, std::string node_id) : app_(app) {
  auto address = bus::wire::parse_redis_address(redis_url);
  if (!address) throw std::invalid_argument("--redis: expected redis://host:port or unix:/path");
  if (node_id.empty()) node_id = bus::default_node_id();
  if (!bus::wire::valid_node_id(node_id)) {
    throw std::invalid_argument("--node-id: 1 to 64 letters, digits, '-', '_' or '.'");
  }
  link_ = net::make_redis_link(*address);
  bus_ = std::make_unique<bus::RedisBus>(
      *link_, node_id,
      std::vector<bus::RedisBus::Namespace>{
          {"m", &app.hub, app.config.max_sockets_per_member},
          {"s", &app.console_hub, app.config.max_sockets_per_member},
          {"a", &app.address_hub, app.config.max_sockets_per_ip, /*presence=*/false}});
  app.throttles.each([&](const char* name, std::unique_ptr<Throttle>& throttle) {
    throttle = redis_throttle(*link_, name, throttle->limit(), throttle->window_seconds());
  });
  app.node_id = node_id;
  bus_->start();
}

Cluster::~Cluster() {
  // The link's thread ends first (no callback runs into the bus after this), then the hubs, which
  // outlive the cluster in the context, stop calling its peers.
  link_->stop();
  app_.hub.set_peers(nullptr);
  app_.console_hub.set_peers(nullptr);
  app_.address_hub.set_peers(nullptr);
  app_.throttles.each([](const char*, std::unique_ptr<Throttle>& throttle) {
    throttle = local_throttle(throttle->limit(), throttle->window_seconds());
  });
}

void Cluster::leave() {
  std::promise<void> done;
  auto future = done.get_future();
  auto answered = std::make_shared<std::atomic<bool>>(false);
  link_->command({"EVAL", bus::RedisBus::kReapScript, "0", "self", bus_->node_id(),
                  "kesher:m:", "kesher:s:", "kesher:a:"},
                 [&done, answered](const bus::RedisReply&) {
                   if (!answered->exchange(true)) done.set_value();
                 });
  if (future.wait_for(std::chrono::seconds(1)) != std::future_status::ready) {
    spdlog::warn("redis: no answer while leaving; this node's users go offline with its heartbeat");
    answered->store(true);
  }
  link_->stop();
}

const std::string& Cluster::node_id() const {
  return bus_->node_id();
}

}  // namespace kesher::app
