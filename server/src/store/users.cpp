#include "store/users.hpp"

#include <span>

namespace kesher::store::users {

namespace {

constexpr std::string_view kSelectUser =
    "SELECT id, kind, COALESCE(email, ''), COALESCE(password_hash, ''), email_verified, name, "
    "gender, birth_date, bio, answer, language, place_id, s_gender, s_age_min, s_age_max, "
    "s_radius, "
    "credits, COALESCE(premium_until, 0) > kesher_now(), free_credits_announced, created_at, "
    "premium_until, free_spins FROM users ";

UserRecord to_user(const Row& row) {
  UserRecord u;
  u.id = row.integer(0);
  u.kind = row.text(1);
  u.email = row.text(2);
  u.password_hash = row.text(3);
  u.email_verified = row.integer(4) != 0;
  u.name = row.text(5);
  u.gender = static_cast<int>(row.integer(6));
  u.birth_date = domain::parse_date(row.text(7)).value_or(domain::Date{});
  u.bio = row.text(8);
  u.answer = static_cast<int>(row.integer(9));
  u.language = row.text(10);
  u.place_id = row.integer(11);
  u.s_gender = static_cast<int>(row.integer(12));
  u.s_age_min = static_cast<int>(row.integer(13));
  u.s_age_max = static_cast<int>(row.integer(14));
  u.s_radius = static_cast<int>(row.integer(15));
  u.credits = row.integer(16);
  u.premium = row.integer(17) != 0;
  u.free_credits_announced = row.integer(18) != 0;
  u.created_at = row.integer(19);
  if (!row.is_null(20)) u.premium_until = row.integer(20);
  u.free_spins = row.integer(21);
  return u;
}

std::optional<UserRecord> first(std::vector<Row> rows) {
  if (rows.empty()) return std::nullopt;
  return to_user(rows.front());
}

}  // namespace

std::optional<UserRecord> find_by_id(Session& db, int64_t id) {
  static const std::string sql = std::string(kSelectUser) + "WHERE id = ? AND erased_at IS NULL";
  return first(db.query(sql, {id}));
}

std::optional<UserRecord> find_by_email(Session& db, const std::string& email) {
  static const std::string sql = std::string(kSelectUser) + "WHERE email = ? AND erased_at IS NULL";
  return first(db.query(sql, {email}));
}

bool exists(Session& db, int64_t id) {
  return db.query_one("SELECT 1 FROM users WHERE id = ? AND erased_at IS NULL", {id}).has_value();
}

bool existed(Session& db, int64_t id) {
  return db.query_one("SELECT 1 FROM users WHERE id = ?", {id}).has_value();
}

std::optional<std::string> language_of(Session& db, int64_t id) {
  auto row = db.query_one("SELECT language FROM users WHERE id = ?", {id});
  if (!row) return std::nullopt;
  return row->text(0);
}

int64_t insert(Session& db, const NewUser& u, int64_t now) {
  db.execute(
      "INSERT INTO users (kind, email, password_hash, name, gender, birth_date, answer, language, "
      "place_id, s_gender, s_age_min, s_age_max, s_radius, created_at) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      {u.kind, u.email.empty() ? Value{} : Value{u.email},
       u.password_hash.empty() ? Value{} : Value{u.password_hash}, u.name, int64_t{u.gender},
       domain::format_date(u.birth_date), int64_t{u.answer}, u.language, u.place_id,
       int64_t{u.s_gender}, int64_t{u.s_age_min}, int64_t{u.s_age_max}, int64_t{u.s_radius}, now});
  return db.last_insert_id();
}

