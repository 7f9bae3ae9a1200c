#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

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
};
std::vector<ContactRow> contacts(Session& db, int64_t me, bool archived, int64_t offset,
                                 int64_t limit);
// The person as a contact, with or without a conversation; nullopt when unknown, oneself or
// blocked either way.
std::optional<ContactRow> contact(Session& db, int64_t me, int64_t other);
// False when there is no conversation with that person.
bool set_archived(Session& db, int64_t me, int64_t other, bool archived);

}  // namespace kesher::store::chat
