#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "domain/admin.hpp"
#include "store/database.hpp"
#include "store/staff.hpp"

// What the admin side of the console reads and changes (migration 0014; docs/protocol.md
// "Admin: members, reports and staff"). Every change runs inside the caller's write transaction,
// beside its audit entry.
namespace kesher::store::admin {

// ---- members ----

struct MemberRow {
  int64_t id = 0;
  std::string email;
  std::string name;
  int64_t created_at = 0;
  int64_t credits = 0;
  std::optional<int64_t> premium_until;
  std::optional<int64_t> banned_at;
  std::string banned_reason;
};

// Members (never personas) whose id is the query's or whose email or name holds its text,
// newest account first.
std::vector<MemberRow> search_members(Session& db, const domain::admin::MemberQuery& query,
                                      int64_t offset, int64_t limit);
std::optional<MemberRow> member(Session& db, int64_t id);

// Bans the member: the account is marked, its email may not register again, and every session
// and trusted browser is revoked. The revoked sessions' hashes (to close their sockets); nullopt
// when there is no such member or the member was banned already.
std::optional<std::vector<std::string>> ban(Session& db, int64_t user_id, const std::string& reason,
                                            int64_t now);
// False when the member was not banned.
bool unban(Session& db, int64_t user_id);
bool is_banned(Session& db, int64_t user_id);
bool email_banned(Session& db, const std::string& email);

// ---- notices ----

struct Notice {
  int64_t id = 0;
  std::string kind;  // warning
  std::string text;
  int64_t created_at = 0;
};
int64_t add_notice(Session& db, int64_t user_id, const std::string& kind, const std::string& text,
                   int64_t now);
// The notices the member has not been shown yet, oldest first; they count as shown from now.
std::vector<Notice> take_unshown_notices(Session& db, int64_t user_id, int64_t now);
void mark_notice_shown(Session& db, int64_t notice_id, int64_t now);

// ---- reports ----

struct ReportRow {
  int64_t id = 0;
  int64_t reporter_id = 0;
  int64_t reported_id = 0;
  std::string reason;
  int64_t created_at = 0;
  std::optional<int64_t> handled_at;
  std::string resolution;  // dismiss, warn, ban; empty while open
  std::string note;
  std::optional<int64_t> resolved_by;
};
// Open reports first (oldest first), then resolved ones (newest first).
std::vector<ReportRow> reports(Session& db, bool open_only, int64_t offset, int64_t limit);
std::optional<ReportRow> report(Session& db, int64_t id);
// False when the report was resolved already.
bool resolve_report(Session& db, int64_t id, domain::admin::ReportAction action,
                    const std::string& note, int64_t staff_id, int64_t now);

// ---- staff ----

struct StaffRow {
  staff::StaffRecord staff;
  int64_t created_at = 0;
};
std::vector<StaffRow> all_staff(Session& db);
// False when nothing changed (no such staff member, or already in that state).
bool set_staff_disabled(Session& db, int64_t staff_id, bool disabled, int64_t now);
// Revokes every live session of the staff member and returns their hashes.
std::vector<std::string> revoke_staff_sessions(Session& db, int64_t staff_id, int64_t now);
// A new password hash, and a new TOTP secret (empty for none) whose steps start afresh.
void reset_staff(Session& db, int64_t staff_id, const std::string& password_hash,
                 const std::string& totp_secret);

}  // namespace kesher::store::admin
