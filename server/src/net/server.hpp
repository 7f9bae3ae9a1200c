#pragma once
#include <cstdint>
#include <memory>

#include "app/context.hpp"
#include "net/static_files.hpp"
#include "protocol/router.hpp"

namespace kesher::net {

// The HTTP and WebSocket front: listener → http session → (upgrade) websocket session (brief §1).
// Beast and Asio stay behind this interface.
class Server {
 public:
  Server(app::Context& app, const protocol::Router& router, const StaticFiles& files);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds and returns the port actually bound (useful with port 0).
  uint16_t listen(const std::string& host, uint16_t port);
  // Serves until SIGINT or SIGTERM, then closes every socket gracefully and returns.
  void run();

  struct Impl;  // defined in server.cpp, where Beast lives

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace kesher::net
