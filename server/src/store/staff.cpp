#include "store/staff.hpp"

namespace kesher::store::staff {

namespace {

constexpr std::string_view kColumns =
    "SELECT id, email, password_hash, role, COALESCE(totp_secret, ''), disabled_at IS NOT NULL "
    "FROM staff ";

StaffRecord record_of(const Row& row) {
  return {row.integer(0), row.text(1), row.text(2), row.text(3), row.text(4), row.integer(5) != 0};
}

std::optional<StaffRecord> find_where(Session& db, std::string_view where, Value key) {
  auto rows = db.query(std::string(kColumns) + std::string(where), std::span<const Value>(&key, 1));
  if (rows.empty()) return std::nullopt;
  return record_of(rows.front());
}

}  // namespace

std::optional<StaffRecord> find_by_email(Session& db, const std::string& email) {
  return find_where(db, "WHERE email = ?", email);
}

std::optional<StaffRecord> find_by_id(Session& db, int64_t id) {
  return find_where(db, "WHERE id = ?", id);
}

std::optional<int64_t> insert(Session& db, const std::string& email,
                              const std::string& password_hash, const std::string& role,
                              const std::string& totp_secret, int64_t now) {
  if (find_by_email(db, email)) return std::nullopt;
  db.execute(
      "INSERT INTO staff (email, password_hash, role, totp_secret, created_at) "
      "VALUES (?, ?, ?, NULLIF(?, ''), ?)",
      {email, password_hash, role, totp_secret, now});
  return db.last_insert_id();
}

bool accept_totp_step(Session& db, int64_t staff_id, int64_t step) {
  return db.execute("UPDATE staff SET totp_last_step = ? WHERE id = ? AND totp_last_step < ?",
                    {step, staff_id, step}) > 0;
}

void insert_session(Session& db, const std::string& hash, int64_t staff_id, int64_t now,
                    int64_t expires_at) {
  db.execute(
      "INSERT INTO staff_sessions (hash, staff_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
      {hash, staff_id, now, expires_at});
}

std::optional<ActiveStaffSession> find_session(Session& db, const std::string& hash, int64_t now) {
  auto row = db.query_one(
      "SELECT s.staff_id, s.expires_at FROM staff_sessions s JOIN staff ON staff.id = s.staff_id "
      "WHERE s.hash = ? AND s.revoked_at IS NULL AND s.expires_at > ? "
      "AND staff.disabled_at IS NULL",
      {hash, now});
  if (!row) return std::nullopt;
  return ActiveStaffSession{row->integer(0), row->integer(1)};
}

void revoke_session(Session& db, const std::string& hash, int64_t now) {
  db.execute("UPDATE staff_sessions SET revoked_at = ? WHERE hash = ? AND revoked_at IS NULL",
             {now, hash});
}

void audit(Session& db, std::optional<int64_t> staff_id, const std::string& action,
           const std::string& object_type, const std::string& object_id, const std::string& detail,
           int64_t now) {
  db.execute(
      "INSERT INTO audit_log (staff_id, action, object_type, object_id, detail, at) "
      "VALUES (?, ?, ?, ?, ?, ?)",
      {staff_id ? Value(*staff_id) : Value(), action, object_type, object_id, detail, now});
}

std::vector<AuditEntry> audit_search(Session& db, const AuditFilter& filter) {
  std::string sql =
      "SELECT a.id, a.staff_id, COALESCE(s.email, ''), a.action, a.object_type, a.object_id, "
      "a.detail, a.at FROM audit_log a LEFT JOIN staff s ON s.id = a.staff_id WHERE a.id < ?";
  std::vector<Value> params{filter.before_id.value_or(INT64_MAX)};
  if (filter.staff_id) {
    sql += " AND a.staff_id = ?";
    params.emplace_back(*filter.staff_id);
  }
  if (!filter.action.empty()) {
    sql += " AND a.action = ?";
    params.emplace_back(filter.action);
  }
  if (!filter.object_type.empty()) {
    sql += " AND a.object_type = ?";
    params.emplace_back(filter.object_type);
  }
  if (!filter.object_id.empty()) {
    sql += " AND a.object_id = ?";
    params.emplace_back(filter.object_id);
  }
  sql += " ORDER BY a.id DESC LIMIT ?";
  params.emplace_back(filter.limit);
  std::vector<AuditEntry> entries;
  for (const auto& row : db.query(sql, std::span<const Value>(params))) {
    entries.push_back(
        {row.integer(0), row.is_null(1) ? std::nullopt : std::optional<int64_t>(row.integer(1)),
         row.text(2), row.text(3), row.text(4), row.text(5), row.text(6), row.integer(7)});
  }
  return entries;
}

}  // namespace kesher::store::staff
