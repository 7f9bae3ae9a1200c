#pragma once
#include <boost/json/object.hpp>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <variant>

#include "app/context.hpp"
#include "domain/language.hpp"
#include "modules/request.hpp"
#include "store/chat.hpp"

// The one path every message takes, whoever writes it: a member's send_message and the staff
// console's console/send (console/conversation_module.cpp). chat_module.cpp defines it.
namespace kesher::modules {

// The gift catalogue is tiny and fixed; a message page looks its gifts up here.
class GiftBook {
 public:
  explicit GiftBook(store::Session& db) : db_(db) {}
  const store::chat::Gift* find(std::optional<int64_t> id) {
    if (!id) return nullptr;
    if (!loaded_) {
      for (auto& gift : store::chat::gifts(db_, 0, 1000)) by_id_.emplace(gift.id, std::move(gift));
      loaded_ = true;
    }
    auto it = by_id_.find(*id);
    return it == by_id_.end() ? nullptr : &it->second;
  }

 private:
  store::Session& db_;
  bool loaded_ = false;
  std::map<int64_t, store::chat::Gift> by_id_;
};

// docs/protocol.md "Message", as `viewer` sees it.
boost::json::object message_view(const app::Context& app, const store::chat::MessageRow& m,
                                 int64_t viewer, const store::chat::Gift* gift,
                                 domain::Language language, int64_t now);

// A send_message payload from `sender_id`, decoded and checked (kind, text, client id, ids), or
// the error reply.
std::variant<store::chat::SendRequest, boost::json::object> read_send_request(
    const boost::json::object& payload, int64_t sender_id);

// Where a send came from: enough to answer it and tell the others after the commit, when the
// request itself is gone.
struct SendOrigin {
  app::Context* app;
  std::shared_ptr<bus::Connection> socket;
  domain::Language language;
  Responder responder;
};

// new_message to the receiver's sockets, and to the sender's other sockets with their balance.
void announce_message(const SendOrigin& origin, const store::chat::SendOutcome& outcome);
// The reply to the sender: the message, or the refusal's error code.
boost::json::object send_reply(const app::Context& app, const store::chat::SendOutcome& outcome,
                               domain::Language language);

// Joins the next group commit without holding a worker while it waits; `finish` runs on a
// worker once the message (and its debit) is durable, or with the error that rolled it back.
using SendFinish = std::function<void(const store::chat::SendOutcome&, std::exception_ptr)>;
void submit_send(app::Context& app, store::chat::SendRequest send, int64_t now, SendFinish finish);

// The gift catalogue (docs/protocol.md "gifts"), in the caller's language.
boost::json::object gift_catalogue(Request& request);

}  // namespace kesher::modules
