#include "store/admin_members.hpp"

#include "store/auth_tokens.hpp"

namespace kesher::store::admin {

namespace {

constexpr std::string_view kMemberColumns =
    "SELECT id, COALESCE(email, ''), name, created_at, credits, premium_until, banned_at, "
    "COALESCE(banned_reason, '') FROM users ";

std::optional<int64_t> optional_integer(const Row& row, size_t i) {
  return row.is_null(i) ? std::nullopt : std::optional<int64_t>(row.integer(i));
}

MemberRow member_of(const Row& row) {
  return {row.integer(0),           row.text(1),    row.text(2),
          row.integer(3),           row.integer(4), optional_integer(row, 5),
          optional_integer(row, 6), row.text(7)};
}

constexpr std::string_view kReportColumns =
    "SELECT id, reporter_id, reported_id, reason, created_at, handled_at, "
    "COALESCE(resolution, ''), resolution_note, resolved_by FROM reports ";

ReportRow report_of(const Row& row) {
  return {row.integer(0), row.integer(1), row.integer(2),
          row.text(3),    row.integer(4), optional_integer(row, 5),
          row.text(6),    row.text(7),    optional_integer(row, 8)};
}

}  // namespace

std::vector<MemberRow> search_members(Session& db, const domain::admin::MemberQuery& query,
                                      int64_t offset, int64_t limit) {
  auto rows = db.query(
      std::string(kMemberColumns) +
          // lower() on both sides: SQLite's LIKE ignores ASCII case, PostgreSQL's does not.
          "WHERE kind = 'member' AND (id = ? OR lower(email) LIKE lower(?) ESCAPE '\\' OR "
          "lower(name) LIKE lower(?) ESCAPE '\\') ORDER BY (id = ?) DESC, id DESC LIMIT ? OFFSET ?",
      {query.id.value_or(-1), query.like_pattern, query.like_pattern, query.id.value_or(-1), limit,
       offset});
  std::vector<MemberRow> members;
  for (const auto& row : rows) members.push_back(member_of(row));
  return members;
}

std::optional<MemberRow> member(Session& db, int64_t id) {
  auto row = db.query_one(std::string(kMemberColumns) + "WHERE id = ? AND kind = 'member'", {id});
  if (!row) return std::nullopt;
  return member_of(*row);
}

std::optional<std::vector<std::string>> ban(Session& db, int64_t user_id, const std::string& reason,
                                            int64_t now) {
  auto found = member(db, user_id);
  if (!found || found->banned_at) return std::nullopt;
  db.execute("UPDATE users SET banned_at = ?, banned_reason = ? WHERE id = ?",
             {now, reason, user_id});
  if (!found->email.empty()) {
    db.execute(
        "INSERT INTO banned_emails (email, user_id, banned_at) VALUES (?, ?, ?) "
        "ON CONFLICT DO NOTHING",
        {found->email, user_id, now});
  }
  devices::revoke_all(db, user_id, now);
  return sessions::revoke_all(db, user_id, now);
}

bool unban(Session& db, int64_t user_id) {
  auto found = member(db, user_id);
  if (!found || !found->banned_at) return false;
  db.execute("UPDATE users SET banned_at = NULL, banned_reason = NULL WHERE id = ?", {user_id});
  db.execute("DELETE FROM banned_emails WHERE user_id = ?", {user_id});
  return true;
}

bool is_banned(Session& db, int64_t user_id) {
  return db.query_one("SELECT 1 FROM users WHERE id = ? AND banned_at IS NOT NULL", {user_id})
      .has_value();
}

bool email_banned(Session& db, const std::string& email) {
  return db.query_one("SELECT 1 FROM banned_emails WHERE email = ?", {email}).has_value();
}

int64_t add_notice(Session& db, int64_t user_id, const std::string& kind, const std::string& text,
                   int64_t now) {
  db.execute("INSERT INTO member_notices (user_id, kind, text, created_at) VALUES (?, ?, ?, ?)",
             {user_id, kind, text, now});
  return db.last_insert_id();
}

std::vector<Notice> take_unshown_notices(Session& db, int64_t user_id, int64_t now) {
  auto rows = db.query(
      "SELECT id, kind, text, created_at FROM member_notices WHERE user_id = ? AND shown_at IS "
      "NULL ORDER BY id",
      {user_id});
  std::vector<Notice> notices;
  for (const auto& row : rows) {
    notices.push_back({row.integer(0), row.text(1), row.text(2), row.integer(3)});
  }
  if (!notices.empty()) {
    db.execute("UPDATE member_notices SET shown_at = ? WHERE user_id = ? AND shown_at IS NULL",
               {now, user_id});
  }
  return notices;
}

void mark_notice_shown(Session& db, int64_t notice_id, int64_t now) {
  db.execute("UPDATE member_notices SET shown_at = ? WHERE id = ? AND shown_at IS NULL",
             {now, notice_id});
}

std::vector<ReportRow> reports(Session& db, bool open_only, int64_t offset, int64_t limit) {
  std::string sql = std::string(kReportColumns) + (open_only ? "WHERE handled_at IS NULL " : "") +
                    "ORDER BY handled_at IS NOT NULL, CASE WHEN handled_at IS NULL THEN id ELSE "
                    "-id END LIMIT ? OFFSET ?";
  std::vector<ReportRow> list;
  for (const auto& row : db.query(sql, {limit, offset})) list.push_back(report_of(row));
  return list;
}

std::optional<ReportRow> report(Session& db, int64_t id) {
  auto row = db.query_one(std::string(kReportColumns) + "WHERE id = ?", {id});
  if (!row) return std::nullopt;
  return report_of(*row);
}

bool resolve_report(Session& db, int64_t id, domain::admin::ReportAction action,
                    const std::string& note, int64_t staff_id, int64_t now) {
  return db.execute(
             "UPDATE reports SET handled_at = ?, resolution = ?, resolution_note = ?, "
             "resolved_by = ? WHERE id = ? AND handled_at IS NULL",
             {now, std::string(domain::admin::report_action_name(action)), note, staff_id, id}) > 0;
}

std::vector<StaffRow> all_staff(Session& db) {
  std::vector<StaffRow> list;
  for (const auto& row : db.query(
           "SELECT id, email, role, disabled_at IS NOT NULL, created_at FROM staff ORDER BY id")) {
    StaffRow entry;
    entry.staff.id = row.integer(0);
    entry.staff.email = row.text(1);
    entry.staff.role = row.text(2);
    entry.staff.disabled = row.integer(3) != 0;
    entry.created_at = row.integer(4);
    list.push_back(std::move(entry));
  }
  return list;
}

bool set_staff_disabled(Session& db, int64_t staff_id, bool disabled, int64_t now) {
  if (disabled) {
    return db.execute("UPDATE staff SET disabled_at = ? WHERE id = ? AND disabled_at IS NULL",
                      {now, staff_id}) > 0;
  }
  return db.execute("UPDATE staff SET disabled_at = NULL WHERE id = ? AND disabled_at IS NOT NULL",
                    {staff_id}) > 0;
}

std::vector<std::string> revoke_staff_sessions(Session& db, int64_t staff_id, int64_t now) {
  std::vector<std::string> hashes;
  for (const auto& row :
       db.query("SELECT hash FROM staff_sessions WHERE staff_id = ? AND revoked_at IS NULL",
                {staff_id})) {
    hashes.push_back(row.text(0));
  }
  db.execute("UPDATE staff_sessions SET revoked_at = ? WHERE staff_id = ? AND revoked_at IS NULL",
             {now, staff_id});
  return hashes;
}

void reset_staff(Session& db, int64_t staff_id, const std::string& password_hash,
                 const std::string& totp_secret) {
  db.execute(
      "UPDATE staff SET password_hash = ?, totp_secret = NULLIF(?, ''), totp_last_step = 0 "
      "WHERE id = ?",
      {password_hash, totp_secret, staff_id});
}

}  // namespace kesher::store::admin
