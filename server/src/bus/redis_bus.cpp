#include "bus/redis_bus.hpp"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <charconv>
#include <unordered_set>

#include "bus/wire.hpp"
#include "domain/crypto.hpp"

namespace kesher::bus {

// ARGV: namespace prefix, node, user, this node's count of the user's sockets, and the cap per user
// (0: not checked). Returns {presence change (1 online, -1 offline, 0 none), the cluster's count,
// the nodes holding the user, and the number of the latest change of that}. When the number of
// nodes changes, the other nodes holding the user hear it (wire::Spread, "s <nodes> <seq> <user>"),
// numbered by one counter per namespace so that no node takes an older word for a newer.
const char* const RedisBus::kSetCountScript = R"lua(
local p, node, user, count = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4])
local key = p .. 'u:' .. user
local before = redis.call('HLEN', key)
if count > 0 then
  redis.call('HSET', key, node, count)
  redis.call('SADD', p .. 'n:' .. node, user)
else
  redis.call('HDEL', key, node)
  redis.call('SREM', p .. 'n:' .. node, user)
end
local after = redis.call('HLEN', key)
local change = 0
if before == 0 and after > 0 then
  redis.call('SADD', p .. 'online', user)
  redis.call('PUBLISH', p .. 'presence', 'p 1 ' .. user)
  change = 1
elseif before > 0 and after == 0 then
  redis.call('SREM', p .. 'online', user)
  redis.call('PUBLISH', p .. 'presence', 'p 0 ' .. user)
  change = -1
end
local total = 0
for _, v in ipairs(redis.call('HVALS', key)) do total = total + tonumber(v) end
local seq
if before ~= after and after > 0 then
  seq = redis.call('INCR', p .. 'spread')
  for _, other in ipairs(redis.call('HKEYS', key)) do
    if other ~= node then
      redis.call('PUBLISH', p .. 'node:' .. other, 's ' .. after .. ' ' .. seq .. ' ' .. user)
    end
  end
else
  seq = tonumber(redis.call('GET', p .. 'spread') or '0')
end
return {change, total, after, seq}
)lua";

// ARGV: namespace prefix, this node, user, the message. Publishes it on the channel of every other
// node that holds a socket of the user; returns how many.
const char* const RedisBus::kDeliverScript = R"lua(
local n = 0
for _, node in ipairs(redis.call('HKEYS', ARGV[1] .. 'u:' .. ARGV[3])) do
  if node ~= ARGV[2] then
    redis.call('PUBLISH', ARGV[1] .. 'node:' .. node, ARGV[4])
    n = n + 1
  end
end
return n
)lua";

// ARGV: node, seconds the heartbeat lasts. Returns 1 when the node was known (not cleared as dead
// meanwhile, which a pause longer than the TTL causes), else 0.
const char* const RedisBus::kHeartbeatScript = R"lua(
local known = redis.call('SISMEMBER', 'kesher:nodes', ARGV[1])
redis.call('SET', 'kesher:alive:' .. ARGV[1], '1', 'EX', tonumber(ARGV[2]))
redis.call('SADD', 'kesher:nodes', ARGV[1])
return known
)lua";

// ARGV: mode ('dead': every node but ARGV[2] whose heartbeat lapsed; 'self': node ARGV[2]), node,
// then the namespace prefixes. Clears what those nodes held; returns prefix, user, prefix, user…
// for every user who went offline by it (announced by the caller). The nodes that still hold a
// user hear how many they are now (as in kSetCountScript).
const char* const RedisBus::kReapScript = R"lua(
local out = {}
local function clear(node)
  for i = 3, #ARGV do
    local p = ARGV[i]
    for _, user in ipairs(redis.call('SMEMBERS', p .. 'n:' .. node)) do
      local key = p .. 'u:' .. user
      redis.call('HDEL', key, node)
      local left = redis.call('HLEN', key)
      if left == 0 then
        redis.call('SREM', p .. 'online', user)
        redis.call('PUBLISH', p .. 'presence', 'p 0 ' .. user)
        table.insert(out, p)
        table.insert(out, user)
      else
        local seq = redis.call('INCR', p .. 'spread')
        for _, other in ipairs(redis.call('HKEYS', key)) do
          redis.call('PUBLISH', p .. 'node:' .. other, 's ' .. left .. ' ' .. seq .. ' ' .. user)
        end
      end
    end
    redis.call('DEL', p .. 'n:' .. node)
  end
  redis.call('SREM', 'kesher:nodes', node)
end
if ARGV[1] == 'self' then
  clear(ARGV[2])
else
  for _, node in ipairs(redis.call('SMEMBERS', 'kesher:nodes')) do
    if node ~= ARGV[2] and redis.call('EXISTS', 'kesher:alive:' .. node) == 0 then clear(node) end
  end
end
return out
)lua";

