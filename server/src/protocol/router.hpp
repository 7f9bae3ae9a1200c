#pragma once
#include <boost/json/object.hpp>
#include <string>
#include <string_view>
#include <unordered_map>
#include <variant>
#include <vector>

#include "app/context.hpp"
#include "protocol/envelope.hpp"

namespace kesher::protocol {

namespace json = boost::json;

// Answers a request later, from any thread: for handlers that hand their work to the group
// commit instead of holding a worker thread while it waits (docs/architecture.md).
class Responder {
 public:
  Responder(std::string module, std::string rid, std::shared_ptr<bus::Connection> connection)
      : module_(std::move(module)), rid_(std::move(rid)), connection_(std::move(connection)) {}
  void send(json::object reply) const;

 private:
  std::string module_;
  std::string rid_;
  std::shared_ptr<bus::Connection> connection_;
};

struct Request {
  app::Context& app;
  app::ConnectionState& connection;
  const json::object& payload;
  int64_t now;
  std::vector<json::object> after_reply;  // events for this socket, sent after the reply
  std::string_view module;
  std::string_view rid;
  bool deferred = false;
  // The handler will answer through the responder; what it returns is then ignored.
  Responder defer() {
    deferred = true;
    return Responder(std::string(module), std::string(rid), connection.connection);
  }
};

using Handler = json::object (*)(Request&);

enum class Access { guest, member };

// Where a handler may run. `network` is for handlers that never block (no database wait: they
// answer at once or defer to the group commit), so the frame skips the hop to a worker thread.
enum class Runs { on_worker, on_network };

struct Route {
  Access access;
  Handler handler;
  Runs runs;
};

// A decoded frame and the route it will take.
struct Prepared {
  std::variant<Envelope, DecodeFailure> decoded;
  const Route* route = nullptr;  // null: unknown module or undecodable frame
  bool runs_on_network() const { return !route || route->runs == Runs::on_network; }
};

// Routes a decoded frame to its module's handler and shapes the reply envelope. Never throws.
class Router {
 public:
  void add(std::string module, Access access, Handler handler, Runs runs = Runs::on_worker);
  bool knows(std::string_view module) const { return routes_.contains(std::string(module)); }
  // Decoding is cheap and never blocks: the network layer does it to choose the thread.
  Prepared prepare(std::string_view frame) const;
  // The serialized frames answering one inbound frame: the reply, then any events.
  std::vector<std::string> dispatch(app::Context& app, app::ConnectionState& connection,
                                    Prepared prepared) const;
  // The error reply to a frame that is not handled (over its sender's budget): the frame's module
  // and rid when it decoded, so that the client knows which request it was.
  std::string refuse(const Prepared& prepared, std::string_view error_code) const;
  std::vector<std::string> handle(app::Context& app, app::ConnectionState& connection,
                                  std::string_view frame) const {
    return dispatch(app, connection, prepare(frame));
  }

 private:
  std::unordered_map<std::string, Route> routes_;
};

}  // namespace kesher::protocol
