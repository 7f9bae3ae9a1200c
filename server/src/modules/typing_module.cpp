// typing: a member tells the person they write to that they are typing (docs/protocol.md,
// "Typing"). To a persona it reaches the operator holding the conversation.
#include "console/console.hpp"
#include "modules/events.hpp"
#include "modules/registry.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"
#include "store/console.hpp"
#include "store/social.hpp"
#include "store/users.hpp"

namespace kesher::modules {

namespace {

json::object typing(Request& request) {
  protocol::Fields fields(request.payload);
  auto receiver = fields.integer("receiver_id");
  if (fields.failed()) return fields.error_reply();
  int64_t me = request.connection.user_id;
  if (!receiver || *receiver <= 0) return protocol::reply_error(errc::invalid_value, "receiver_id");
  if (*receiver == me) return protocol::reply_error(errc::not_found, "receiver_id");
  // At most one event per pair every two seconds, however often the client sends.
  std::string key = "typing:" + std::to_string(me) + ":" + std::to_string(*receiver);
  if (!request.app.typing_budget.try_take(key, static_cast<double>(request.now))) {
    return protocol::reply_ok(json::object{});
  }
  bool known = false;
  bool persona = false;
  request.app.db->read([&](store::Session& db) {
    known =
        store::users::exists(db, *receiver) && !store::social::blocked_between(db, me, *receiver);
    persona = known && store::console::is_persona(db, *receiver);
  });
  // A blocked pair hears nothing; the sender is not told either.
  if (!known) return protocol::reply_ok(json::object{});
  if (persona) {
    console::on_member_typing(request.app, me, *receiver);
  } else {
    publish_event(request.app, *receiver,
                  json::object{{"module", "typing"}, {"data", json::object{{"user_id", me}}}});
  }
  return protocol::reply_ok(json::object{});
}

}  // namespace

void register_typing_module(Router& router) {
  router.add("typing", protocol::Access::member, typing);
}

}  // namespace kesher::modules
