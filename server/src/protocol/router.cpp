#include "protocol/router.hpp"

#include <spdlog/spdlog.h>

#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"

namespace kesher::protocol {

void Router::add(std::string module, Access access, Handler handler, Runs runs) {
  routes_[std::move(module)] = Route{access, handler, runs};
}

Prepared Router::prepare(std::string_view frame) const {
  Prepared prepared{decode_envelope(frame)};
  if (auto* envelope = std::get_if<Envelope>(&prepared.decoded)) {
    auto route = routes_.find(envelope->module);
    if (route != routes_.end()) prepared.route = &route->second;
  }
  return prepared;
}

std::vector<std::string> Router::dispatch(app::Context& app, app::ConnectionState& connection,
                                          Prepared prepared) const {
  auto& decoded = prepared.decoded;
  if (auto* failure = std::get_if<DecodeFailure>(&decoded)) {
    json::object reply = reply_error(failure->error_code);
    reply["module"] = "error";
    return {serialize(reply)};
  }
  auto& envelope = std::get<Envelope>(decoded);
  json::object reply;
  std::vector<json::object> events;
  bool deferred = false;
  const Route* route = prepared.route;
  if (!route) {
    reply = reply_error(errc::unknown_module);
  } else if (route->access == Access::member && !connection.authenticated()) {
    reply = reply_error(errc::not_authenticated);
  } else {
    try {
      Request request{app, connection,      envelope.payload, app.now(),
                      {},  envelope.module, envelope.rid};
      reply = route->handler(request);
      events = std::move(request.after_reply);
      deferred = request.deferred;
    } catch (const std::exception& e) {
      spdlog::error("module {} failed: {}", envelope.module, e.what());
      reply = reply_error(errc::internal_error);
    }
  }
  std::vector<std::string> frames;
  if (!deferred) {
    if (!reply.contains("module")) reply["module"] = envelope.module;
    if (!envelope.rid.empty()) reply["rid"] = envelope.rid;
    frames.push_back(serialize(reply));
  }
  for (const auto& event : events) frames.push_back(serialize(event));
  return frames;
}

std::string Router::refuse(const Prepared& prepared, std::string_view error_code) const {
  json::object reply = reply_error(error_code);
  if (const auto* envelope = std::get_if<Envelope>(&prepared.decoded)) {
    reply["module"] = envelope->module;
    if (!envelope->rid.empty()) reply["rid"] = envelope->rid;
  } else {
    reply["module"] = "error";
  }
  return serialize(reply);
}

void Responder::send(json::object reply) const {
  if (!connection_) return;
  if (!reply.contains("module")) reply["module"] = module_;
  if (!rid_.empty()) reply["rid"] = rid_;
  connection_->send(std::make_shared<const std::string>(serialize(reply)));
}

}  // namespace kesher::protocol