void update(Session& db, int64_t id, UserColumn column, const Value& value) {
  // One named statement per column: the column name is never built from input.
  std::string_view sql;
  switch (column) {
    case UserColumn::name:
      sql = "UPDATE users SET name = ? WHERE id = ?";
      break;
    case UserColumn::bio:
      sql = "UPDATE users SET bio = ? WHERE id = ?";
      break;
    case UserColumn::gender:
      sql = "UPDATE users SET gender = ? WHERE id = ?";
      break;
    case UserColumn::answer:
      sql = "UPDATE users SET answer = ? WHERE id = ?";
      break;
    case UserColumn::s_gender:
      sql = "UPDATE users SET s_gender = ? WHERE id = ?";
      break;
    case UserColumn::s_radius:
      sql = "UPDATE users SET s_radius = ? WHERE id = ?";
      break;
    case UserColumn::place_id:
      sql = "UPDATE users SET place_id = ? WHERE id = ?";
      break;
    case UserColumn::language:
      sql = "UPDATE users SET language = ? WHERE id = ?";
      break;
  }
  db.execute(sql, {value, id});
}

void set_age_range(Session& db, int64_t id, int low, int high) {
  db.execute("UPDATE users SET s_age_min = ?, s_age_max = ? WHERE id = ?",
             {int64_t{low}, int64_t{high}, id});
}

void set_password_hash(Session& db, int64_t id, const std::string& hash) {
  db.execute("UPDATE users SET password_hash = ? WHERE id = ?", {hash, id});
}

void set_email_verified(Session& db, int64_t id) {
  db.execute("UPDATE users SET email_verified = 1 WHERE id = ?", {id});
}

void set_premium_until(Session& db, int64_t id, std::optional<int64_t> premium_until) {
  db.execute("UPDATE users SET premium_until = ? WHERE id = ?",
             {premium_until ? Value(*premium_until) : Value(), id});
}

bool claim_free_credits_notice(Session& db, int64_t id) {
  return db.execute(
             "UPDATE users SET free_credits_announced = 1 WHERE id = ? AND "
             "free_credits_announced = 0",
             {id}) == 1;
}

std::optional<int64_t> persona_by_key(Session& db, const std::string& key) {
  auto row = db.query_one("SELECT id FROM users WHERE persona_key = ?", {key});
  if (!row) return std::nullopt;
  return row->integer(0);
}

bool update_persona(Session& db, int64_t id, const NewUser& u, const PersonaProfile& profile) {
  std::vector<Value> values{u.name,
                            int64_t{u.gender},
                            domain::format_date(u.birth_date),
                            int64_t{u.answer},
                            u.language,
                            u.place_id,
                            int64_t{u.s_gender},
                            int64_t{u.s_age_min},
                            int64_t{u.s_age_max},
                            profile.bio,
                            int64_t{profile.likes_back_percent},
                            int64_t{profile.like_back_delay_s},
                            id};
  return db.execute(
             // IS DISTINCT FROM: the null-safe comparison both engines know (SQLite's own
             // "IS NOT" is not PostgreSQL's).
             "UPDATE users SET name = ?1, gender = ?2, birth_date = ?3, answer = ?4, language = "
             "?5, place_id = ?6, s_gender = ?7, s_age_min = ?8, s_age_max = ?9, bio = ?10, "
             "likes_back_percent = ?11, like_back_delay_s = ?12 WHERE id = ?13 AND (name IS "
             "DISTINCT FROM ?1 OR gender IS DISTINCT FROM ?2 OR birth_date IS DISTINCT FROM ?3 OR "
             "answer IS DISTINCT FROM ?4 OR language IS DISTINCT FROM ?5 OR place_id IS DISTINCT "
             "FROM ?6 OR s_gender IS DISTINCT FROM ?7 OR s_age_min IS DISTINCT FROM ?8 OR "
             "s_age_max IS DISTINCT FROM ?9 OR bio IS DISTINCT FROM ?10 OR likes_back_percent IS "
             "DISTINCT FROM ?11 OR like_back_delay_s IS DISTINCT FROM ?12)",
             std::span<const Value>(values)) > 0;
}

void set_persona_profile(Session& db, int64_t id, const PersonaProfile& profile) {
  db.execute(
      "UPDATE users SET persona_key = ?, bio = ?, likes_back_percent = ?, like_back_delay_s = ? "
      "WHERE id = ?",
      {profile.key, profile.bio, int64_t{profile.likes_back_percent},
       int64_t{profile.like_back_delay_s}, id});
}

}  // namespace kesher::store::users
