#include "modules/router.hpp"

#include <spdlog/spdlog.h>

#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"

namespace kesher::modules {

void Router::add(std::string module, protocol::Access access, Handler handler,
                 protocol::Runs runs) {
  size_t index = modules_.add(std::move(module), access, runs);
  if (index >= handlers_.size()) handlers_.resize(index + 1);
  handlers_[index] = handler;
}

std::vector<std::string> Router::dispatch(app::Context& app, app::ConnectionState& connection,
                                          protocol::Prepared prepared) const {
  auto& decoded = prepared.decoded;
  if (auto* failure = std::get_if<protocol::DecodeFailure>(&decoded)) {
    return {protocol::decode_failure_reply(*failure)};
  }
  auto& envelope = std::get<protocol::Envelope>(decoded);
  json::object reply;
  std::vector<json::object> events;
  bool deferred = false;
  const protocol::Module* module = prepared.module;
  if (!module) {
    reply = protocol::reply_error(errc::unknown_module);
  } else if (module->access == protocol::Access::member && !connection.authenticated()) {
    reply = protocol::reply_error(errc::not_authenticated);
  } else if ((module->access == protocol::Access::staff ||
              module->access == protocol::Access::admin) &&
             (!connection.console || connection.staff_id == 0)) {
    reply = protocol::reply_error(errc::not_authenticated);
  } else if (module->access == protocol::Access::admin && connection.staff_role != "admin") {
    reply = protocol::reply_error(errc::forbidden);
  } else {
    try {
      Request request{app, connection,      envelope.payload, app.now(),
                      {},  envelope.module, envelope.rid};
      reply = handlers_[module->index](request);
      events = std::move(request.after_reply);
      deferred = request.deferred;
    } catch (const std::exception& e) {
      spdlog::error("module {} failed: {}", envelope.module, e.what());
      reply = protocol::reply_error(errc::internal_error);
    }
  }
  std::vector<std::string> frames;
  if (!deferred) {
    if (!reply.contains("module")) reply["module"] = envelope.module;
    if (!envelope.rid.empty()) reply["rid"] = envelope.rid;
    frames.push_back(protocol::serialize(reply));
  }
  for (const auto& event : events) frames.push_back(protocol::serialize(event));
  return frames;
}

void Responder::send(json::object reply) const {
  if (!connection_) return;
  if (!reply.contains("module")) reply["module"] = module_;
  if (!rid_.empty()) reply["rid"] = rid_;
  connection_->send(std::make_shared<const std::string>(protocol::serialize(reply)));
}

}  // namespace kesher::modules
