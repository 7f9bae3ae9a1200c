#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/context.hpp"
#include "app/executor.hpp"
#include "net/static_files.hpp"
#include "protocol/http.hpp"
#include "protocol/modules.hpp"

namespace kesher::net {

// The worker threads (--worker-threads) that run whatever may block. main owns the pool and
// hands it to the server and, as an app::Executor, to the context.
class WorkerPool final : public app::Executor {
 public:
  explicit WorkerPool(int threads);
  ~WorkerPool() override;
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  void post(std::function<void()> work) override;
  // Returns once everything posted so far has run.
  void join();

  struct Impl;  // defined in server.cpp, where Asio lives
  Impl& impl() const { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
};

// What the server does with what arrives, given by main: net/ knows nothing of modules/.
struct Handlers {
  // A prepared socket frame → the serialized frames answering it (the reply, then events). Runs
  // on a worker, or on the network thread for modules that run there. Never throws.
  std::function<std::vector<std::string>(app::ConnectionState&, protocol::Prepared)> frame;
  // Who opens a socket, from the session cookie of its upgrade request: sets cookie_session_hash
  // and, for a live session, user_id, session_hash and session_expires_at. Blocking: on a worker.
  std::function<void(app::ConnectionState&, const std::string& session_cookie)> authenticate;
  // The same for the staff console's socket (/console/ws), from its staff_session cookie: sets
  // staff_id, staff_role, session_hash and session_expires_at for a live staff session.
  std::function<std::vector<std::string>(app::ConnectionState&, protocol::Prepared)> console_frame;
  std::function<void(app::ConnectionState&, const std::string& staff_cookie)> console_authenticate;
  // Every HTTP request that is not a static file or /healthz. Blocking: on a worker, or on the
  // password or media pool when `lane` says so. Never throws.
  std::function<protocol::HttpResponse(const protocol::HttpRequest&)> http;
  std::function<protocol::HttpLane(const protocol::HttpRequest&)> lane;
  // Before a request joins a bounded pool's queue: a refusal, or nothing to let it in (and `http`
  // then always runs for it). It may complete the request (HttpRequest::user_id). Blocking: on a
  // worker. Never throws.
  std::function<std::optional<protocol::HttpResponse>(protocol::HttpRequest&)> admit;
  // The largest body a request to this method and path may have (413 payload_too_large above it),
  // asked once its headers have arrived.
  std::function<size_t(std::string_view method, std::string_view path)> body_limit;
  // Background work: about once a second on a worker, never two runs at once. Never throws.
  std::function<void()> jobs;
};

// The HTTP and WebSocket front: listener → http session → (upgrade) websocket session (brief §1).
// Beast and Asio stay behind this interface.
class Server {
 public:
  // `modules` (and `console_modules` for /console/ws) decode frames and tell which thread each
  // one runs on; `handlers` answer them.
  Server(app::Context& app, WorkerPool& workers, const protocol::ModuleTable& modules,
         const protocol::ModuleTable& console_modules, Handlers handlers, const StaticFiles& files);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds and returns the port actually bound (useful with port 0).
  uint16_t listen(const std::string& host, uint16_t port);
  // Serves until SIGINT or SIGTERM, then closes every socket gracefully, answers the sends still
  // waiting for their commit, waits for the workers to finish what they were given, and returns.
  void run();

  struct Impl;  // defined in server.cpp, where Beast lives

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace kesher::net
