#include "store/chat.hpp"

#include <algorithm>
#include <map>

#include "domain/chat.hpp"
#include "domain/money.hpp"
#include "domain/privacy.hpp"
#include "store/catalog.hpp"
#include "store/console.hpp"
#include "store/ledger.hpp"
#include "store/media.hpp"
#include "store/personas.hpp"
#include "store/social.hpp"
#include "store/stories.hpp"
#include "store/users.hpp"

namespace kesher::store::chat {

namespace {

constexpr const char* kGiftColumns = "id, icon, name_he, name_en, name_de, price";

Gift gift_from(const Row& row) {
  return Gift{row.integer(0), row.text(1), row.text(2), row.text(3), row.text(4), row.integer(5)};
}

constexpr const char* kMessageColumns =
    "m.id, m.sender_id, m.receiver_id, m.type, m.body, m.gift_id, m.price, m.client_id, "
    "m.created_at, m.media_id, (SELECT md.name FROM media md WHERE md.id = m.media_id), "
    "(SELECT md.thumb_name FROM media md WHERE md.id = m.media_id), m.story_id, "
    "(SELECT sm.name FROM stories st JOIN media sm ON sm.id = st.media_id WHERE st.id = "
    "m.story_id), (SELECT st.url FROM stories st WHERE st.id = m.story_id), m.operator_id";

MessageRow message_from(const Row& row, size_t first = 0) {
  MessageRow m;
  m.id = row.integer(first);
  m.sender_id = row.integer(first + 1);
  m.receiver_id = row.integer(first + 2);
  m.type = row.text(first + 3);
  m.body = row.text(first + 4);
  if (!row.is_null(first + 5)) m.gift_id = row.integer(first + 5);
  m.price = row.integer(first + 6);
  m.client_id = row.is_null(first + 7) ? std::string() : row.text(first + 7);
  m.created_at = row.integer(first + 8);
  auto text_at = [&](size_t column) {
    return row.is_null(column) ? std::string() : row.text(column);
  };
  if (!row.is_null(first + 9)) m.media_id = row.integer(first + 9);
  m.media_name = text_at(first + 10);
  m.thumb_name = text_at(first + 11);
  if (!row.is_null(first + 12)) m.story_id = row.integer(first + 12);
  m.story_media_name = text_at(first + 13);
  m.story_url = text_at(first + 14);
  if (!row.is_null(first + 15)) m.operator_id = row.integer(first + 15);
  return m;
}

int64_t read_up_to(Session& db, int64_t user_id, int64_t other_id) {
  auto row = db.query_one("SELECT read_up_to FROM conversations WHERE user_id = ? AND other_id = ?",
                          {user_id, other_id});
  return row ? row->integer(0) : 0;
}

void mark_seen(MessageRow& m, int64_t me, int64_t my_read_up_to, int64_t their_read_up_to) {
  m.seen = m.sender_id == me ? m.id <= their_read_up_to : m.id <= my_read_up_to;
}

// Blocked pairs see nothing of each other (brief §6); `c.other_id` is the other side.
constexpr const char* kNotBlocked =
    " AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = c.user_id AND b.blocked_id = "
    "c.other_id) OR (b.blocker_id = c.other_id AND b.blocked_id = c.user_id))";

constexpr const char* kPhoto =
    "(SELECT p.url FROM photos p WHERE p.user_id = u.id ORDER BY p.position, p.id LIMIT 1)";

}  // namespace

const std::string& Gift::name(domain::Language language) const {
  switch (language) {
    case domain::Language::he:
      return name_he;
    case domain::Language::de:
      return name_de;
    default:
      return name_en;
  }
}

std::optional<Gift> gift(Session& db, int64_t id) {
  auto row = db.query_one(std::string("SELECT ") + kGiftColumns + " FROM gifts WHERE id = ?", {id});
  if (!row) return std::nullopt;
  return gift_from(*row);
}

std::vector<Gift> gifts(Session& db, int64_t offset, int64_t limit) {
  std::vector<Gift> list;
  for (const auto& row : db.query(std::string("SELECT ") + kGiftColumns +
                                      " FROM gifts ORDER BY price, position, id LIMIT ? OFFSET ?",
                                  {limit, offset})) {
    list.push_back(gift_from(row));
  }
  return list;
}

namespace {

Query by_client_id_query(int64_t sender_id, const std::string& client_id) {
  static const std::string sql = std::string("SELECT ") + kMessageColumns +
                                 " FROM messages m WHERE m.sender_id = ? AND m.client_id = ?";
  return {sql, {sender_id, client_id}};
}

std::optional<MessageRow> by_client_id_from(Session& db, std::vector<Row>& rows) {
  auto row = first_row(rows);
  if (!row) return std::nullopt;
  auto message = message_from(*row);
  message.seen = message.id <= read_up_to(db, message.receiver_id, message.sender_id);
  return message;
}

}  // namespace

std::optional<MessageRow> by_client_id(Session& db, int64_t sender_id,
                                       const std::string& client_id) {
  auto rows = db.query(by_client_id_query(sender_id, client_id));
  return by_client_id_from(db, rows);
}

MessageRow insert(Session& db, const NewMessage& message) {
  auto pair = domain::chat::pair_of(message.sender_id, message.receiver_id);
  Value client_id = message.client_id.empty() ? Value() : Value(message.client_id);
  Value gift_id = message.gift_id ? Value(*message.gift_id) : Value();
  Value media_id = message.media_id ? Value(*message.media_id) : Value();
  Value story_id = message.story_id ? Value(*message.story_id) : Value();
  Value operator_id = message.operator_id ? Value(*message.operator_id) : Value();
  const Value params[] = {message.sender_id, message.receiver_id, pair.low, pair.high,
                          message.type,      message.body,        gift_id,  message.price,
                          client_id,         message.now,         media_id, story_id,
                          operator_id};
  // The row is what was written; only a picture's or a story's names need reading back.
  int64_t id = db.insert(
      "INSERT INTO messages (sender_id, receiver_id, low_id, high_id, type, body, gift_id, price, "
      "client_id, created_at, media_id, story_id, operator_id) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      params);
  MessageRow row;
  if (message.media_id || message.story_id) {
    // Read back, with the names of its picture or story.
    row = message_from(*db.query_one(
        std::string("SELECT ") + kMessageColumns + " FROM messages m WHERE m.id = ?", {id}));
  } else {
    row = MessageRow{.id = id,
                     .sender_id = message.sender_id,
                     .receiver_id = message.receiver_id,
                     .type = message.type,
                     .body = message.body,
                     .gift_id = message.gift_id,
                     .price = message.price,
                     .client_id = message.client_id,
                     .created_at = message.now,
                     .operator_id = message.operator_id};
  }
  // Both sides in one statement: the sender's side moves to the message, the receiver's also
  // counts it unread; both come out of the archive.
  db.execute(
      "INSERT INTO conversations (user_id, other_id, last_message_id, unread) VALUES (?1, ?2, ?3, "
      "0), (?2, ?1, ?3, 1) ON CONFLICT (user_id, other_id) DO UPDATE SET last_message_id = "
      "excluded.last_message_id, unread = conversations.unread + excluded.unread, archived = 0",
      {message.sender_id, message.receiver_id, id});
  return row;
}

std::vector<MessageRow> page(Session& db, int64_t me, int64_t other,
                             std::optional<int64_t> before_id, int64_t offset, int64_t limit) {
  auto pair = domain::chat::pair_of(me, other);
  std::vector<Row> rows =
      before_id ? db.query(std::string("SELECT ") + kMessageColumns +
                               " FROM messages m WHERE m.low_id = ? AND m.high_id = ? AND m.id < ? "
                               "ORDER BY m.id DESC LIMIT ?",
                           {pair.low, pair.high, *before_id, limit})
                : db.query(std::string("SELECT ") + kMessageColumns +
                               " FROM messages m WHERE m.low_id = ? AND m.high_id = ? "
                               "ORDER BY m.id DESC LIMIT ? OFFSET ?",
                           {pair.low, pair.high, limit, offset});
  int64_t mine = read_up_to(db, me, other);
  int64_t theirs = read_up_to(db, other, me);
  std::vector<MessageRow> messages;
  messages.reserve(rows.size());
  for (auto it = rows.rbegin(); it != rows.rend(); ++it) {
    messages.push_back(message_from(*it));
    mark_seen(messages.back(), me, mine, theirs);
  }
  return messages;
}

std::vector<ReadMark> mark_read(Session& db, int64_t me, std::span<const int64_t> ids) {
  std::map<int64_t, int64_t> up_to_by_partner;
  for (int64_t id : ids) {
    auto row =
        db.query_one("SELECT sender_id FROM messages WHERE id = ? AND receiver_id = ?", {id, me});
    if (!row) continue;
    int64_t& up_to = up_to_by_partner[row->integer(0)];
    up_to = std::max(up_to, id);
  }
  std::vector<ReadMark> marks;
  for (auto [partner, up_to] : up_to_by_partner) {
    if (social::blocked_between(db, me, partner)) continue;
    int64_t read = std::max(up_to, read_up_to(db, me, partner));
    auto pair = domain::chat::pair_of(me, partner);
    auto left = db.query_one(
        "SELECT COUNT(*) FROM messages WHERE low_id = ? AND high_id = ? AND id > ? AND sender_id = "
        "?",
        {pair.low, pair.high, read, partner});
    int64_t unread = left ? left->integer(0) : 0;
    db.execute(
        "UPDATE conversations SET read_up_to = ?, unread = ? WHERE user_id = ? AND other_id = ?",
        {read, unread, me, partner});
    marks.push_back({partner, read, unread});
  }
  return marks;
}

int64_t unread_total(Session& db, int64_t me) {
  auto row = db.query_one(std::string("SELECT COALESCE(SUM(c.unread), 0) FROM conversations c "
                                      "WHERE c.user_id = ? AND c.unread > 0") +
                              kNotBlocked,
                          {me});
  return row ? row->integer(0) : 0;
}

namespace {

// Columns: person (0..4), conversation (5..6), last message (7..15).
const std::string& contact_select() {
  static const std::string sql = [] {
    std::string text = "SELECT u.id, u.name, ";
    text += kPhoto;
    text += ", (COALESCE(u.premium_until, 0) > kesher_now()), u.kind, c.unread, c.archived, ";
    text += kMessageColumns;
    text +=
        ", u.erased_at IS NOT NULL FROM conversations c JOIN users u ON u.id = c.other_id JOIN "
        "messages m ON m.id = c.last_message_id";
    return text;
  }();
  return sql;
}

ContactRow contact_from(const Row& row) {
  ContactRow contact;
  contact.id = row.integer(0);
  contact.name = row.text(1);
  contact.photo = row.is_null(2) ? std::string() : row.text(2);
  contact.premium = row.integer(3) != 0;
  contact.persona = row.text(4) == "persona";
  contact.unread = row.integer(5);
  contact.archived = row.integer(6) != 0;
  contact.last = message_from(row, 7);
  contact.erased = row.integer(23) != 0;
  return contact;
}

}  // namespace

std::vector<ContactRow> contacts(Session& db, int64_t me, bool archived, int64_t offset,
                                 int64_t limit) {
  std::vector<ContactRow> list;
  for (const auto& row :
       db.query(contact_select() + " WHERE c.user_id = ? AND c.archived = ?" + kNotBlocked +
                    " ORDER BY c.last_message_id DESC LIMIT ? OFFSET ?",
                {me, archived ? 1 : 0, limit, offset})) {
    list.push_back(contact_from(row));
  }
  return list;
}

std::optional<ContactRow> contact(Session& db, int64_t me, int64_t other) {
  if (other == me || social::blocked_between(db, me, other)) return std::nullopt;
  if (auto row =
          db.query_one(contact_select() + " WHERE c.user_id = ? AND c.other_id = ?", {me, other})) {
    return contact_from(*row);
  }
  auto person = db.query_one(
      std::string("SELECT u.id, u.name, ") + kPhoto +
          ", (COALESCE(u.premium_until, 0) > kesher_now()), u.kind FROM users u WHERE u.id = ? AND "
          "u.erased_at IS NULL",
      {other});
  if (!person) return std::nullopt;
  ContactRow contact;
  contact.id = person->integer(0);
  contact.name = person->text(1);
  contact.photo = person->is_null(2) ? std::string() : person->text(2);
  contact.premium = person->integer(3) != 0;
  contact.persona = person->text(4) == "persona";
  return contact;
}

bool set_archived(Session& db, int64_t me, int64_t other, bool archived) {
  db.execute("UPDATE conversations SET archived = ? WHERE user_id = ? AND other_id = ?",
             {archived ? 1 : 0, me, other});
  return db.query_one("SELECT 1 FROM conversations WHERE user_id = ? AND other_id = ?", {me, other})
      .has_value();
}

namespace {

SendOutcome replay(Session& db, MessageRow existing) {
  SendOutcome outcome;
  outcome.status = SendStatus::replayed;
  if (existing.gift_id) outcome.gift = gift(db, *existing.gift_id);
  outcome.message = std::move(existing);
  outcome.balance = ledger::balance(db, outcome.message.sender_id);
  return outcome;
}

}  // namespace

SendOutcome send(Session& db, const SendRequest& request, int64_t now) {
  namespace rules = domain::chat;
  // The reads every send makes do not depend on each other: one batch (one round trip on
  // PostgreSQL). Each is read below where the rules need it, in the order they did one by one.
  const char* feature =
      request.kind == rules::MessageKind::text ? "text"
      : request.kind == rules::MessageKind::image || request.kind == rules::MessageKind::pphoto
          ? "image"
          : nullptr;
  enum Read : size_t { kReach, kBlocked, kBalance };
  std::vector<Query> reads{personas::reach_query(request.receiver_id),
                           social::blocked_between_query(request.sender_id, request.receiver_id),
                           ledger::balance_query(request.sender_id)};
  // A gift's price is the gift's, and a send without a client id has no earlier send to find.
  const size_t price_at = reads.size();
  if (feature) reads.push_back(catalog::price_query(feature));
  const size_t earlier_at = reads.size();
  if (!request.client_id.empty()) {
    reads.push_back(by_client_id_query(request.sender_id, request.client_id));
  }
  auto results = db.query_batch(reads);
  auto price = [&] { return catalog::price_from(results[price_at], feature); };
  if (!request.client_id.empty()) {
    if (auto existing = by_client_id_from(db, results[earlier_at])) {
      return replay(db, std::move(*existing));
    }
  }
  SendOutcome outcome;
  // Nobody writes to a banned member or a disabled persona; their history stays readable.
  personas::Reach receiver = personas::reach_of(results[kReach]);
  if (!receiver.reachable || !results[kBlocked].empty()) {
    outcome.status = SendStatus::unknown_receiver;
    return outcome;
  }
  NewMessage message{request.sender_id, request.receiver_id, {}, {}, {}, 0, request.client_id, now};
  message.type = rules::kind_name(request.kind);
  message.operator_id = request.operator_id;
  if (request.kind == rules::MessageKind::gift) {
    outcome.gift = gift(db, request.gift_id);
    if (!outcome.gift) {
      outcome.status = SendStatus::unknown_gift;
      return outcome;
    }
    message.gift_id = outcome.gift->id;
    message.body = outcome.gift->icon;
    message.price = outcome.gift->price;
  } else if (request.kind == rules::MessageKind::image) {
    auto upload = media::by_name(db, request.media_name);
    if (!upload || upload->owner_id != request.sender_id) {
      outcome.status = SendStatus::unknown_media;
      return outcome;
    }
    message.media_id = upload->id;
    message.price = price();
  } else if (request.kind == rules::MessageKind::pphoto) {
    auto photo = photos::find(db, request.sender_id, request.photo_id);
    // A persona's pictures are public files of the catalogue, not uploads: the message keeps
    // the picture's address.
    bool catalogue_picture = photo && !photo->media_id && request.operator_id;
    if (!photo || (!photo->media_id && !catalogue_picture)) {
      outcome.status = SendStatus::unknown_photo;
      return outcome;
    }
    if (catalogue_picture) {
      message.body = photo->url;
    } else {
      message.media_id = photo->media_id;
    }
    message.price = price();
  } else {
    message.body = request.text;
    message.price = price();
  }
  if (request.story_id != 0) {
    // Others' stories are premium (domain::sees_stories_of), and a reply shows its story to the
    // sender: a member who may not see it may not reply to it either. Staff answering as a
    // persona see what the console shows them.
    if (!request.operator_id) {
      auto premium_until =
          db.query_one("SELECT premium_until FROM users WHERE id = ?", {request.sender_id});
      bool premium = premium_until && !premium_until->is_null(0) &&
                     domain::premium_active(premium_until->integer(0), now);
      if (!domain::sees_stories_of(premium, /*own=*/false)) {
        outcome.status = SendStatus::premium_required;
        return outcome;
      }
    }
    auto story = stories::live(db, request.story_id, now);
    if (!story || story->user_id != request.receiver_id) {
      outcome.status = SendStatus::unknown_story;
      return outcome;
    }
    message.story_id = story->id;
  }
  if (request.operator_id) {
    // A persona pays nothing: staff write for it (docs/decisions/0010-honesty-rules.md).
    message.price = 0;
    outcome.message = insert(db, message);
    outcome.waited = console::note_answered(db, request.receiver_id, request.sender_id,
                                            *request.operator_id, now);
    return outcome;
  }
  outcome.balance = ledger::balance_from(results[kBalance]);
  outcome.required = rules::required_balance(message.price);
  if (outcome.balance < outcome.required) {
    outcome.status = SendStatus::not_enough_credits;
    return outcome;
  }
  outcome.message = insert(db, message);
  auto debit =
      ledger::apply(db,
                    {request.sender_id, -message.price, "message",
                     "message:" + std::to_string(outcome.message.id),
                     rules::debit_key(request.sender_id, request.client_id, outcome.message.id)},
                    now);
  if (debit == ledger::Outcome::insufficient_credits) {
    // The UPDATE waited for another writer's row lock and found the credits gone (READ
    // COMMITTED re-checks its WHERE against the committed row); this read sees that row too.
    throw CreditsTakenMeanwhile(ledger::balance(db, request.sender_id), outcome.required);
  }
  // The checks above make anything else impossible; throwing rolls this unit back.
  if (debit != ledger::Outcome::applied) throw StoreError("message debit refused");
  outcome.balance -= message.price;
  if (receiver.persona) {
    // The conversation now waits for an operator (the console's queue).
    console::note_waiting(db, request.sender_id, request.receiver_id, outcome.message.id, now);
    outcome.to_persona = true;
  }
  return outcome;
}

}  // namespace kesher::store::chat
