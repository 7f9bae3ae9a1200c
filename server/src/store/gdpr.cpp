#include "store/gdpr.hpp"

#include "domain/chat.hpp"
#include "store/ledger.hpp"
#include "store/profile_extras.hpp"
#include "store/push_subscriptions.hpp"
#include "store/spins.hpp"

namespace kesher::store::gdpr {

namespace {

// Blocks either way between the member (?1) and the other person (`column`).
std::string not_blocked(const char* column) {
  return std::string(
             " AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ?1 AND "
             "b.blocked_id = ") +
         column + ") OR (b.blocker_id = " + column + " AND b.blocked_id = ?1))";
}

std::vector<ExportPerson> people(Session& db, const std::string& sql, int64_t user_id) {
  std::vector<ExportPerson> out;
  for (const auto& row : db.query(sql, {user_id})) {
    ExportPerson person;
    person.id = row.integer(0);
    person.name = row.text(1);
    person.at = row.integer(2);
    if (row.size() > 3) person.liked = row.integer(3) != 0;
    if (row.size() > 4) person.count = row.integer(4);
    out.push_back(std::move(person));
  }
  return out;
}

int64_t count(Session& db, const std::string& sql, int64_t user_id) {
  auto row = db.query_one(sql, {user_id});
  return row ? row->integer(0) : 0;
}

}  // namespace

std::vector<int64_t> partners(Session& db, int64_t user_id) {
  std::vector<int64_t> out;
  for (const auto& row : db.query(
           "SELECT other_id FROM conversations WHERE user_id = ? ORDER BY other_id", {user_id})) {
    out.push_back(row.integer(0));
  }
  return out;
}

int64_t message_count(Session& db, int64_t user_id, int64_t partner_id) {
  auto pair = domain::chat::pair_of(user_id, partner_id);
  auto row = db.query_one("SELECT COUNT(*) FROM messages WHERE low_id = ? AND high_id = ?",
                          {pair.low, pair.high});
  return row ? row->integer(0) : 0;
}

std::vector<ExportMessage> messages_after(Session& db, int64_t user_id, int64_t partner_id,
                                          int64_t after_id, int64_t limit) {
  auto pair = domain::chat::pair_of(user_id, partner_id);
  auto other =
      db.query_one("SELECT name, erased_at IS NOT NULL FROM users WHERE id = ?", {partner_id});
  std::vector<ExportMessage> out;
  for (const auto& row :
       db.query("SELECT id, sender_id, receiver_id, type, body, gift_id, price, created_at FROM "
                "messages WHERE low_id = ? AND high_id = ? AND id > ? ORDER BY id LIMIT ?",
                {pair.low, pair.high, after_id, limit})) {
    ExportMessage m;
    m.id = row.integer(0);
    m.sender_id = row.integer(1);
    m.receiver_id = row.integer(2);
    m.type = row.text(3);
    // A picture's body names its file; the member's own files are listed under uploads.
    m.body = m.type == "text" || m.type == "gift" ? row.text(4) : std::string();
    if (!row.is_null(5)) m.gift_id = row.integer(5);
    m.price = row.integer(6);
    m.created_at = row.integer(7);
    m.other_id = partner_id;
    m.other_name = other ? other->text(0) : std::string();
    m.other_erased = other && other->integer(1) != 0;
    out.push_back(std::move(m));
  }
  return out;
}

std::vector<ExportPerson> swipes_given(Session& db, int64_t user_id) {
  return people(db,
                "SELECT u.id, u.name, s.created_at, s.liked FROM swipes s JOIN users u ON u.id = "
                "s.swiped_id WHERE s.swiper_id = ?1 ORDER BY s.created_at, u.id",
                user_id);
}

std::vector<ExportPerson> matches(Session& db, int64_t user_id) {
  return people(db,
                "SELECT u.id, u.name, m.created_at FROM matches m JOIN users u ON u.id = "
                "m.other_id WHERE m.user_id = ?1 ORDER BY m.created_at, u.id",
                user_id);
}

std::vector<ExportPerson> visits_made(Session& db, int64_t user_id) {
  return people(db,
                "SELECT u.id, u.name, v.last_at, 1, v.count FROM visits v JOIN users u ON u.id = "
                "v.visited_id WHERE v.visitor_id = ?1 ORDER BY v.last_at, u.id",
                user_id);
}

std::vector<ExportPerson> blocks_made(Session& db, int64_t user_id) {
  return people(db,
                "SELECT u.id, u.name, b.created_at FROM blocks b JOIN users u ON u.id = "
                "b.blocked_id WHERE b.blocker_id = ?1 ORDER BY b.created_at, u.id",
                user_id);
}

std::vector<ExportPerson> likes_received(Session& db, int64_t user_id) {
  return people(db,
                "SELECT u.id, u.name, s.created_at FROM swipes s JOIN users u ON u.id = "
                "s.swiper_id WHERE s.swiped_id = ?1 AND s.liked = 1" +
                    not_blocked("s.swiper_id") + " ORDER BY s.created_at, u.id",
                user_id);
}

std::vector<ExportPerson> visits_received(Session& db, int64_t user_id) {
  return people(db,
                "SELECT u.id, u.name, v.last_at, 1, v.count FROM visits v JOIN users u ON u.id = "
                "v.visitor_id WHERE v.visited_id = ?1" +
                    not_blocked("v.visitor_id") + " ORDER BY v.last_at, u.id",
                user_id);
}

// Counts keep every like and visit, blocked or not: a count that moved on a block would name a
// fan (domain::fan_counts_follow_blocks).
int64_t likes_received_count(Session& db, int64_t user_id) {
  return count(db, "SELECT COUNT(*) FROM swipes WHERE swiped_id = ? AND liked = 1", user_id);
}

int64_t visits_received_count(Session& db, int64_t user_id) {
  return count(db, "SELECT COUNT(*) FROM visits WHERE visited_id = ?", user_id);
}

std::vector<ExportUpload> uploads(Session& db, int64_t user_id) {
  std::vector<ExportUpload> out;
  for (const auto& row :
       db.query("SELECT md.name, md.width, md.height, md.created_at, EXISTS (SELECT 1 FROM photos "
                "p WHERE p.media_id = md.id) FROM media md WHERE md.owner_id = ? ORDER BY md.id",
                {user_id})) {
    out.push_back({row.text(0), static_cast<int>(row.integer(1)), static_cast<int>(row.integer(2)),
                   row.integer(3), row.integer(4) != 0});
  }
  return out;
}

std::vector<ExportSpin> spins(Session& db, int64_t user_id) {
  std::vector<ExportSpin> out;
  for (const auto& row :
       db.query("SELECT kind, amount, created_at FROM wheel_spins WHERE user_id = ? ORDER BY id",
                {user_id})) {
    out.push_back({row.text(0), row.integer(1), row.integer(2)});
  }
  return out;
}

bool is_live_member(Session& db, int64_t user_id) {
  return db
      .query_one("SELECT 1 FROM users WHERE id = ? AND kind = 'member' AND erased_at IS NULL",
                 {user_id})
      .has_value();
}

Erasure erase_member(Session& db, int64_t user_id, int64_t now) {
  Erasure erasure;
  if (!is_live_member(db, user_id)) return erasure;
  erasure.erased = true;
  const std::initializer_list<Value> id{user_id};

  for (const auto& row : db.query("SELECT id_hash FROM sessions WHERE user_id = ?", id)) {
    erasure.session_hashes.push_back(row.text(0));
  }
  for (const auto& row :
       db.query("SELECT name, thumb_name, blur_name FROM media WHERE owner_id = ?", id)) {
    for (size_t i = 0; i < 3; ++i) erasure.files.push_back(row.text(i));
  }

  // Sign-in: sessions, one-time tokens and trusted browsers.
  db.execute("DELETE FROM sessions WHERE user_id = ?", id);
  db.execute("DELETE FROM tokens WHERE user_id = ?", id);
  db.execute("DELETE FROM trusted_devices WHERE user_id = ?", id);
  push_subscriptions::remove_user(db, user_id);

  // Pictures: messages they sent keep their place but lose the picture; profile photos and
  // stories go with the uploads (ON DELETE CASCADE).
  db.execute(
      "UPDATE messages SET media_id = NULL, body = '' WHERE media_id IN (SELECT id FROM media "
      "WHERE owner_id = ?)",
      id);
  db.execute("UPDATE messages SET body = '' WHERE sender_id = ? AND type IN ('image', 'pphoto')",
             id);
  db.execute("DELETE FROM photos WHERE user_id = ?", id);
  db.execute("DELETE FROM stories WHERE user_id = ?", id);
  db.execute("DELETE FROM media WHERE owner_id = ?", id);

  // The social graph, both ways.
  db.execute("DELETE FROM swipes WHERE swiper_id = ?1 OR swiped_id = ?1", id);
  db.execute("DELETE FROM matches WHERE user_id = ?1 OR other_id = ?1", id);
  db.execute("DELETE FROM visits WHERE visitor_id = ?1 OR visited_id = ?1", id);
  db.execute("DELETE FROM blocks WHERE blocker_id = ?1 OR blocked_id = ?1", id);
  db.execute("DELETE FROM reports WHERE reporter_id = ?1 OR reported_id = ?1", id);
  db.execute("DELETE FROM pending_like_backs WHERE member_id = ?", id);
  db.execute("DELETE FROM popularity WHERE user_id = ?", id);
  db.execute("DELETE FROM popular_order WHERE user_id = ?", id);
  db.execute("DELETE FROM boosts WHERE user_id = ?", id);
  db.execute("DELETE FROM wheel_spins WHERE user_id = ?", id);
  profile_extras::remove_user(db, user_id);

  // Their side of each conversation goes; the other side keeps theirs, where the member's
  // messages now show as from a deleted member.
  db.execute("DELETE FROM conversations WHERE user_id = ?", id);

  // The staff console: queue, locks and notes about them. The locks' holders and the consoles
  // showing the queue are told after the commit (console::on_member_erased).
  erasure.locks = console::locks_on_member(db, user_id, now);
  for (const auto& row : db.query("SELECT persona_id FROM console_queue WHERE member_id = ?", id)) {
    erasure.queued_personas.push_back(row.integer(0));
  }
  db.execute("DELETE FROM console_queue WHERE member_id = ?", id);
  db.execute("DELETE FROM console_locks WHERE member_id = ?", id);
  db.execute("DELETE FROM staff_notes WHERE member_id = ?", id);

  // Orders not paid yet can no longer be: a late payment would credit nobody.
  db.execute(
      "UPDATE payment_orders SET state = 'expired', updated_at = ?2 WHERE user_id = ?1 AND state "
      "= 'created'",
      {user_id, now});

  // The books: what was left is forfeited by an entry of its own, so the tombstone holds nothing
  // and the sum of its entries still equals its balance; references name nothing any more.
  std::string key = "erasure:" + std::to_string(user_id);
  int64_t credits = ledger::balance(db, user_id);
  if (credits > 0) ledger::apply(db, {user_id, -credits, "erasure", "", key}, now);
  db.execute("UPDATE credit_ledger SET reference = '' WHERE user_id = ?", id);
  int64_t free_spins = spins::available(db, user_id);
  if (free_spins > 0) spins::apply(db, user_id, -free_spins, "erasure", key, now);

  // The tombstone: no email (so it can register again), password, name or profile; fixed values
  // where a column cannot be empty.
  db.execute(
      "UPDATE users SET email = NULL, password_hash = NULL, email_verified = 0, name = '', "
      "bio = '', gender = 3, birth_date = '1900-01-01', answer = 1, language = 'he', "
      "place_id = 0, s_gender = 2, s_age_min = 18, s_age_max = 100, s_radius = 50, "
      "premium_until = NULL, free_credits_announced = 1, cell_row = 0, cell_col = 0, "
      "fans_seen_at = 0, visits_seen_at = 0, erased_at = ?2 WHERE id = ?1",
      {user_id, now});
  // Their referral link and who invited them (migration 0020). The referral_paid_mailboxes row
  // stays: a keyed hash, not the address, so that the mailbox never pays twice.
  db.execute("UPDATE users SET referral_slug = NULL, referred_by = NULL WHERE id = ?", {user_id});
  return erasure;
}

}  // namespace kesher::store::gdpr
