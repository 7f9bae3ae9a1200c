// Contacts, messages, read state, sending (text and gifts, paid from the ledger), the gift
// catalogue and archiving: docs/protocol.md "Chat and credits".
#include <spdlog/spdlog.h>

#include <map>

#include "console/console.hpp"
#include "domain/chat.hpp"
#include "domain/language.hpp"
#include "domain/media_links.hpp"
#include "modules/chat_send.hpp"
#include "modules/events.hpp"
#include "modules/paging.hpp"
#include "modules/push_notify.hpp"
#include "modules/registry.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"
#include "store/chat.hpp"
#include "store/social.hpp"
#include "store/users.hpp"

namespace kesher::modules {

namespace {

using protocol::Fields;
using protocol::reply_error;
using protocol::reply_ok;
using store::chat::ContactRow;
using store::chat::Gift;
using store::chat::MessageRow;
using store::chat::SendOutcome;
using store::chat::SendRequest;
using store::chat::SendStatus;
namespace chat = domain::chat;

domain::Language language_of(const Request& request) {
  return domain::parse_language(request.connection.language).value_or(domain::Language::he);
}

json::value text_or_null(const std::string& text) {
  return text.empty() ? json::value(nullptr) : json::value(text);
}

// A picture in a conversation: a link only `viewer` can open, until an hour after sending
// (docs/protocol.md, "Image messages"); null once that has passed.
json::value picture_link(const app::Context& app, const std::string& media_name, int64_t viewer,
                         int64_t expires_at, int64_t now) {
  if (media_name.empty() || now >= expires_at) return nullptr;
  return json::value(
      domain::signed_link(app.media_link_key, domain::upload_path(media_name), viewer, expires_at));
}

}  // namespace

json::object message_view(const app::Context& app, const MessageRow& m, int64_t viewer,
                          const Gift* gift, domain::Language language, int64_t now) {
  bool mine = m.sender_id == viewer;
  json::object view;
  view["id"] = m.id;
  view["client_id"] = mine ? text_or_null(m.client_id) : json::value(nullptr);
  view["type"] = m.type;
  view["message"] = m.body;
  int64_t expires_at = domain::chat_picture_expiry(m.created_at, app.config.chat_image_ttl_seconds);
  if (m.media_id) {
    view["message"] = picture_link(app, m.media_name, viewer, expires_at, now);
    view["thumb"] = picture_link(app, m.thumb_name, viewer, expires_at, now);
  }
  if (m.media_id || m.story_id) {
    view["expires_at"] = expires_at;
    view["expired"] = now >= expires_at ? 1 : 0;
  }
  view["sender_id"] = m.sender_id;
  view["receiver_id"] = m.receiver_id;
  view["timestamp"] = m.created_at;
  view["seen"] = m.seen ? 1 : 0;
  view["isMe"] = mine ? 1 : 0;
  view["story"] = nullptr;
  view["story_id"] = m.story_id ? json::value(*m.story_id) : json::value(nullptr);
  if (m.story_id && !m.story_url.empty() && now < expires_at) {
    view["story"] = m.story_url;  // a persona's picture is public
  } else if (m.story_id) {
    view["story"] = picture_link(app, m.story_media_name, viewer, expires_at, now);
  }
  view["body"] = nullptr;
  view["avatar"] = nullptr;
  view["gift"] = gift ? json::value(json::object{{"id", gift->id},
                                                 {"icon", gift->icon},
                                                 {"gift", gift->name(language)},
                                                 {"price", gift->price}})
                      : json::value(nullptr);
  view["price"] = m.price;
  return view;
}

namespace {

json::object contact_view(const app::Context& app, const ContactRow& contact,
                          int64_t total_unread) {
  json::object view;
  view["id"] = contact.id;
  view["name"] = contact.name;
  view["photo"] = text_or_null(contact.photo);
  const MessageRow* last = contact.last ? &*contact.last : nullptr;
  // A picture's link is made per reader and expires; the preview only needs the type.
  view["last_m"] = last && !last->media_id ? last->body : std::string();
  view["last_type"] = last ? json::value(last->type) : json::value(nullptr);
  view["last_m_is_photo"] = last && (last->type == "image" || last->type == "pphoto") ? 1 : 0;
  view["gift"] = last && last->type == "gift" ? 1 : 0;
  view["s_id"] = last ? last->sender_id : 0;
  view["time"] = last ? last->created_at : 0;
  view["unread"] = contact.unread;
  view["total_unread"] = total_unread;
  view["vip"] = contact.premium ? 1 : 0;
  view["status"] = app.hub.online(contact.id) ? 1 : 0;
  view["virtual"] = contact.persona ? 1 : 0;
  view["archived"] = contact.archived ? 1 : 0;
  view["deleted"] = contact.erased ? 1 : 0;
  return view;
}

}  // namespace

// ---- send_message ----

std::variant<SendRequest, json::object> read_send_request(const json::object& payload,
                                                          int64_t sender_id) {
  Fields fields(payload);
  auto client_id = fields.string("client_id");
  auto sender = fields.integer("sender_id");
  auto receiver = fields.integer("receiver_id");
  auto type = fields.string("message_type");
  auto text = fields.string("message_text");
  auto gift_id = fields.integer("gift_id");
  auto photo_id = fields.integer("photo_id");
  auto story_id = fields.integer("story_id");
  if (fields.failed()) return fields.error_reply();
  SendRequest send;
  send.sender_id = sender_id;
  if (sender && *sender != send.sender_id) return reply_error(errc::sender_mismatch, "sender_id");
  if (!receiver || *receiver <= 0) return reply_error(errc::invalid_value, "receiver_id");
  if (*receiver == send.sender_id) return reply_error(errc::not_found, "receiver_id");
  send.receiver_id = *receiver;
  if (client_id) {
    if (!chat::valid_client_id(*client_id)) return reply_error(errc::invalid_value, "client_id");
    send.client_id = *client_id;
  }
  auto kind = chat::parse_kind(type.value_or("text"));
  if (!kind) return reply_error(errc::invalid_value, "message_type");
  send.kind = *kind;
  if (story_id) {
    // A story reply is a text (spec §4): it must say something.
    if (*story_id <= 0 || send.kind != chat::MessageKind::text) {
      return reply_error(errc::invalid_value, "story_id");
    }
    send.story_id = *story_id;
  }
  if (send.kind == chat::MessageKind::gift) {
    if (!gift_id || *gift_id <= 0) return reply_error(errc::invalid_value, "gift_id");
    send.gift_id = *gift_id;
  } else if (send.kind == chat::MessageKind::image) {
    auto name = domain::upload_name_from_link(text.value_or(""));
    if (!name) return reply_error(errc::invalid_value, "message_text");
    send.media_name = std::move(*name);
  } else if (send.kind == chat::MessageKind::pphoto) {
    if (!photo_id || *photo_id <= 0) return reply_error(errc::invalid_value, "photo_id");
    send.photo_id = *photo_id;
  } else {
    auto check = chat::check_text(text.value_or(""));
    if (!check.error.empty()) return reply_error(check.error, "message_text");
    send.text = std::move(check.text);
  }
  return send;
}

void announce_message(const SendOrigin& origin, const SendOutcome& outcome) {
  app::Context& app = *origin.app;
  const MessageRow& m = outcome.message;
  const Gift* gift = outcome.gift ? &*outcome.gift : nullptr;
  if (app.hub.reachable(m.receiver_id)) {
    // Only a gift has a name to translate: the receiver's own language names it.
    domain::Language language = domain::Language::he;
    if (gift) {
      app.db->read([&](store::Session& db) {
        if (auto code = store::users::language_of(db, m.receiver_id)) {
          language = domain::parse_language(*code).value_or(domain::Language::he);
        }
      });
    }
    publish_event(app, m.receiver_id,
                  json::object{{"module", "new_message"},
                               {"request_details",
                                message_view(app, m, m.receiver_id, gift, language, app.now())}});
  } else if (!outcome.to_persona) {
    // Never the text: the lock screen shows only "You have a new message" (issue 13). A persona
    // has no browser: its operators hear through the console.
    notify_offline(app, m.receiver_id, {domain::push::Kind::message, m.sender_id});
  }
  const bus::Connection* self = origin.socket.get();
  if (app.hub.reachable(m.sender_id, /*besides=*/1)) {
    publish_event(app, m.sender_id,
                  json::object{{"module", "new_message"},
                               {"request_details", message_view(app, m, m.sender_id, gift,
                                                                origin.language, app.now())}},
                  self);
    publish_event(
        app, m.sender_id,
        json::object{{"module", "credits"}, {"data", json::object{{"credits", outcome.balance}}}},
        self);
  }
}

json::object send_reply(const app::Context& app, const SendOutcome& outcome,
                        domain::Language language) {
  switch (outcome.status) {
    case SendStatus::sent:
    case SendStatus::replayed:
      break;
    case SendStatus::unknown_receiver:
      return reply_error(errc::not_found, "receiver_id");
    case SendStatus::unknown_gift:
      return reply_error(errc::invalid_value, "gift_id");
    case SendStatus::unknown_media:
      return reply_error(errc::invalid_value, "message_text");
    case SendStatus::unknown_photo:
      return reply_error(errc::invalid_value, "photo_id");
    case SendStatus::unknown_story:
      return reply_error(errc::not_found, "story_id");
    case SendStatus::premium_required:
      return reply_error(errc::premium_required, "story_id");
    case SendStatus::not_enough_credits: {
      json::object reply = reply_error(errc::not_enough_credits);
      reply["request_details"] =
          json::object{{"credits", outcome.balance}, {"required", outcome.required}};
      return reply;
    }
  }
  const MessageRow& m = outcome.message;
  const Gift* gift = outcome.gift ? &*outcome.gift : nullptr;
  json::object view = message_view(app, m, m.sender_id, gift, language, app.now());
  json::value shown = view["message"];  // a picture's link for the sender
  json::object reply = reply_ok(std::move(view));
  reply["request_details"] =
      json::object{{"credits_spent", m.price},
                   {"credits", outcome.balance},
                   {"receiver_id", m.receiver_id},
                   {"sender_id", m.sender_id},
                   {"type", m.type},
                   {"message", shown},
                   {"id", m.id},
                   {"timestamp", m.created_at},
                   {"client_id", text_or_null(m.client_id)},
                   {"replayed", outcome.status == SendStatus::replayed ? 1 : 0}};
  return reply;
}

namespace {

// A send whose credits another node's send took first (store::chat::CreditsTakenMeanwhile) was
// rolled back whole: it is refused like any send without the credits, not an internal error.
std::exception_ptr refusal_of(std::exception_ptr error, SendOutcome& outcome) {
  try {
    std::rethrow_exception(error);
  } catch (const store::chat::CreditsTakenMeanwhile& taken) {
    outcome = SendOutcome{.status = SendStatus::not_enough_credits,
                          .balance = taken.balance,
                          .required = taken.required};
    return nullptr;
  } catch (...) {
    return error;
  }
}

}  // namespace

void submit_send(app::Context& app, SendRequest send, int64_t now, SendFinish finish) {
  auto request = std::make_shared<const SendRequest>(std::move(send));
  auto outcome = std::make_shared<SendOutcome>();
  auto done = std::make_shared<SendFinish>(std::move(finish));
  app.db->write_async([request, outcome, now](
                          store::Session& db) { *outcome = store::chat::send(db, *request, now); },
                      [&app, outcome, done](std::exception_ptr error) {
                        if (error) error = refusal_of(error, *outcome);
                        // Serializing and publishing happen on a worker, not on the database's
                        // thread.
                        app.workers.post([outcome, done, error] { (*done)(*outcome, error); });
                      });
}

namespace {

void finish_send(const SendOrigin& origin, const SendOutcome& outcome, std::exception_ptr error) {
  if (error) {
    try {
      std::rethrow_exception(error);
    } catch (const std::exception& e) {
      spdlog::error("send_message failed: {}", e.what());
    }
    origin.responder.send(reply_error(errc::internal_error));
    return;
  }
  if (outcome.status == SendStatus::sent) {
    announce_message(origin, outcome);
    if (outcome.to_persona) console::on_member_message(*origin.app, outcome.message);
  }
  origin.responder.send(send_reply(*origin.app, outcome, origin.language));
}

// The send joins the next group commit without holding a worker thread while it waits; the
// reply and the events go out once the message and its debit are durable (brief §5).
json::object send_message(Request& request) {
  auto parsed = read_send_request(request.payload, request.connection.user_id);
  if (auto* error = std::get_if<json::object>(&parsed)) return std::move(*error);
  // Past this, the backlog only grows memory and latency: say so and let the client retry.
  if (request.app.db->pending_writes() >= request.app.config.max_queued_sends) {
    return reply_error(errc::server_busy);
  }
  SendOrigin origin{&request.app, request.connection.connection, language_of(request),
                    request.defer()};
  submit_send(request.app, std::move(std::get<SendRequest>(parsed)), request.now,
              [origin](const SendOutcome& outcome, std::exception_ptr error) {
                finish_send(origin, outcome, error);
              });
  return {};
}

// ---- reading ----

json::object contacts(Request& request) {
  Fields fields(request.payload);
  auto archived = fields.integer("archived").value_or(0);
  auto page = read_page(fields, chat::kContactsPage, chat::kContactsPage);
  if (auto* error = std::get_if<json::object>(&page)) return std::move(*error);
  if (archived != 0 && archived != 1) return reply_error(errc::invalid_value, "archived");
  const Page& slice = std::get<Page>(page);
  int64_t me = request.connection.user_id;
  json::array data;
  request.app.db->read([&](store::Session& db) {
    int64_t total = store::chat::unread_total(db, me);
    for (const auto& contact :
         store::chat::contacts(db, me, archived == 1, slice.offset, slice.take)) {
      data.push_back(contact_view(request.app, contact, total));
    }
  });
  return reply_ok(std::move(data));
}

json::object unread(Request& request) {
  int64_t total = 0;
  request.app.db->read([&](store::Session& db) {
    total = store::chat::unread_total(db, request.connection.user_id);
  });
  return reply_ok(json::array{json::object{{"total", total}}});
}

json::object contact_by_id(Request& request) {
  Fields fields(request.payload);
  auto other = fields.integer("contact_id");
  if (fields.failed()) return fields.error_reply();
  if (!other) return reply_error(errc::invalid_value, "contact_id");
  int64_t me = request.connection.user_id;
  json::object reply = reply_error(errc::not_found);
  request.app.db->read([&](store::Session& db) {
    auto contact = store::chat::contact(db, me, *other);
    if (contact)
      reply = reply_ok(contact_view(request.app, *contact, store::chat::unread_total(db, me)));
  });
  return reply;
}

json::object messages(Request& request) {
  Fields fields(request.payload);
  auto other = fields.integer("contact_user_id");
  auto before = fields.integer("before_id");
  auto page = read_page(fields, chat::kMessagesPage, chat::kMessagesPage);
  if (auto* error = std::get_if<json::object>(&page)) return std::move(*error);
  if (!other) return reply_error(errc::invalid_value, "contact_user_id");
  if (before && *before <= 0) return reply_error(errc::invalid_value, "before_id");
  const Page& slice = std::get<Page>(page);
  int64_t me = request.connection.user_id;
  json::object reply = reply_error(errc::not_found);
  request.app.db->read([&](store::Session& db) {
    // An erased member's messages stay readable to those they wrote to.
    if (*other == me || !store::users::existed(db, *other) ||
        store::social::blocked_between(db, me, *other)) {
      return;
    }
    GiftBook gifts(db);
    json::array data;
    for (const auto& m : store::chat::page(db, me, *other, before, slice.offset, slice.take)) {
      data.push_back(message_view(request.app, m, me, gifts.find(m.gift_id), language_of(request),
                                  request.now));
    }
    reply = reply_ok(std::move(data));
  });
  return reply;
}

std::vector<int64_t> read_ids(const json::object& payload) {
  auto it = payload.find("message_id");
  if (it == payload.end()) return {};
  const json::value& value = it->value();
  if (value.is_string()) return chat::parse_message_ids(value.get_string());
  if (value.is_int64() && value.get_int64() > 0) return {value.get_int64()};
  std::vector<int64_t> ids;
  if (const json::array* list = value.if_array()) {
    for (const auto& item : *list) {
      if (item.is_int64() && item.get_int64() > 0 && ids.size() < chat::kMaxReadIds) {
        ids.push_back(item.get_int64());
      }
    }
  }
  return ids;
}

json::object mark_read(Request& request) {
  auto ids = read_ids(request.payload);
  if (ids.empty()) return reply_error(errc::invalid_value, "message_id");
  int64_t me = request.connection.user_id;
  std::vector<store::chat::ReadMark> marks;
  int64_t total = 0;
  request.app.db->write([&](store::Session& db) {
    marks = store::chat::mark_read(db, me, ids);
    total = store::chat::unread_total(db, me);
  });
  int64_t read = 0;
  const bus::Connection* self = request.connection.connection.get();
  for (const auto& mark : marks) {
    read += 1;
    json::object details{
        {"reader_id", me}, {"partner_id", mark.partner_id}, {"up_to_id", mark.up_to_id}};
    publish_event(request.app, mark.partner_id,
                  json::object{{"module", "message/read"}, {"request_details", details}});
    details["unread"] = mark.unread;
    details["total_unread"] = total;
    publish_event(request.app, me,
                  json::object{{"module", "message/read"}, {"request_details", details}}, self);
  }
  json::object reply = reply_ok();
  reply["request_details"] = json::object{{"read", read}, {"total_unread", total}};
  return reply;
}

// ---- gifts and archive ----

json::object gifts(Request& request) {
  Fields fields(request.payload);
  auto page = read_page(fields, chat::kGiftsPage, chat::kGiftsPage);
  if (auto* error = std::get_if<json::object>(&page)) return std::move(*error);
  const Page& slice = std::get<Page>(page);
  domain::Language language = language_of(request);
  json::array data;
  request.app.db->read([&](store::Session& db) {
    for (const auto& gift : store::chat::gifts(db, slice.offset, slice.take)) {
      data.push_back(json::object{
          {"id", gift.id},
          {"icon", gift.icon},
          {"gift", gift.name(language)},
          {"names", json::object{{"he", gift.name_he}, {"en", gift.name_en}, {"de", gift.name_de}}},
          {"price", gift.price}});
    }
  });
  return reply_ok(std::move(data));
}

template <bool Archived>
json::object set_archived(Request& request) {
  Fields fields(request.payload);
  auto other = fields.integer("user_id");
  if (fields.failed()) return fields.error_reply();
  if (!other) return reply_error(errc::invalid_value, "user_id");
  bool found = false;
  request.app.db->write([&](store::Session& db) {
    found = store::chat::set_archived(db, request.connection.user_id, *other, Archived);
  });
  return found ? reply_ok() : reply_error(errc::not_found);
}

}  // namespace

json::object gift_catalogue(Request& request) {
  return gifts(request);
}

void register_chat_module(Router& router) {
  using protocol::Access;
  router.add("user/contacts", Access::member, contacts);
  router.add("user/contacts/unread", Access::member, unread);
  router.add("user/contact/get_by_id", Access::member, contact_by_id);
  router.add("messages", Access::member, messages);
  router.add("message/read", Access::member, mark_read);
  // It defers to the group commit and never waits, so it runs on the network thread.
  router.add("send_message", Access::member, send_message, protocol::Runs::on_network);
  router.add("gifts", Access::member, gifts);
  router.add("conversation/archive", Access::member, set_archived<true>);
  router.add("conversation/unarchive", Access::member, set_archived<false>);
}

}  // namespace kesher::modules
