// Console events, the hooks the member side calls, lease expiry and persona presence.
#include "console/events.hpp"

#include <map>

#include "console/audit.hpp"
#include "console/console.hpp"
#include "console/views.hpp"
#include "modules/events.hpp"
#include "protocol/envelope.hpp"
#include "store/console.hpp"

namespace kesher::console {

namespace json = boost::json;

void publish_to_staff(app::Context& app, int64_t staff_id, const json::object& event) {
  if (!app.console_hub.reachable(staff_id)) return;
  app.console_hub.publish(staff_id,
                          std::make_shared<const std::string>(protocol::serialize(event)));
}

void publish_to_console(app::Context& app, const json::object& event) {
  auto staff = app.console_hub.online_users();
  if (staff.empty()) return;
  auto frame = std::make_shared<const std::string>(protocol::serialize(event));
  for (int64_t id : staff) app.console_hub.publish(id, frame);
}

void announce_queue_item(app::Context& app, int64_t member_id, int64_t persona_id) {
  if (app.console_hub.online_users().empty()) return;
  int64_t now = app.now();
  json::object event;
  app.db->read([&](store::Session& db) {
    auto row = store::console::queue_item(db, member_id, persona_id);
    if (!row) {
      event = json::object{
          {"module", "console/queue/remove"},
          {"data", json::object{{"member_id", member_id}, {"persona_id", persona_id}}}};
      return;
    }
    event = json::object{{"module", "console/queue/upsert"},
                         {"data", queue_item_view(app, db, *row, domain::Language::en, now)}};
  });
  publish_to_console(app, event);
}

void announce_lock_lost(app::Context& app, const store::console::Lock& lock,
                        std::string_view reason) {
  publish_to_staff(app, lock.staff_id,
                   json::object{{"module", "console/lock_lost"},
                                {"data", json::object{{"member_id", lock.member_id},
                                                      {"persona_id", lock.persona_id},
                                                      {"reason", reason}}}});
}

void on_member_message(app::Context& app, const store::chat::MessageRow& message) {
  announce_queue_item(app, message.sender_id, message.receiver_id);
  int64_t now = app.now();
  std::optional<store::console::Lock> lock;
  std::map<int64_t, std::string> operators;
  const store::chat::Gift* gift = nullptr;
  json::object view;
  app.db->read([&](store::Session& db) {
    lock = store::console::lock_on(db, message.sender_id, message.receiver_id, now);
    if (!lock) return;
    modules::GiftBook gifts(db);
    gift = gifts.find(message.gift_id);
    view = console_message_view(app, message, message.receiver_id, gift, lock->staff_id, operators,
                                domain::Language::en, now);
  });
  if (!lock) return;
  publish_to_staff(app, lock->staff_id,
                   json::object{{"module", "console/message"},
                                {"data", json::object{{"member_id", message.sender_id},
                                                      {"persona_id", message.receiver_id},
                                                      {"message", std::move(view)}}}});
}

void on_member_typing(app::Context& app, int64_t member_id, int64_t persona_id) {
  std::optional<store::console::Lock> lock;
  int64_t now = app.now();
  app.db->read(
      [&](store::Session& db) { lock = store::console::lock_on(db, member_id, persona_id, now); });
  if (!lock) return;
  publish_to_staff(
      app, lock->staff_id,
      json::object{{"module", "console/typing"},
                   {"data", json::object{{"member_id", member_id}, {"persona_id", persona_id}}}});
}

void sync_persona_presence(app::Context& app) {
  std::vector<int64_t> held;
  int64_t now = app.now();
  app.db->read([&](store::Session& db) { held = store::console::locked_personas(db, now); });
  app.hub.set_held(held);
}

void on_member_erased(app::Context& app, int64_t member_id,
                      const std::vector<store::console::Lock>& locks,
                      const std::vector<int64_t>& queued_personas) {
  for (const auto& lock : locks) announce_lock_lost(app, lock, "broken");
  if (!locks.empty()) sync_persona_presence(app);
  for (int64_t persona : queued_personas) announce_queue_item(app, member_id, persona);
}

void expire_leases(app::Context& app) {
  std::vector<store::console::Lock> expired;
  int64_t now = app.now();
  bool any = false;
  // A write every second would cost a commit each time: only when something has lapsed.
  app.db->read([&](store::Session& db) { any = store::console::any_expired(db, now); });
  if (any) {
    app.db->write([&](store::Session& db) {
      expired = store::console::expire(db, now);
      for (const auto& lock : expired) {
        store::staff::audit(db, lock.staff_id, "lock_expired", "conversation",
                            conversation_id(lock.member_id, lock.persona_id), "", now);
      }
    });
  }
  for (const auto& lock : expired) {
    announce_lock_lost(app, lock, "expired");
    announce_queue_item(app, lock.member_id, lock.persona_id);
  }
  // Also after a restart, or a lock taken by another node's console: presence follows the table.
  sync_persona_presence(app);
}

}  // namespace kesher::console
