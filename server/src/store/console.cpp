#include "store/console.hpp"

#include "store/personas.hpp"

namespace kesher::store::console {

namespace {

constexpr std::string_view kQueueColumns =
    "SELECT q.member_id, q.persona_id, q.waiting_since, q.last_message_id, q.last_message_at, "
    "q.waiting, CASE WHEN m.type = 'text' THEN m.body ELSE '' END, COALESCE(m.type, 'text'), "
    "u.language FROM console_queue q JOIN users u ON u.id = q.member_id "
    "JOIN users p ON p.id = q.persona_id AND p.disabled_at IS NULL "
    "LEFT JOIN messages m ON m.id = q.last_message_id ";

QueueRow queue_row(const Row& row) {
  return {row.integer(0), row.integer(1), row.integer(2), row.integer(3), row.integer(4),
          row.integer(5), row.text(6),    row.text(7),    row.text(8)};
}

constexpr std::string_view kLockColumns =
    "SELECT l.member_id, l.persona_id, l.staff_id, s.email, l.expires_at FROM console_locks l "
    "JOIN staff s ON s.id = l.staff_id ";

Lock lock_row(const Row& row) {
  return {row.integer(0), row.integer(1), row.integer(2), row.text(3), row.integer(4)};
}

std::vector<Lock> locks_where(Session& db, std::string_view where,
                              std::initializer_list<Value> params) {
  std::vector<Lock> locks;
  for (const auto& row : db.query(std::string(kLockColumns) + std::string(where), params)) {
    locks.push_back(lock_row(row));
  }
  return locks;
}

constexpr std::string_view kNoteColumns =
    "SELECT id, member_id, persona_id, category, text, staff_id, updated_at FROM staff_notes ";

Note note_row(const Row& row) {
  return {row.integer(0),
          row.integer(1),
          row.is_null(2) ? std::nullopt : std::optional<int64_t>(row.integer(2)),
          row.text(3),
          row.text(4),
          row.integer(5),
          row.integer(6)};
}

}  // namespace

bool is_persona(Session& db, int64_t id) {
  return db.query_one("SELECT 1 FROM users WHERE id = ? AND kind = 'persona'", {id}).has_value();
}

void note_waiting(Session& db, int64_t member_id, int64_t persona_id, int64_t message_id,
                  int64_t at) {
  db.execute(
      "INSERT INTO console_queue (member_id, persona_id, waiting_since, last_message_id, "
      "last_message_at, waiting) VALUES (?1, ?2, ?3, ?4, ?3, 1) "
      "ON CONFLICT (member_id, persona_id) DO UPDATE SET waiting = console_queue.waiting + 1, "
      "last_message_id = excluded.last_message_id, last_message_at = excluded.last_message_at",
      {member_id, persona_id, at, message_id});
}

std::optional<int64_t> note_answered(Session& db, int64_t member_id, int64_t persona_id,
                                     int64_t staff_id, int64_t now) {
  auto row =
      db.query_one("SELECT waiting_since FROM console_queue WHERE member_id = ? AND persona_id = ?",
                   {member_id, persona_id});
  if (!row) return std::nullopt;
  int64_t waited = std::max<int64_t>(0, now - row->integer(0));
  db.execute("DELETE FROM console_queue WHERE member_id = ? AND persona_id = ?",
             {member_id, persona_id});
  db.execute(
      "INSERT INTO console_answers (staff_id, persona_id, member_id, waited_seconds, answered_at) "
      "VALUES (?, ?, ?, ?, ?)",
      {staff_id, persona_id, member_id, waited, now});
  return waited;
}

std::vector<QueueRow> queue(Session& db, const std::string& language, int64_t limit) {
  std::vector<QueueRow> rows;
  auto found = db.query(std::string(kQueueColumns) +
                            "WHERE (?1 = '' OR u.language = ?1) "
                            "ORDER BY q.waiting_since, q.member_id, q.persona_id LIMIT ?2",
                        {language, limit});
  for (const auto& row : found) rows.push_back(queue_row(row));
  return rows;
}

std::optional<QueueRow> queue_item(Session& db, int64_t member_id, int64_t persona_id) {
  auto row = db.query_one(std::string(kQueueColumns) + "WHERE q.member_id = ? AND q.persona_id = ?",
                          {member_id, persona_id});
  if (!row) return std::nullopt;
  return queue_row(*row);
}

ClaimResult claim(Session& db, int64_t member_id, int64_t persona_id, int64_t staff_id, int64_t now,
                  int64_t lease, int64_t max_locks) {
  ClaimResult result;
  // A disabled persona is nobody's to answer as (its waiting rows leave the queue with it).
  if (!is_persona(db, persona_id) || !personas::reachable(db, persona_id) ||
      !db.query_one("SELECT 1 FROM users WHERE id = ? AND kind = 'member'", {member_id})) {
    return result;
  }
  if (auto held = lock_on(db, member_id, persona_id, now)) {
    if (held->staff_id != staff_id) {
      result.status = ClaimStatus::locked;
      result.lock = *held;
      return result;
    }
  } else {
    auto count =
        db.query_one("SELECT COUNT(*) FROM console_locks WHERE staff_id = ? AND expires_at > ?",
                     {staff_id, now});
    if (count && count->integer(0) >= max_locks) {
      result.status = ClaimStatus::too_many_locks;
      return result;
    }
  }
  db.execute(
      "INSERT INTO console_locks (member_id, persona_id, staff_id, claimed_at, expires_at) "
      "VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (member_id, persona_id) DO UPDATE SET "
      "staff_id = ?3, claimed_at = CASE WHEN console_locks.staff_id = ?3 "
      "AND console_locks.expires_at > ?4 THEN console_locks.claimed_at ELSE ?4 END, "
      "expires_at = ?5",
      {member_id, persona_id, staff_id, now, now + lease});
  result.status = ClaimStatus::claimed;
  result.lock = *lock_on(db, member_id, persona_id, now);
  return result;
}

std::vector<Lock> renew(Session& db, int64_t staff_id, int64_t now, int64_t lease) {
  db.execute("UPDATE console_locks SET expires_at = ? WHERE staff_id = ? AND expires_at > ?",
             {now + lease, staff_id, now});
  return locks_of(db, staff_id, now);
}

std::vector<Lock> locks_of(Session& db, int64_t staff_id, int64_t now) {
  return locks_where(db, "WHERE l.staff_id = ? AND l.expires_at > ? ORDER BY l.claimed_at",
                     {staff_id, now});
}

std::optional<Lock> lock_on(Session& db, int64_t member_id, int64_t persona_id, int64_t now) {
  auto locks = locks_where(db, "WHERE l.member_id = ? AND l.persona_id = ? AND l.expires_at > ?",
                           {member_id, persona_id, now});
  if (locks.empty()) return std::nullopt;
  return locks.front();
}

std::vector<Lock> locks_on_member(Session& db, int64_t member_id, int64_t now) {
  return locks_where(db, "WHERE l.member_id = ? AND l.expires_at > ? ORDER BY l.persona_id",
                     {member_id, now});
}

bool release(Session& db, int64_t member_id, int64_t persona_id, int64_t staff_id) {
  return db.execute(
             "DELETE FROM console_locks WHERE member_id = ? AND persona_id = ? AND staff_id = ?",
             {member_id, persona_id, staff_id}) > 0;
}

std::optional<Lock> break_lock(Session& db, int64_t member_id, int64_t persona_id, int64_t now) {
  auto held = lock_on(db, member_id, persona_id, now);
  if (!held) return std::nullopt;
  db.execute("DELETE FROM console_locks WHERE member_id = ? AND persona_id = ?",
             {member_id, persona_id});
  return held;
}

bool any_expired(Session& db, int64_t now) {
  return db.query_one("SELECT 1 FROM console_locks WHERE expires_at <= ? LIMIT 1", {now})
      .has_value();
}

std::vector<Lock> expire(Session& db, int64_t now) {
  auto expired = locks_where(db, "WHERE l.expires_at <= ?", {now});
  if (!expired.empty()) db.execute("DELETE FROM console_locks WHERE expires_at <= ?", {now});
  return expired;
}

std::vector<int64_t> locked_personas(Session& db, int64_t now) {
  std::vector<int64_t> ids;
  for (const auto& row :
       db.query("SELECT DISTINCT persona_id FROM console_locks WHERE expires_at > ?", {now})) {
    ids.push_back(row.integer(0));
  }
  return ids;
}

bool holds_persona(Session& db, int64_t staff_id, int64_t persona_id, int64_t now) {
  return db
      .query_one(
          "SELECT 1 FROM console_locks WHERE staff_id = ? AND persona_id = ? AND expires_at > ?",
          {staff_id, persona_id, now})
      .has_value();
}

std::vector<Note> notes(Session& db, int64_t member_id, int64_t persona_id) {
  std::vector<Note> found;
  for (const auto& row :
       db.query(std::string(kNoteColumns) +
                    "WHERE member_id = ? AND (persona_id IS NULL OR persona_id = ?) ORDER BY id",
                {member_id, persona_id})) {
    found.push_back(note_row(row));
  }
  return found;
}

std::optional<Note> note(Session& db, int64_t id) {
  auto row = db.query_one(std::string(kNoteColumns) + "WHERE id = ?", {id});
  if (!row) return std::nullopt;
  return note_row(*row);
}

int64_t insert_note(Session& db, const Note& note, int64_t now) {
  db.execute(
      "INSERT INTO staff_notes (member_id, persona_id, category, text, staff_id, created_at, "
      "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      {note.member_id, note.persona_id ? Value(*note.persona_id) : Value(), note.category,
       note.text, note.staff_id, now, now});
  return db.last_insert_id();
}

