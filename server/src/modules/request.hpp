#pragma once
#include <boost/json/object.hpp>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "app/context.hpp"

namespace kesher::modules {

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

// One socket frame as a handler sees it.
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

}  // namespace kesher::modules
