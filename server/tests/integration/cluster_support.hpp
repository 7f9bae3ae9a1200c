#pragma once
// A local cluster for the tests (issue 15): redis-server and HAProxy started by the test itself in
// a temporary folder, PostgreSQL from the tests' throwaway cluster (support/pg_cluster.hpp), and
// kesher nodes (harness.hpp's ServerProcess) sharing one data folder and one database.
#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "harness.hpp"

namespace kesher::test {

// redis-server on a Unix socket in its own temporary folder, keeping nothing on disk.
class RedisProcess {
 public:
  RedisProcess();
  ~RedisProcess();
  // unix:/…/redis.sock, for --redis.
  std::string url() const { return "unix:" + socket_.string(); }
  // Runs a command on it (hiredis's blocking API) and returns the reply as text: integers in
  // decimal, arrays one element per line.
  std::string command(const std::vector<std::string>& args) const;

 private:
  std::filesystem::path folder_;
  std::filesystem::path socket_;
  std::unique_ptr<ChildProcess> process_;
};

// HAProxy in front of the nodes: round-robin, no stickiness, WebSockets passed through, each
// request naming its client in X-Forwarded-For (the nodes trust 127.0.0.1 for it).
class ProxyProcess {
 public:
  ProxyProcess(uint16_t port, const std::vector<uint16_t>& backends,
               const std::filesystem::path& folder);

 private:
  std::unique_ptr<ChildProcess> process_;
};

class LocalCluster {
 public:
  // `nodes` kesher nodes with `extra_args` each, behind the proxy.
  explicit LocalCluster(size_t nodes = 2, std::vector<std::string> extra_args = {});
  ~LocalCluster();

  ServerProcess& node(size_t index) { return *nodes_.at(index); }
  // Through the proxy, as a browser reaches the site.
  Endpoint endpoint() const { return {proxy_port_, origin_}; }
  // Straight to one node, with the site's origin (to place a client on that node).
  Endpoint node_endpoint(size_t index) const { return {nodes_.at(index)->port(), origin_}; }
  RedisProcess& redis() { return *redis_; }
  const std::string& database_url() const { return database_url_; }

 private:
  void start(size_t nodes, std::vector<std::string> extra_args);

  std::filesystem::path folder_;
  std::string database_url_;
  uint16_t proxy_port_ = 0;
  std::string origin_;
  std::unique_ptr<RedisProcess> redis_;
  std::vector<std::unique_ptr<ServerProcess>> nodes_;
  std::unique_ptr<ProxyProcess> proxy_;
};

// Polls `condition` every 50 ms until it holds or `timeout` passes; returns whether it held.
template <class Condition>
bool eventually(Condition condition, std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!condition()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return true;
}

}  // namespace kesher::test
