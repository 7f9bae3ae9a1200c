#include "store/personas.hpp"

namespace kesher::store::personas {

namespace {

constexpr std::string_view kColumns =
    "SELECT id, COALESCE(persona_key, ''), name, gender, birth_date, answer, language, place_id, "
    "s_gender, s_age_min, s_age_max, bio, likes_back_percent, like_back_delay_s, disabled_at, "
    "edited_at, created_at FROM users WHERE kind = 'persona' AND erased_at IS NULL";

PersonaRecord to_record(const Row& row) {
  PersonaRecord p;
  p.id = row.integer(0);
  p.key = row.text(1);
  p.user.kind = "persona";
  p.user.name = row.text(2);
  p.user.gender = static_cast<int>(row.integer(3));
  p.user.birth_date = domain::parse_date(row.text(4)).value_or(domain::Date{});
  p.user.answer = static_cast<int>(row.integer(5));
  p.user.language = row.text(6);
  p.user.place_id = row.integer(7);
  p.user.s_gender = static_cast<int>(row.integer(8));
  p.user.s_age_min = static_cast<int>(row.integer(9));
  p.user.s_age_max = static_cast<int>(row.integer(10));
  p.bio = row.text(11);
  p.likes_back_percent = static_cast<int>(row.integer(12));
  p.like_back_delay_s = static_cast<int>(row.integer(13));
  if (!row.is_null(14)) p.disabled_at = row.integer(14);
  if (!row.is_null(15)) p.edited_at = row.integer(15);
  p.created_at = row.integer(16);
  return p;
}

}  // namespace

NewUser to_new_user(const domain::PersonaProfileFields& persona, int64_t place_id) {
  NewUser user;
  user.kind = "persona";
  user.name = persona.name;
  user.gender = persona.gender;
  user.birth_date = persona.birth_date;
  user.answer = persona.answer;
  user.language = std::string(domain::language_code(persona.language));
  user.place_id = place_id;
  user.s_gender = persona.s_gender;
  user.s_age_min = persona.s_age_min;
  user.s_age_max = persona.s_age_max;
  return user;
}

std::vector<PersonaRecord> list(Session& db) {
  // lower(), not COLLATE NOCASE (SQLite only): both fold ASCII letters alone on SQLite.
  static const std::string sql = std::string(kColumns) + " ORDER BY lower(name), id";
  std::vector<PersonaRecord> out;
  for (const auto& row : db.query(sql)) out.push_back(to_record(row));
  return out;
}

std::optional<PersonaRecord> find(Session& db, int64_t id) {
  static const std::string sql = std::string(kColumns) + " AND id = ?";
  auto row = db.query_one(sql, {id});
  if (!row) return std::nullopt;
  return to_record(*row);
}

int64_t create(Session& db, const NewUser& user, const std::string& bio, int likes_back_percent,
               int like_back_delay_s, int64_t now) {
  NewUser persona = user;
  persona.kind = "persona";
  persona.email.clear();
  persona.password_hash.clear();
  int64_t id = users::insert(db, persona, now);
  update(db, id, persona, bio, likes_back_percent, like_back_delay_s, now);
  return id;
}

void update(Session& db, int64_t id, const NewUser& u, const std::string& bio,
            int likes_back_percent, int like_back_delay_s, int64_t now) {
  users::update_persona(db, id, u, {{}, bio, likes_back_percent, like_back_delay_s});
  mark_edited(db, id, now);
}

bool set_disabled(Session& db, int64_t id, bool disabled, int64_t now) {
  if (disabled) {
    return db.execute(
               "UPDATE users SET disabled_at = ?, edited_at = ? WHERE id = ? AND kind = "
               "'persona' AND disabled_at IS NULL",
               {now, now, id}) > 0;
  }
  return db.execute(
             "UPDATE users SET disabled_at = NULL, edited_at = ? WHERE id = ? AND kind = "
             "'persona' AND disabled_at IS NOT NULL",
             {now, id}) > 0;
}

void mark_edited(Session& db, int64_t id, int64_t now) {
  db.execute("UPDATE users SET edited_at = ? WHERE id = ? AND kind = 'persona'", {now, id});
}

bool edited_by_admin(Session& db, int64_t id) {
  return db.query_one("SELECT 1 FROM users WHERE id = ? AND edited_at IS NOT NULL", {id})
      .has_value();
}

bool reachable(Session& db, int64_t user_id) {
  return reach(db, user_id).reachable;
}

Query reach_query(int64_t user_id) {
  static const std::string sql =
      "SELECT CASE WHEN u.kind = 'persona' THEN 1 ELSE 0 END FROM users u WHERE u.id = ? AND "
      "u.erased_at IS NULL" +
      std::string(kListed);
  return {sql, {user_id}};
}

Reach reach_of(const std::vector<Row>& rows) {
  if (rows.empty()) return {};
  return {.reachable = true, .persona = rows.front().integer(0) == 1};
}

Reach reach(Session& db, int64_t user_id) {
  return reach_of(db.query(reach_query(user_id)));
}

std::vector<console::Lock> end_locks(Session& db, int64_t persona_id, int64_t now) {
  std::vector<console::Lock> ended;
  for (const auto& row :
       db.query("SELECT member_id FROM console_locks WHERE persona_id = ? AND expires_at > ?",
                {persona_id, now})) {
    if (auto lock = console::break_lock(db, row.integer(0), persona_id, now)) {
      ended.push_back(std::move(*lock));
    }
  }
  return ended;
}

std::vector<int64_t> waiting_members(Session& db, int64_t persona_id) {
  std::vector<int64_t> members;
  for (const auto& row :
       db.query("SELECT member_id FROM console_queue WHERE persona_id = ?", {persona_id})) {
    members.push_back(row.integer(0));
  }
  return members;
}

void drop_like_backs(Session& db, int64_t persona_id) {
  db.execute("DELETE FROM pending_like_backs WHERE persona_id = ?", {persona_id});
}

}  // namespace kesher::store::personas
