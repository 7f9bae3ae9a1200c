// Notes per member and per persona–member pair: console/notes/save and console/notes/delete.
#include "console/audit.hpp"
#include "console/console.hpp"
#include "console/conversation_ref.hpp"
#include "console/views.hpp"
#include "domain/chat.hpp"
#include "domain/console.hpp"
#include "domain/text.hpp"
#include "store/console.hpp"
#include "store/staff.hpp"
#include "store/users.hpp"

namespace kesher::console {

namespace {

using modules::Request;
using protocol::reply_error;
using protocol::reply_ok;
namespace json = boost::json;

json::object save(Request& request) {
  protocol::Fields fields(request.payload);
  auto id = fields.integer("id");
  auto member = fields.integer("member_id");
  auto persona = fields.integer("persona_id");
  auto category = fields.string("category");
  auto raw_text = fields.string("text");
  if (fields.failed()) return fields.error_reply();
  if (!member || *member <= 0) return reply_error(errc::invalid_value, "member_id");
  if (persona && *persona <= 0) return reply_error(errc::invalid_value, "persona_id");
  if (!category || !domain::console::valid_note_category(*category)) {
    return reply_error(errc::invalid_value, "category");
  }
  auto text = domain::chat::check_text(raw_text.value_or(""));
  if (!text.error.empty()) return reply_error(text.error, "text");
  if (domain::utf8_length(text.text) > domain::console::kMaxNoteCharacters) {
    return reply_error(errc::message_too_long, "text");
  }
  int64_t staff_id = request.connection.staff_id;
  json::object reply = reply_error(errc::not_found);
  request.app.db->write([&](store::Session& db) {
    if (!store::users::exists(db, *member) || store::console::is_persona(db, *member)) return;
    std::optional<store::console::Note> existing;
    if (id) {
      existing = store::console::note(db, *id);
      if (!existing || existing->member_id != *member || existing->persona_id != persona) return;
    }
    // A pair's note is written while answering in that conversation.
    std::optional<int64_t> pair_persona = existing ? existing->persona_id : persona;
    if (pair_persona) {
      auto lock = store::console::lock_on(db, *member, *pair_persona, request.now);
      if (!lock || lock->staff_id != staff_id) {
        reply = reply_error(errc::not_locked);
        return;
      }
    }
    int64_t note_id;
    if (existing) {
      note_id = existing->id;
      store::console::update_note(db, note_id, *category, text.text, staff_id, request.now);
    } else {
      note_id = store::console::insert_note(
          db, {0, *member, persona, *category, text.text, staff_id, request.now}, request.now);
    }
    store::staff::audit(db, staff_id, existing ? "note_update" : "note_add", "note",
                        std::to_string(note_id), *category, request.now);
    reply = reply_ok(note_view(*store::console::note(db, note_id)));
  });
  return reply;
}

json::object remove(Request& request) {
  protocol::Fields fields(request.payload);
  auto id = fields.integer("id");
  if (fields.failed()) return fields.error_reply();
  if (!id || *id <= 0) return reply_error(errc::invalid_value, "id");
  int64_t staff_id = request.connection.staff_id;
  json::object reply = reply_error(errc::not_found);
  request.app.db->write([&](store::Session& db) {
    auto note = store::console::note(db, *id);
    if (!note) return;
    if (note->persona_id) {
      auto lock = store::console::lock_on(db, note->member_id, *note->persona_id, request.now);
      if (!lock || lock->staff_id != staff_id) {
        reply = reply_error(errc::not_locked);
        return;
      }
    }
    store::console::delete_note(db, *id);
    store::staff::audit(db, staff_id, "note_delete", "note", std::to_string(*id), note->category,
                        request.now);
    reply = reply_ok(json::object{});
  });
  return reply;
}

}  // namespace

void register_note_modules(modules::Router& router) {
  router.add("console/notes/save", protocol::Access::staff, save);
  router.add("console/notes/delete", protocol::Access::staff, remove);
}

}  // namespace kesher::console
