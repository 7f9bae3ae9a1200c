#pragma once
#include <boost/json/object.hpp>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "app/context.hpp"
#include "domain/language.hpp"
#include "modules/chat_send.hpp"
#include "store/console.hpp"
#include "store/staff.hpp"

// How the console shows staff, locks, queue items, people and messages (docs/protocol.md).
namespace kesher::console {

namespace json = boost::json;

json::object staff_view(const store::staff::StaffRecord& staff);
json::object lock_view(const store::console::Lock& lock);
json::object note_view(const store::console::Note& note);
json::object audit_entry_view(const store::staff::AuditEntry& entry);

// A member or persona as the console shows them; `full` adds the bio and every photo.
json::object profile_card(const app::Context& app, store::Session& db, int64_t user_id,
                          domain::Language language, int64_t now, bool full);

json::object queue_item_view(const app::Context& app, store::Session& db,
                             const store::console::QueueRow& row, domain::Language language,
                             int64_t now);

// An upload's link that only this staff member can open, at /console/media/u/{name}.jpg.
std::string staff_link(const app::Context& app, const std::string& name, int64_t staff_id,
                       int64_t expires_at);
// The id a staff member has as a link's viewer. Staff and member ids may coincide; the links do
// not, because the signature covers the path, and only /console/media/… reads the staff cookie.
inline int64_t staff_viewer(int64_t staff_id) {
  return staff_id;
}

// A message seen from the persona's side, with its operator for staff eyes and picture links the
// staff member can open. `operators` maps staff ids to emails.
json::object console_message_view(const app::Context& app, const store::chat::MessageRow& m,
                                  int64_t persona_id, const store::chat::Gift* gift,
                                  int64_t staff_id, const std::map<int64_t, std::string>& operators,
                                  domain::Language language, int64_t now);

}  // namespace kesher::console
