// Answering as the persona: console/conversation, console/send, console/typing, console/gifts and
// console/canned (docs/protocol.md "The staff console"). Sends take the members' own path
// (modules/chat_send.hpp); the honesty rules are the server's (docs/decisions/0010).
#include <spdlog/spdlog.h>

#include "console/audit.hpp"
#include "console/console.hpp"
#include "console/conversation_ref.hpp"
#include "console/events.hpp"
#include "console/views.hpp"
#include "domain/chat.hpp"
#include "domain/console.hpp"
#include "domain/honesty.hpp"
#include "modules/chat_send.hpp"
#include "modules/events.hpp"
#include "modules/paging.hpp"
#include "store/console.hpp"
#include "store/social.hpp"
#include "store/staff.hpp"
#include "store/users.hpp"

namespace kesher::console {

namespace {

using modules::Request;
using protocol::reply_error;
using protocol::reply_ok;
using store::chat::SendOutcome;
using store::chat::SendStatus;
namespace json = boost::json;

constexpr int64_t kMessagesPage = 30;
constexpr int64_t kMaxMessagesPage = 100;

// Whether the caller may act in the conversation: they hold its lock.
bool holds(store::Session& db, const Request& request, int64_t member, int64_t persona) {
  auto lock = store::console::lock_on(db, member, persona, request.now);
  return lock && lock->staff_id == request.connection.staff_id;
}

std::map<int64_t, std::string> operator_emails(store::Session& db,
                                               const std::vector<store::chat::MessageRow>& page) {
  std::map<int64_t, std::string> emails;
  for (const auto& m : page) {
    if (!m.operator_id || emails.contains(*m.operator_id)) continue;
    auto staff = store::staff::find_by_id(db, *m.operator_id);
    emails[*m.operator_id] = staff ? staff->email : std::string();
  }
  return emails;
}

json::object conversation(Request& request) {
  auto ref = read_conversation(request.payload);
  if (auto* error = std::get_if<json::object>(&ref)) return std::move(*error);
  const int64_t member = std::get<ConversationRef>(ref).member_id;
  const int64_t persona = std::get<ConversationRef>(ref).persona_id;
  protocol::Fields fields(request.payload);
  auto before = fields.integer("before_id");
  auto page = modules::read_page(fields, kMessagesPage, kMaxMessagesPage);
  if (auto* error = std::get_if<json::object>(&page)) return std::move(*error);
  if (before && *before <= 0) return reply_error(errc::invalid_value, "before_id");
  int64_t take = std::get<modules::Page>(page).take;
  json::object reply = reply_error(errc::not_locked);
  domain::Language language = staff_language(request);
  request.app.db->read([&](store::Session& db) {
    if (!store::console::is_persona(db, persona) || store::console::is_persona(db, member) ||
        !store::users::exists(db, member)) {
      reply = reply_error(errc::not_found);
      return;
    }
    // An admin may read any conversation; an operator only the ones they hold.
    if (!is_admin(request) && !holds(db, request, member, persona)) return;
    auto messages = store::chat::page(db, persona, member, before, 0, take);
    auto emails = operator_emails(db, messages);
    modules::GiftBook gifts(db);
    json::array list;
    for (const auto& m : messages) {
      list.push_back(console_message_view(request.app, m, persona, gifts.find(m.gift_id),
                                          request.connection.staff_id, emails, language,
                                          request.now));
    }
    json::array notes;
    for (const auto& note : store::console::notes(db, member, persona)) {
      notes.push_back(note_view(note));
    }
    reply = reply_ok(json::object{
        {"member", profile_card(request.app, db, member, language, request.now, true)},
        {"persona", profile_card(request.app, db, persona, language, request.now, true)},
        {"messages", std::move(list)},
        {"notes", std::move(notes)},
    });
  });
  return reply;
}

// The refusal of a text that would arrange a real meeting or pass contact details.
std::optional<json::object> honesty_refusal(const store::chat::SendRequest& send) {
  if (send.kind != domain::chat::MessageKind::text) return std::nullopt;
  auto verdict = domain::honesty::check_operator_text(send.text);
  if (verdict.breach == domain::honesty::Breach::none) return std::nullopt;
  json::object reply = reply_error(domain::honesty::breach_code(verdict.breach));
  reply["data"] = json::object{{"match", verdict.match}};
  return reply;
}

json::object send(Request& request) {
  auto ref = read_conversation(request.payload);
  if (auto* error = std::get_if<json::object>(&ref)) return std::move(*error);
  const int64_t member = std::get<ConversationRef>(ref).member_id;
  const int64_t persona = std::get<ConversationRef>(ref).persona_id;
  // The members' decoder, with the persona as the sender and the member as the receiver.
  json::object payload = request.payload;
  payload.erase("sender_id");
  payload["receiver_id"] = member;
  auto parsed = modules::read_send_request(payload, persona);
  if (auto* error = std::get_if<json::object>(&parsed)) return std::move(*error);
  auto& message = std::get<store::chat::SendRequest>(parsed);
  int64_t staff_id = request.connection.staff_id;
  message.operator_id = staff_id;

  bool locked = false;
  request.app.db->read([&](store::Session& db) { locked = holds(db, request, member, persona); });
  if (!locked) return reply_error(errc::not_locked);
  if (auto refusal = honesty_refusal(message)) {
    audit(request.app, staff_id, "send_refused", "conversation", conversation_id(member, persona),
          std::string((*refusal)["error_code"].as_string()));
    return std::move(*refusal);
  }
  if (request.app.db->pending_writes() >= request.app.config.max_queued_sends) {
    return reply_error(errc::server_busy);
  }
  domain::Language language = staff_language(request);
  modules::SendOrigin origin{&request.app, nullptr, language, request.defer()};
  app::Context* app = &request.app;
  modules::submit_send(
      request.app, std::move(message), request.now,
      [origin, app, staff_id, member, persona, language](const SendOutcome& outcome,
                                                         std::exception_ptr error) {
        if (error) {
          try {
            std::rethrow_exception(error);
          } catch (const std::exception& e) {
            spdlog::error("console/send failed: {}", e.what());
          }
          origin.responder.send(reply_error(errc::internal_error));
          return;
        }
        if (outcome.status != SendStatus::sent && outcome.status != SendStatus::replayed) {
          origin.responder.send(modules::send_reply(*app, outcome, language));
          return;
        }
        const auto& m = outcome.message;
        if (outcome.status == SendStatus::sent) {
          modules::announce_message(origin, outcome);
          audit(*app, staff_id, "send", "message", std::to_string(m.id),
                conversation_id(member, persona) + " " + m.type);
          announce_queue_item(*app, member, persona);
        }
        std::map<int64_t, std::string> emails;
        json::object view;
        app->db->read([&](store::Session& db) {
          emails = operator_emails(db, {m});
          view = console_message_view(*app, m, persona, outcome.gift ? &*outcome.gift : nullptr,
                                      staff_id, emails, language, app->now());
        });
        json::object reply = reply_ok(std::move(view));
        reply["request_details"] =
            json::object{{"replayed", outcome.status == SendStatus::replayed ? 1 : 0},
                         {"waited", outcome.waited ? json::value(*outcome.waited) : nullptr}};
        origin.responder.send(std::move(reply));
      });
  return {};
}

json::object typing(Request& request) {
  auto ref = read_conversation(request.payload);
  if (auto* error = std::get_if<json::object>(&ref)) return std::move(*error);
  const int64_t member = std::get<ConversationRef>(ref).member_id;
  const int64_t persona = std::get<ConversationRef>(ref).persona_id;
  bool allowed = false;
  request.app.db->read([&](store::Session& db) {
    allowed =
        holds(db, request, member, persona) && !store::social::blocked_between(db, member, persona);
  });
  if (!allowed) return reply_error(errc::not_locked);
  std::string key = "typing:" + std::to_string(persona) + ":" + std::to_string(member);
  if (request.app.typing_budget.try_take(key, static_cast<double>(request.now))) {
    modules::publish_event(
        request.app, member,
        json::object{{"module", "typing"}, {"data", json::object{{"user_id", persona}}}});
  }
  return reply_ok(json::object{});
}

json::object canned(Request& request) {
  protocol::Fields fields(request.payload);
  auto language = fields.string("language").value_or("");
  if (fields.failed()) return fields.error_reply();
  if (!domain::console::valid_language_filter(language)) {
    return reply_error(errc::invalid_value, "language");
  }
  json::array list;
  request.app.db->read([&](store::Session& db) {
    for (const auto& reply : store::console::canned_replies(db, language)) {
      list.push_back(json::object{{"id", reply.id},
                                  {"language", reply.language},
                                  {"title", reply.title},
                                  {"text", reply.text}});
    }
  });
  return reply_ok(std::move(list));
}

}  // namespace

void register_conversation_modules(modules::Router& router) {
  using protocol::Access;
  router.add("console/conversation", Access::staff, conversation);
  router.add("console/send", Access::staff, send);
  router.add("console/typing", Access::staff, typing);
  router.add("console/gifts", Access::staff, modules::gift_catalogue);
  router.add("console/canned", Access::staff, canned);
}

}  // namespace kesher::console
