// kesher_relay_floor: the floor under `make bench-load` (docs/performance.md, "The floor").
//
// A WebSocket relay with the wire pattern of Kesher's chat and nothing else: no database, no
// rules, no ledger, no durability. A signed-in socket's `send_message` is parsed with Boost.JSON
// as Kesher parses it; a `new_message` goes to the receiver's socket and a reply to the sender,
// both built and serialized with Boost.JSON; `ping` gets `pong`. Sockets live on strands of an
// io_context run by --threads threads, and each writes its frames one after another, as Kesher's
// do. What this costs per message, and the rate it holds at p99 <= 20 ms with kesher_load beside
// it, is what the transport alone (Beast, Asio, loopback TCP, the kernel) takes on this machine.
// A benchmark tool, not a server: it trusts its one client, the load generator.
//
//   kesher_relay_floor --sessions FILE [--host 127.0.0.1] [--port 0] [--threads 2]
//
// FILE is `kesher seed-load`'s (a user id and a session token per line); the socket's `session`
// cookie says who it is. Prints "kesher listening on HOST:PORT" as kesher does.
#include <CLI/CLI.hpp>
#include <atomic>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/json.hpp>
#include <cstdio>
#include <fstream>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "net/no_throw.hpp"

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace json = boost::json;
using tcp = asio::ip::tcp;
using kesher::net::kNoThrow;

class Session;

// Who is connected: a user's sockets by user id, and the sessions file's tokens.
struct Registry {
  std::unordered_map<std::string, int64_t> users_by_token;
  std::mutex mutex;
  std::unordered_map<int64_t, std::vector<std::weak_ptr<Session>>> sockets;
  std::atomic<int64_t> next_message_id{1};
};

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket socket, Registry& registry) : ws_(std::move(socket)), registry_(registry) {}

  static asio::awaitable<void> run(std::shared_ptr<Session> self) { co_await self->serve(); }

  // Any thread: the frame is written on this socket's strand, after those before it.
  void deliver(std::shared_ptr<const std::string> frame) {
    asio::post(ws_.get_executor(),
               [self = shared_from_this(), frame = std::move(frame)] { self->enqueue(frame); });
  }

 private:
  asio::awaitable<void> serve() {
    beast::flat_buffer buffer;
    http::request<http::string_body> request;
    auto [read_error, read_bytes] =
        co_await http::async_read(ws_.next_layer(), buffer, request, kNoThrow);
    if (read_error || !websocket::is_upgrade(request)) co_return;
    user_id_ = user_of(request[http::field::cookie]);
    auto [accept_error] = co_await ws_.async_accept(request, kNoThrow);
    if (accept_error) co_return;
    if (user_id_ != 0) {
      std::lock_guard lock(registry_.mutex);
      registry_.sockets[user_id_].push_back(weak_from_this());
    }
    beast::flat_buffer message;
    for (;;) {
      auto [ec, bytes] = co_await ws_.async_read(message, kNoThrow);
      if (ec) break;
      answer(beast::buffers_to_string(message.data()));
      message.consume(message.size());
    }
    if (user_id_ != 0) {
      std::lock_guard lock(registry_.mutex);
      auto& mine = registry_.sockets[user_id_];
      std::erase_if(mine, [this](const auto& socket) { return socket.lock().get() == this; });
    }
  }

  int64_t user_of(std::string_view cookies) const {
    auto at = cookies.find("session=");
    if (at == std::string_view::npos) return 0;
    auto token = cookies.substr(at + 8);
    token = token.substr(0, token.find(';'));
    auto found = registry_.users_by_token.find(std::string(token));
    return found == registry_.users_by_token.end() ? 0 : found->second;
  }

  void answer(const std::string& text) {
    boost::system::error_code ec;
    json::value parsed = json::parse(text, ec);
    auto* frame = ec ? nullptr : parsed.if_object();
    if (!frame) return;
    auto* module = frame->if_contains("module");
    if (!module || !module->is_string()) return;
    if (module->get_string() == "ping") {
      enqueue(std::make_shared<const std::string>(R"({"module":"pong"})"));
      return;
    }
    if (module->get_string() != "send_message" || user_id_ == 0) return;
    auto* receiver = frame->if_contains("receiver_id");
    auto* body = frame->if_contains("message_text");
    if (!receiver || !receiver->is_int64() || !body || !body->is_string()) return;
    int64_t id = registry_.next_message_id.fetch_add(1, std::memory_order_relaxed);
    json::object message{{"id", id},
                         {"sender_id", user_id_},
                         {"receiver_id", receiver->get_int64()},
                         {"message_type", "text"},
                         {"message", body->get_string()}};
    auto event = std::make_shared<const std::string>(
        json::serialize(json::object{{"module", "new_message"}, {"request_details", message}}));
    json::object reply{
        {"module", "send_message"}, {"request_status", 1}, {"request_details", std::move(message)}};
    if (auto* rid = frame->if_contains("rid")) reply["rid"] = *rid;
    std::vector<std::shared_ptr<Session>> receivers;
    {
      std::lock_guard lock(registry_.mutex);
      auto found = registry_.sockets.find(receiver->get_int64());
      if (found != registry_.sockets.end()) {
        for (const auto& socket : found->second) {
          if (auto alive = socket.lock()) receivers.push_back(std::move(alive));
        }
      }
    }
    for (auto& socket : receivers) socket->deliver(event);
    enqueue(std::make_shared<const std::string>(json::serialize(reply)));
  }

  // As Kesher's sockets write: one frame at a time, the next from the previous one's completion.
  void enqueue(std::shared_ptr<const std::string> frame) {
    queue_.push_back(std::move(frame));
    if (writing_) return;
    writing_ = true;
    write_next();
  }

  void write_next() {
    if (queue_.empty()) {
      writing_ = false;
      return;
    }
    auto frame = std::move(queue_.front());
    queue_.pop_front();
    ws_.text(true);
    auto bytes = asio::buffer(*frame);
    ws_.async_write(bytes, [self = shared_from_this(), frame = std::move(frame)](
                               const boost::system::error_code& ec, size_t) {
      if (ec) {
        self->writing_ = false;
        return;
      }
      self->write_next();
    });
  }

  websocket::stream<tcp::socket> ws_;
  Registry& registry_;
  int64_t user_id_ = 0;
  std::list<std::shared_ptr<const std::string>> queue_;
  bool writing_ = false;
};

