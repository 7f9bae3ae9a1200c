#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/database.hpp"

// Staff, their sessions and the audit log (migration 0012). Staff are not members.
namespace kesher::store::staff {

struct StaffRecord {
  int64_t id = 0;
  std::string email;
  std::string password_hash;
  std::string role;         // operator or admin
  std::string totp_secret;  // base32; empty when none
  bool disabled = false;
};

std::optional<StaffRecord> find_by_email(Session& db, const std::string& email);
std::optional<StaffRecord> find_by_id(Session& db, int64_t id);
// Records the TOTP step of an accepted code unless that step or a later one was accepted
// before; false then (the code is being replayed).
bool accept_totp_step(Session& db, int64_t staff_id, int64_t step);
// Nullopt when the email is taken.
std::optional<int64_t> insert(Session& db, const std::string& email,
                              const std::string& password_hash, const std::string& role,
                              const std::string& totp_secret, int64_t now);

void insert_session(Session& db, const std::string& hash, int64_t staff_id, int64_t now,
                    int64_t expires_at);
struct ActiveStaffSession {
  int64_t staff_id = 0;
  int64_t expires_at = 0;
};
std::optional<ActiveStaffSession> find_session(Session& db, const std::string& hash, int64_t now);
void revoke_session(Session& db, const std::string& hash, int64_t now);

// ---- the audit log ----
struct AuditEntry {
  int64_t id = 0;
  std::optional<int64_t> staff_id;  // none for a failed login of an unknown email
  std::string email;
  std::string action;
  std::string object_type;
  std::string object_id;
  std::string detail;
  int64_t at = 0;
};
void audit(Session& db, std::optional<int64_t> staff_id, const std::string& action,
           const std::string& object_type, const std::string& object_id, const std::string& detail,
           int64_t now);
// Newest first, below `before_id` when given.
struct AuditFilter {
  std::optional<int64_t> staff_id;
  std::string action;       // exact; empty for any
  std::string object_type;  // exact; empty for any
  std::string object_id;    // exact; empty for any
  std::optional<int64_t> before_id;
  int64_t limit = 50;
};
// Newest first.
std::vector<AuditEntry> audit_search(Session& db, const AuditFilter& filter);

}  // namespace kesher::store::staff
