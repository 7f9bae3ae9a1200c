#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "modules/request.hpp"
#include "protocol/modules.hpp"

namespace kesher::modules {

// The socket modules and their handlers: routes a prepared frame to its handler and shapes the
// reply envelope. Never throws.
class Router {
 public:
  void add(std::string module, protocol::Access access, Handler handler,
           protocol::Runs runs = protocol::Runs::on_worker);
  // The modules without their handlers: what the network layer and the protocol dump need.
  const protocol::ModuleTable& modules() const { return modules_; }
  protocol::Prepared prepare(std::string_view frame) const { return modules_.prepare(frame); }
  // The serialized frames answering one inbound frame: the reply, then any events.
  std::vector<std::string> dispatch(app::Context& app, app::ConnectionState& connection,
                                    protocol::Prepared prepared) const;
  std::vector<std::string> handle(app::Context& app, app::ConnectionState& connection,
                                  std::string_view frame) const {
    return dispatch(app, connection, prepare(frame));
  }

 private:
  protocol::ModuleTable modules_;
  std::vector<Handler> handlers_;  // by protocol::Module::index
};

}  // namespace kesher::modules