asio::awaitable<void> accept_loop(tcp::acceptor& acceptor, asio::io_context& ioc,
                                  Registry& registry) {
  for (;;) {
    auto [ec, socket] = co_await acceptor.async_accept(asio::make_strand(ioc), kNoThrow);
    if (ec) {
      if (ec == asio::error::operation_aborted) co_return;
      continue;
    }
    auto strand = socket.get_executor();
    auto session = std::make_shared<Session>(std::move(socket), registry);
    asio::co_spawn(strand, Session::run(session), asio::detached);
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"kesher_relay_floor: Kesher's chat wire pattern without the server behind it"};
  std::string sessions_path, host = "127.0.0.1";
  unsigned short port = 0;
  int threads = 2;
  app.add_option("--sessions", sessions_path, "kesher seed-load's sessions file")->required();
  app.add_option("--host", host, "Address to listen on")->capture_default_str();
  app.add_option("--port", port, "Port (0: any free one)")->capture_default_str();
  app.add_option("--threads", threads, "Network threads")->capture_default_str();
  CLI11_PARSE(app, argc, argv);

  Registry registry;
  std::ifstream sessions(sessions_path);
  int64_t user_id = 0;
  std::string token;
  while (sessions >> user_id >> token) registry.users_by_token.emplace(token, user_id);
  if (registry.users_by_token.empty()) {
    std::fprintf(stderr, "kesher_relay_floor: no sessions in %s\n", sessions_path.c_str());
    return 1;
  }

  asio::io_context ioc(threads);
  tcp::acceptor acceptor(ioc, {asio::ip::make_address(host), port});
  acceptor.listen(asio::socket_base::max_listen_connections);
  std::printf("kesher listening on %s:%u (relay floor, %zu sessions)\n", host.c_str(),
              acceptor.local_endpoint().port(), registry.users_by_token.size());
  std::fflush(stdout);
  asio::signal_set signals(ioc, SIGINT, SIGTERM);
  signals.async_wait([&](const boost::system::error_code&, int) { ioc.stop(); });
  asio::co_spawn(ioc, accept_loop(acceptor, ioc, registry), asio::detached);
  std::vector<std::thread> runners;
  for (int i = 1; i < threads; ++i) runners.emplace_back([&] { ioc.run(); });
  ioc.run();
  for (auto& runner : runners) runner.join();
  return 0;
}
