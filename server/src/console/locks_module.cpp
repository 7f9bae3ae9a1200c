// The queue and the locks: console/me, console/queue, console/claim, console/renew,
// console/release and console/break_lock (docs/protocol.md "The staff console").
#include "console/audit.hpp"
#include "console/console.hpp"
#include "console/conversation_ref.hpp"
#include "console/events.hpp"
#include "console/views.hpp"
#include "domain/console.hpp"
#include "store/console.hpp"
#include "store/staff.hpp"

namespace kesher::console {

namespace {

using modules::Request;
using protocol::reply_error;
using protocol::reply_ok;
namespace json = boost::json;

constexpr int64_t kQueueLimit = 200;

json::array locks_view(const std::vector<store::console::Lock>& locks) {
  json::array list;
  for (const auto& lock : locks) list.push_back(lock_view(lock));
  return list;
}

json::object me(Request& request) {
  int64_t staff_id = request.connection.staff_id;
  json::object data;
  request.app.db->read([&](store::Session& db) {
    auto staff = store::staff::find_by_id(db, staff_id);
    if (staff) data["staff"] = staff_view(*staff);
    data["locks"] = locks_view(store::console::locks_of(db, staff_id, request.now));
  });
  data["max_locks"] = request.app.config.console_max_locks;
  data["lease_seconds"] = request.app.config.console_lease_seconds;
  return reply_ok(std::move(data));
}

json::object queue(Request& request) {
  protocol::Fields fields(request.payload);
  auto language = fields.string("language").value_or("");
  if (fields.failed()) return fields.error_reply();
  if (!domain::console::valid_language_filter(language)) {
    return reply_error(errc::invalid_value, "language");
  }
  json::array items;
  request.app.db->read([&](store::Session& db) {
    for (const auto& row : store::console::queue(db, language, kQueueLimit)) {
      items.push_back(queue_item_view(request.app, db, row, staff_language(request), request.now));
    }
  });
  return reply_ok(std::move(items));
}

json::object claim(Request& request) {
  auto ref = read_conversation(request.payload);
  if (auto* error = std::get_if<json::object>(&ref)) return std::move(*error);
  const int64_t member = std::get<ConversationRef>(ref).member_id;
  const int64_t persona = std::get<ConversationRef>(ref).persona_id;
  int64_t staff_id = request.connection.staff_id;
  auto& config = request.app.config;
  store::console::ClaimResult result;
  request.app.db->write([&](store::Session& db) {
    result = store::console::claim(db, member, persona, staff_id, request.now,
                                   config.console_lease_seconds, config.console_max_locks);
    if (result.status == store::console::ClaimStatus::claimed) {
      store::staff::audit(db, staff_id, "claim", "conversation", conversation_id(member, persona),
                          "", request.now);
    }
  });
  switch (result.status) {
    case store::console::ClaimStatus::not_found:
      return reply_error(errc::not_found);
    case store::console::ClaimStatus::locked: {
      json::object reply = reply_error(errc::locked);
      reply["data"] = json::object{{"lock", lock_view(result.lock)}};
      return reply;
    }
    case store::console::ClaimStatus::too_many_locks: {
      json::object reply = reply_error(errc::too_many_locks);
      reply["data"] = json::object{{"max_locks", config.console_max_locks}};
      return reply;
    }
    case store::console::ClaimStatus::claimed:
      break;
  }
  sync_persona_presence(request.app);
  announce_queue_item(request.app, member, persona);
  return reply_ok(lock_view(result.lock));
}

json::object renew(Request& request) {
  std::vector<store::console::Lock> locks;
  int64_t staff_id = request.connection.staff_id;
  request.app.db->write([&](store::Session& db) {
    locks =
        store::console::renew(db, staff_id, request.now, request.app.config.console_lease_seconds);
  });
  return reply_ok(locks_view(locks));
}

json::object release(Request& request) {
  auto ref = read_conversation(request.payload);
  if (auto* error = std::get_if<json::object>(&ref)) return std::move(*error);
  const int64_t member = std::get<ConversationRef>(ref).member_id;
  const int64_t persona = std::get<ConversationRef>(ref).persona_id;
  int64_t staff_id = request.connection.staff_id;
  bool released = false;
  request.app.db->write([&](store::Session& db) {
    released = store::console::release(db, member, persona, staff_id);
    if (released) {
      store::staff::audit(db, staff_id, "release", "conversation", conversation_id(member, persona),
                          "", request.now);
    }
  });
  if (!released) return reply_error(errc::not_locked);
  sync_persona_presence(request.app);
  announce_queue_item(request.app, member, persona);
  return reply_ok(json::object{});
}

json::object break_lock(Request& request) {
  auto ref = read_conversation(request.payload);
  if (auto* error = std::get_if<json::object>(&ref)) return std::move(*error);
  const int64_t member = std::get<ConversationRef>(ref).member_id;
  const int64_t persona = std::get<ConversationRef>(ref).persona_id;
  int64_t staff_id = request.connection.staff_id;
  std::optional<store::console::Lock> broken;
  request.app.db->write([&](store::Session& db) {
    broken = store::console::break_lock(db, member, persona, request.now);
    if (broken) {
      store::staff::audit(db, staff_id, "break_lock", "conversation",
                          conversation_id(member, persona),
                          "held by staff " + std::to_string(broken->staff_id), request.now);
    }
  });
  if (!broken) return reply_error(errc::not_locked);
  announce_lock_lost(request.app, *broken, "broken");
  sync_persona_presence(request.app);
  announce_queue_item(request.app, member, persona);
  return reply_ok(json::object{});
}

json::object ping(Request&) {
  return json::object{{"module", "pong"}};
}

}  // namespace

void register_lock_modules(modules::Router& router) {
  using protocol::Access;
  router.add("ping", Access::staff, ping, protocol::Runs::on_network);
  router.add("console/me", Access::staff, me);
  router.add("console/queue", Access::staff, queue);
  router.add("console/claim", Access::staff, claim);
  router.add("console/renew", Access::staff, renew);
  router.add("console/release", Access::staff, release);
  router.add("console/break_lock", Access::admin, break_lock);
}

}  // namespace kesher::console
