#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "domain/chat.hpp"
#include "domain/language.hpp"
#include "store/database.hpp"

namespace kesher::store::chat {

struct Gift {
  int64_t id = 0;
  std::string icon;
  std::string name_he, name_en, name_de;
  int64_t price = 0;
  const std::string& name(domain::Language language) const;
};
std::optional<Gift> gift(Session& db, int64_t id);
std::vector<Gift> gifts(Session& db, int64_t offset, int64_t limit);

struct MessageRow {
  int64_t id = 0;
  int64_t sender_id = 0;
  int64_t receiver_id = 0;
  std::string type;
  std::string body;
  std::optional<int64_t> gift_id;
  int64_t price = 0;
  std::string client_id;  // empty when the sender gave none
  int64_t created_at = 0;
  bool seen = false;  // the receiver has read it
  // A picture (image, pphoto): its upload's display and thumbnail names.
  std::optional<int64_t> media_id;
  std::string media_name, thumb_name;
  // A story reply: the story, and its picture (an upload's name, or a persona's url), empty once
  // the story is deleted.
  std::optional<int64_t> story_id;
  std::string story_media_name, story_url;
  std::optional<int64_t> operator_id;  // the staff member who wrote a persona's message
};

struct NewMessage {
  int64_t sender_id = 0;
  int64_t receiver_id = 0;
  std::string type;
  std::string body;
  std::optional<int64_t> gift_id;
  int64_t price = 0;
  std::string client_id;
  int64_t now = 0;
  std::optional<int64_t> media_id;
  std::optional<int64_t> story_id;
  std::optional<int64_t> operator_id;
};

std::optional<MessageRow> by_client_id(Session& db, int64_t sender_id,
                                       const std::string& client_id);
// Stores the message and moves both sides' conversations to it: the receiver's unread count
// rises, and an archived conversation comes back.
MessageRow insert(Session& db, const NewMessage& message);

// The newest `limit` messages between the two below `before_id` (or skipping `offset` from the
// newest), oldest first.
std::vector<MessageRow> page(Session& db, int64_t me, int64_t other,
                             std::optional<int64_t> before_id, int64_t offset, int64_t limit);

struct ReadMark {
  int64_t partner_id = 0;
  int64_t up_to_id = 0;
  int64_t unread = 0;  // what is left unread in that conversation
};
// "Read up to": per conversation, the largest given id the caller received. Ids the caller did not
// receive are ignored, and so are those of a conversation blocked either way (a read there would
// tell the other side something).
std::vector<ReadMark> mark_read(Session& db, int64_t me, std::span<const int64_t> ids);

// Unread messages over every conversation except blocked ones.
int64_t unread_total(Session& db, int64_t me);

struct ContactRow {
  int64_t id = 0;
  std::string name;
  std::string photo;
  bool premium = false;
  bool persona = false;
  std::optional<MessageRow> last;  // none when the two never wrote; its `seen` is not filled
  int64_t unread = 0;
  bool archived = false;
  bool erased = false;  // a member who erased their account (store/gdpr.hpp): no name, no photo
};
std::vector<ContactRow> contacts(Session& db, int64_t me, bool archived, int64_t offset,
                                 int64_t limit);
// The person as a contact, with or without a conversation; nullopt when unknown, oneself or
// blocked either way.
std::optional<ContactRow> contact(Session& db, int64_t me, int64_t other);
// False when there is no conversation with that person.
bool set_archived(Session& db, int64_t me, int64_t other, bool archived);

// ---- sending (brief §5) ----

// A send the handler has decoded and checked (domain::chat: kind, text, client id).
struct SendRequest {
  int64_t sender_id = 0;
  int64_t receiver_id = 0;
  domain::chat::MessageKind kind = domain::chat::MessageKind::text;
  std::string text;  // for a text: already through domain::chat::check_text
  int64_t gift_id = 0;
  std::string media_name;  // image: the name in the sender's upload link
  int64_t photo_id = 0;    // pphoto: one of the sender's profile photos
  int64_t story_id = 0;    // a text replying to a live story of the receiver's; 0 for none
  std::string client_id;   // empty when the sender gave none
  // A persona's message written by this staff member (the console): free, recorded for the audit.
  std::optional<int64_t> operator_id;
};

enum class SendStatus {
  sent,
  replayed,            // the sender's client_id was sent before: its first result, charged once
  unknown_receiver,    // no such user, or blocked either way
  unknown_gift,        // no gift with that id
  unknown_media,       // image: not an upload of the sender's
  unknown_photo,       // pphoto: not one of the sender's uploaded profile photos
  unknown_story,       // not a live story of the receiver's
  premium_required,    // a story reply from a member who may not see others' stories
  not_enough_credits,  // below domain::chat::required_balance
};

struct SendOutcome {
  SendStatus status = SendStatus::sent;
  MessageRow message;             // sent or replayed
  std::optional<Gift> gift;       // the message's gift, if it is one
  int64_t balance = 0;            // the sender's balance after the send (or as it is, when refused)
  int64_t required = 0;           // what sending would need, for not_enough_credits
  bool to_persona = false;        // a member's message that now waits in the console's queue
  std::optional<int64_t> waited;  // a persona's answer: how long the conversation had waited
};

// The balance read at the start of a send was enough, but another writer took the credits before
// the debit's row lock was ours: on PostgreSQL, a send of the same member on another node (on one
// node every write goes through the one writer, in order). Thrown so that the unit rolls back
// whole, message included; the caller answers not_enough_credits with these figures.
class CreditsTakenMeanwhile : public StoreError {
 public:
  CreditsTakenMeanwhile(int64_t balance_now, int64_t required_balance)
      : StoreError("credits taken by a concurrent debit"),
        balance(balance_now),
        required(required_balance) {}
  int64_t balance;
  int64_t required;
};

// One unit of work inside the caller's write transaction: a replay of a known client_id returns
// the first result; otherwise the receiver and blocks are checked, the price comes from the
// catalogue (a gift's own price), the balance must reach domain::chat::required_balance, and the
// message is stored and debited under domain::chat::debit_key. Nothing is charged unless a new
// message is stored. Throws CreditsTakenMeanwhile when the debit finds the credits gone, and
// StoreError if it is refused otherwise (both roll the unit back).
SendOutcome send(Session& db, const SendRequest& request, int64_t now);

}  // namespace kesher::store::chat
