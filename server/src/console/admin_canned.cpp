// Canned replies for admins: console/admin/canned/save and console/admin/canned/delete. A canned
// reply is text an operator sends as a persona, so it passes the same honesty rules as every
// operator text (domain::honesty, docs/decisions/0010) before it is stored: a reply that would
// arrange a meeting or pass contact details is refused here, not at the moment it is sent.
#include "console/console.hpp"
#include "domain/chat.hpp"
#include "domain/honesty.hpp"
#include "domain/language.hpp"
#include "domain/text.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"
#include "store/staff.hpp"

namespace kesher::console {

namespace {

using modules::Request;
using protocol::reply_error;
using protocol::reply_ok;
namespace json = boost::json;

constexpr size_t kMaxTitle = 60;
constexpr size_t kMaxText = 1000;

json::object save(Request& request) {
  protocol::Fields fields(request.payload);
  auto id = fields.integer("id");
  auto language = fields.string("language");
  auto raw_title = fields.string("title");
  auto raw_text = fields.string("text");
  if (fields.failed()) return fields.error_reply();
  if (id && *id <= 0) return reply_error(errc::invalid_value, "id");
  if (!language || !domain::parse_language(*language)) {
    return reply_error(errc::invalid_value, "language");
  }
  auto title = domain::clean_text(raw_title.value_or(""), domain::TextKind::line);
  if (!title || title->empty() || domain::utf8_length(*title) > kMaxTitle) {
    return reply_error(errc::invalid_value, "title");
  }
  auto text = domain::chat::check_text(raw_text.value_or(""));
  if (!text.error.empty()) return reply_error(text.error, "text");
  if (domain::utf8_length(text.text) > kMaxText) return reply_error(errc::message_too_long, "text");
  auto verdict = domain::honesty::check_operator_text(text.text);
  if (verdict.breach != domain::honesty::Breach::none) {
    json::object reply = reply_error(domain::honesty::breach_code(verdict.breach));
    reply["data"] = json::object{{"match", verdict.match}};
    return reply;
  }
  int64_t staff_id = request.connection.staff_id;
  json::object reply = reply_error(errc::not_found);
  request.app.db->write([&](store::Session& db) {
    int64_t reply_id;
    std::string detail;
    if (id) {
      auto old =
          db.query_one("SELECT language, title, text FROM canned_replies WHERE id = ?", {*id});
      if (!old) return;
      db.execute("UPDATE canned_replies SET language = ?, title = ?, text = ? WHERE id = ?",
                 {*language, *title, text.text, *id});
      reply_id = *id;
      detail = old->text(0) + " \"" + old->text(1) + "\": " + old->text(2) + " → " + *language +
               " \"" + *title + "\": " + text.text;
    } else {
      db.execute(
          "INSERT INTO canned_replies (language, title, text, position) VALUES (?1, ?2, ?3, "
          "(SELECT COALESCE(MAX(position), 0) + 1 FROM canned_replies WHERE language = ?1))",
          {*language, *title, text.text});
      reply_id = db.last_insert_id();
      detail = *language + " \"" + *title + "\": " + text.text;
    }
    store::staff::audit(db, staff_id, id ? "canned_update" : "canned_add", "canned_reply",
                        std::to_string(reply_id), detail, request.now);
    reply = reply_ok(json::object{
        {"id", reply_id}, {"language", *language}, {"title", *title}, {"text", text.text}});
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
    auto old = db.query_one("SELECT language, title, text FROM canned_replies WHERE id = ?", {*id});
    if (!old) return;
    db.execute("DELETE FROM canned_replies WHERE id = ?", {*id});
    store::staff::audit(db, staff_id, "canned_delete", "canned_reply", std::to_string(*id),
                        old->text(0) + " \"" + old->text(1) + "\": " + old->text(2), request.now);
    reply = reply_ok(json::object{});
  });
  return reply;
}

}  // namespace

void register_admin_canned_modules(modules::Router& router) {
  router.add("console/admin/canned/save", protocol::Access::admin, save);
  router.add("console/admin/canned/delete", protocol::Access::admin, remove);
}

}  // namespace kesher::console
