#include "cluster_support.hpp"

#include <arpa/inet.h>
#include <hiredis/hiredis.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fstream>
#include <random>
#include <stdexcept>

#include "support/pg_cluster.hpp"

namespace kesher::test {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {

fs::path fresh_folder(const std::string& kind) {
  static std::mt19937_64 rng{std::random_device{}()};
  fs::path folder =
      fs::temp_directory_path() / ("kesher-" + kind + "-" + std::to_string(::getpid()) + "-" +
                                   std::to_string(rng() % 1000000000));
  fs::create_directories(folder);
  return folder;
}

std::string reply_text(const redisReply* reply) {
  if (!reply) return "";
  switch (reply->type) {
    case REDIS_REPLY_INTEGER:
      return std::to_string(reply->integer);
    case REDIS_REPLY_ARRAY: {
      std::string text;
      for (size_t i = 0; i < reply->elements; ++i) {
        text += reply_text(reply->element[i]);
        if (i + 1 < reply->elements) text += "\n";
      }
      return text;
    }
    case REDIS_REPLY_NIL:
      return "";
    default:
      return std::string(reply->str, reply->len);
  }
}

}  // namespace

RedisProcess::RedisProcess() : folder_(fresh_folder("redis")), socket_(folder_ / "redis.sock") {
  process_ = std::make_unique<ChildProcess>(
      std::vector<std::string>{"redis-server", "--port", "0", "--unixsocket", socket_.string(),
                               "--unixsocketperm", "700", "--save", "", "--appendonly", "no",
                               "--dir", folder_.string()},
      folder_ / "redis.log");
  bool ready = eventually(
      [&] {
        if (!process_->running())
          throw std::runtime_error("redis-server exited (scripts/bootstrap)");
        return fs::exists(socket_) && command({"PING"}) == "PONG";
      },
      10s);
  if (!ready) throw std::runtime_error("redis-server did not start");
}

RedisProcess::~RedisProcess() {
  process_.reset();
  std::error_code ignored;
  fs::remove_all(folder_, ignored);
}

std::string RedisProcess::command(const std::vector<std::string>& args) const {
  redisContext* context = redisConnectUnix(socket_.c_str());
  if (!context || context->err) {
    if (context) redisFree(context);
    return "";
  }
  std::vector<const char*> argv;
  std::vector<size_t> lengths;
  for (const auto& arg : args) {
    argv.push_back(arg.data());
    lengths.push_back(arg.size());
  }
  auto* reply = static_cast<redisReply*>(
      redisCommandArgv(context, static_cast<int>(argv.size()), argv.data(), lengths.data()));
  std::string text = reply_text(reply);
  if (reply) freeReplyObject(reply);
  redisFree(context);
  return text;
}

ProxyProcess::ProxyProcess(uint16_t port, const std::vector<uint16_t>& backends,
                           const fs::path& folder) {
  fs::path config = folder / "haproxy.cfg";
  {
    std::ofstream out(config);
    out << "global\n  maxconn 4096\n"
        << "defaults\n  mode http\n  timeout connect 2s\n  timeout client 60s\n"
        << "  timeout server 60s\n  timeout tunnel 1h\n"
        << "frontend site\n  bind 127.0.0.1:" << port << "\n  default_backend nodes\n"
        << "backend nodes\n  balance roundrobin\n  option httpchk GET /healthz\n"
        << "  option forwardfor\n";
    for (size_t i = 0; i < backends.size(); ++i) {
      out << "  server node" << i + 1 << " 127.0.0.1:" << backends[i]
          << " check inter 500ms fall 2 rise 1\n";
    }
  }
  process_ = std::make_unique<ChildProcess>(
      std::vector<std::string>{"haproxy", "-db", "-f", config.string()}, folder / "haproxy.log");
  bool ready = eventually(
      [&] {
        if (!process_->running()) throw std::runtime_error("haproxy exited (scripts/bootstrap)");
        try {
          return http_request(port, "GET", "/healthz").status == 200;
        } catch (const std::exception&) {
          return false;  // not listening yet
        }
      },
      10s);
  if (!ready) throw std::runtime_error("haproxy did not start");
}

LocalCluster::LocalCluster(size_t nodes, std::vector<std::string> extra_args)
    : folder_(fresh_folder("cluster")) {
  try {
    start(nodes, std::move(extra_args));
  } catch (...) {
    // No destructor runs for a constructor that throws: what started stops here (the members
    // made so far stop themselves), and the folder goes.
    proxy_.reset();
    nodes_.clear();
    redis_.reset();
    std::error_code ignored;
    fs::remove_all(folder_, ignored);
    throw;
  }
}

void LocalCluster::start(size_t nodes, std::vector<std::string> extra_args) {
  database_url_ = kesher::testing::shared_postgres_cluster().create_database();
  redis_ = std::make_unique<RedisProcess>();
  // The nodes must know the proxy's port (their origin) before the proxy can know theirs.
  HeldPort proxy_port;
  proxy_port_ = proxy_port.port();
  origin_ = "http://localhost:" + std::to_string(proxy_port_);
  fs::path data = folder_ / "data";
  fs::create_directories(data);
  write_places_fixture(data);
  std::vector<uint16_t> ports;
  for (size_t i = 0; i < nodes; ++i) {
    std::vector<std::string> args{
        "--redis",  redis_->url(), "--node-id",       "node" + std::to_string(i + 1),
        "--origin", origin_,       "--trusted-proxy", "127.0.0.1"};
    args.insert(args.end(), extra_args.begin(), extra_args.end());
    // Each node names its connections itself ("kesher node1 writer", …), so that
    // pg_stat_activity tells which node holds what (the job lock, in Cluster.TheJobsMove…).
    nodes_.push_back(std::make_unique<ServerProcess>(ServerProcess::Shared{data, database_url_},
                                                     std::move(args)));
    ports.push_back(nodes_.back()->port());
  }
  proxy_ = std::make_unique<ProxyProcess>(proxy_port_, ports, folder_);
}

LocalCluster::~LocalCluster() {
  proxy_.reset();
  nodes_.clear();
  redis_.reset();
  std::error_code ignored;
  fs::remove_all(folder_, ignored);
}

}  // namespace kesher::test