namespace {

std::string prefix_of(const std::string& space) {
  return "kesher:" + space + ":";
}

std::optional<int64_t> user_id_of(const std::string& text) {
  int64_t value = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size() || value <= 0) return std::nullopt;
  return value;
}

std::vector<int64_t> user_ids_of(const RedisReply& reply) {
  std::vector<int64_t> users;
  for (const auto& element : reply.elements) {
    if (auto user = user_id_of(element.text)) users.push_back(*user);
  }
  return users;
}

}  // namespace

class RedisBus::NamespacePeers final : public Peers {
 public:
  NamespacePeers(RedisLink& link, std::string node_id, const Namespace& space,
                 std::shared_ptr<std::atomic<bool>> alive)
      : link_(link),
        node_id_(std::move(node_id)),
        prefix_(prefix_of(space.name)),
        hub_(*space.hub),
        max_sockets_(space.max_sockets),
        alive_(std::move(alive)) {}

  void local_count(int64_t user_id, size_t count, bool grew) override {
    std::string max = grew && max_sockets_ < SIZE_MAX ? std::to_string(max_sockets_) : "0";
    link_.command({"EVAL", kSetCountScript, "0", prefix_, node_id_, std::to_string(user_id),
                   std::to_string(count), max},
                  [this, user_id, grew, alive = alive_](const RedisReply& reply) {
                    if (!alive->load()) return;
                    if (reply.failed() || reply.elements.size() != 4) {
                      // The link is down: resync() tells Redis again once it is back.
                      return;
                    }
                    int64_t change = reply.elements[0].integer;
                    int64_t total = reply.elements[1].integer;
                    hub_.set_nodes_holding(user_id, reply.elements[2].integer,
                                           reply.elements[3].integer);
                    if (change != 0) hub_.announce_cluster_change(user_id, change > 0);
                    if (grew && total > static_cast<int64_t>(max_sockets_)) {
                      hub_.close_newest(user_id, kCloseTooManySockets);
                    }
                  });
  }

  void deliver(int64_t user_id, const Frame& frame) override {
    link_.command({"EVAL", kDeliverScript, "0", prefix_, node_id_, std::to_string(user_id),
                   wire::encode(wire::Delivery{user_id, *frame})});
  }

  void close_session(const std::string& session_hash, uint16_t code) override {
    link_.command(
        {"PUBLISH", prefix_ + "control", wire::encode(wire::CloseSession{code, session_hash})});
  }

  const std::string& prefix() const { return prefix_; }
  Hub& hub() { return hub_; }

 private:
  RedisLink& link_;
  const std::string node_id_;
  const std::string prefix_;
  Hub& hub_;
  const size_t max_sockets_;
  std::shared_ptr<std::atomic<bool>> alive_;
};

RedisBus::RedisBus(RedisLink& link, std::string node_id, std::vector<Namespace> namespaces)
    : link_(link), node_id_(std::move(node_id)) {
  for (auto& space : namespaces) {
    auto peers = std::make_shared<NamespacePeers>(link_, node_id_, space, alive_);
    spaces_.push_back(Space{std::move(space), std::move(peers)});
  }
}

RedisBus::~RedisBus() {
  alive_->store(false);
}

void RedisBus::start() {
  std::vector<std::string> channels;
  for (auto& space : spaces_) {
    space.config.hub->set_peers(space.peers);
    const auto& p = space.peers->prefix();
    channels.push_back(p + "node:" + node_id_);
    if (space.config.presence) channels.push_back(p + "presence");
    channels.push_back(p + "control");
  }
  link_.start(std::move(channels),
              {.connected = [this] { on_connected(); },
               .message = [this](const std::string& channel,
                                 const std::string& payload) { on_message(channel, payload); }});
  link_.after(kHeartbeatEvery, [this, alive = alive_] {
    if (alive->load()) heartbeat();
  });
}

void RedisBus::on_connected() {
  bool first = first_connection_;
  first_connection_ = false;
  // Clearing a previous life removes the node from kesher:nodes: the heartbeat comes after it.
  for (auto& space : spaces_) resync(space, first);
  link_.command({"EVAL", kHeartbeatScript, "0", node_id_, std::to_string(kAliveTtl.count())});
}