void update_note(Session& db, int64_t id, const std::string& category, const std::string& text,
                 int64_t staff_id, int64_t now) {
  db.execute(
      "UPDATE staff_notes SET category = ?, text = ?, staff_id = ?, updated_at = ? WHERE id = ?",
      {category, text, staff_id, now, id});
}

void delete_note(Session& db, int64_t id) {
  db.execute("DELETE FROM staff_notes WHERE id = ?", {id});
}

std::vector<CannedReply> canned_replies(Session& db, const std::string& language) {
  std::vector<CannedReply> replies;
  for (const auto& row : db.query(
           "SELECT id, language, title, text FROM canned_replies WHERE (?1 = '' OR language = ?1) "
           "ORDER BY language, position, id",
           {language})) {
    replies.push_back({row.integer(0), row.text(1), row.text(2), row.text(3)});
  }
  return replies;
}

std::vector<AnswerRow> answers_since(Session& db, int64_t since) {
  std::vector<AnswerRow> rows;
  for (const auto& row :
       db.query("SELECT a.staff_id, s.email, a.persona_id, u.name, a.waited_seconds, a.answered_at "
                "FROM console_answers a JOIN staff s ON s.id = a.staff_id "
                "JOIN users u ON u.id = a.persona_id WHERE a.answered_at >= ? ORDER BY a.id",
                {since})) {
    rows.push_back(
        {row.integer(0), row.text(1), row.integer(2), row.text(3), row.integer(4), row.integer(5)});
  }
  return rows;
}

std::vector<std::pair<int64_t, int64_t>> operators_of(Session& db,
                                                      const std::vector<int64_t>& message_ids) {
  std::vector<std::pair<int64_t, int64_t>> found;
  for (int64_t id : message_ids) {
    auto row = db.query_one(
        "SELECT operator_id FROM messages WHERE id = ? AND operator_id IS NOT NULL", {id});
    if (row) found.emplace_back(id, row->integer(0));
  }
  return found;
}

}  // namespace kesher::store::console