// Brings Redis in line with this node: on the first connection, whatever an earlier process with
// the same node id left is cleared (its sockets are gone); after a reconnection, the counts that
// changed while the link was down are told again. Then the online set is read afresh.
void RedisBus::resync(Space& space, bool forget_previous_life) {
  const std::string prefix = space.peers->prefix();
  Hub* hub = space.config.hub;
  auto alive = alive_;
  if (forget_previous_life) {
    link_.command({"EVAL", kReapScript, "0", "self", node_id_, prefix},
                  [hub, alive](const RedisReply& reply) {
                    if (!alive->load() || reply.failed()) return;
                    for (size_t i = 0; i + 1 < reply.elements.size(); i += 2) {
                      if (auto user = user_id_of(reply.elements[i + 1].text)) {
                        hub->announce_cluster_change(*user, false);
                      }
                    }
                  });
    for (auto [user, count] : hub->local_counts()) {
      space.peers->local_count(user, count, /*grew=*/false);
    }
  } else {
    auto peers = space.peers;
    link_.command({"SMEMBERS", prefix + "n:" + node_id_},
                  [hub, peers, alive](const RedisReply& reply) {
                    if (!alive->load() || reply.failed()) return;
                    std::unordered_set<int64_t> here;
                    for (auto [user, count] : hub->local_counts()) {
                      here.insert(user);
                      peers->local_count(user, count, /*grew=*/false);
                    }
                    for (int64_t user : user_ids_of(reply)) {
                      if (!here.count(user)) peers->local_count(user, 0, /*grew=*/false);
                    }
                  });
  }
  if (!space.config.presence) return;
  space.snapshot_pending = true;
  space.buffered.clear();
  link_.command({"SMEMBERS", prefix + "online"}, [this, &space, alive](const RedisReply& reply) {
    if (!alive->load()) return;
    if (!reply.failed()) space.config.hub->replace_cluster_online(user_ids_of(reply));
    for (auto [user, online] : space.buffered) space.config.hub->set_cluster_online(user, online);
    space.buffered.clear();
    space.snapshot_pending = false;
    if (!reply.failed()) joined_ = true;
  });
}

void RedisBus::heartbeat() {
  auto alive = alive_;
  link_.command({"EVAL", kHeartbeatScript, "0", node_id_, std::to_string(kAliveTtl.count())},
                [this, alive](const RedisReply& reply) {
                  if (!alive->load() || reply.failed()) return;
                  if (reply.integer == 0 && !first_connection_) {
                    // Another node cleared this one as dead (a pause longer than the TTL): what
                    // this node holds is told again, and its users come back online.
                    spdlog::warn("redis: node {} was taken for dead; registering again", node_id_);
                    for (auto& space : spaces_) resync(space, /*forget_previous_life=*/false);
                  }
                });
  reap();
  link_.after(kHeartbeatEvery, [this, alive] {
    if (alive->load()) heartbeat();
  });
}

// Every node reaps: the script runs atomically, so of two nodes reaping the same dead node the
// second finds nothing left, and each user who goes offline is announced once.
void RedisBus::reap() {
  std::vector<std::string> args{"EVAL", kReapScript, "0", "dead", node_id_};
  for (auto& space : spaces_) args.push_back(space.peers->prefix());
  auto alive = alive_;
  link_.command(std::move(args), [this, alive](const RedisReply& reply) {
    if (!alive->load() || reply.failed()) return;
    for (size_t i = 0; i + 1 < reply.elements.size(); i += 2) {
      auto user = user_id_of(reply.elements[i + 1].text);
      if (!user) continue;
      for (auto& space : spaces_) {
        if (space.peers->prefix() == reply.elements[i].text) {
          space.config.hub->announce_cluster_change(*user, false);
        }
      }
    }
  });
}

void RedisBus::on_message(const std::string& channel, const std::string& payload) {
  for (auto& space : spaces_) {
    const std::string& p = space.peers->prefix();
    if (channel.compare(0, p.size(), p) != 0) continue;
    auto message = wire::decode(payload);
    if (!message) {
      spdlog::warn("redis: a message on {} that does not parse ({} bytes)", channel,
                   payload.size());
      return;
    }
    std::string_view kind = std::string_view(channel).substr(p.size());
    Hub& hub = *space.config.hub;
    if (auto* delivery = std::get_if<wire::Delivery>(&*message);
        delivery && kind.starts_with("node:")) {
      hub.deliver_local(delivery->user_id,
                        std::make_shared<const std::string>(std::move(delivery->frame)));
    } else if (auto* spread = std::get_if<wire::Spread>(&*message);
               spread && kind.starts_with("node:")) {
      hub.set_nodes_holding(spread->user_id, spread->nodes, spread->sequence);
    } else if (auto* presence = std::get_if<wire::Presence>(&*message);
               presence && kind == "presence") {
      if (space.snapshot_pending)
        space.buffered.emplace_back(presence->user_id, presence->online);
      else
        hub.set_cluster_online(presence->user_id, presence->online);
    } else if (auto* close = std::get_if<wire::CloseSession>(&*message);
               close && kind == "control") {
      hub.close_session_here(close->session_hash, close->code);
    }
    return;
  }
}

std::string default_node_id() {
  char host[256] = {};
  if (gethostname(host, sizeof host - 1) != 0 || host[0] == '\0')
    std::snprintf(host, sizeof host, "node");
  std::string id = host;
  for (char& c : id) {
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'))
      c = '-';
  }
  id = id.substr(0, 40) + "-" + std::to_string(getpid()) + "-" + domain::random_token(6);
  for (char& c : id) {
    if (c == '_') c = '-';
  }
  return id;
}

}  // namespace kesher::bus
