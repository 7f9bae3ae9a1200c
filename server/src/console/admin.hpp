#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/context.hpp"
#include "protocol/envelope.hpp"
#include "store/database.hpp"

// What the admin modules share (docs/protocol.md "Admin: members, reports and staff").
namespace kesher::console::admin {

// The payload's "member_id" when it is a positive integer; nullopt otherwise (and `fields` marks
// a value of the wrong type).
std::optional<int64_t> read_member_id(protocol::Fields& fields);

// Bans the member and audits it, inside the caller's write transaction; `detail` adds to the
// audit entry (the report it came from). The sessions to close after the commit (close_sessions),
// or nullopt when there is no such member or the member is banned already.
std::optional<std::vector<std::string>> ban_in(store::Session& db, int64_t staff_id,
                                               int64_t member_id, const std::string& reason,
                                               const std::string& detail, int64_t now);
// Closes the members' sockets of these sessions at once (4001, logged out).
void close_sessions(app::Context& app, const std::vector<std::string>& session_hashes);

// A staff warning to the member: stored as a notice inside the caller's transaction.
int64_t warn_in(store::Session& db, int64_t member_id, const std::string& text, int64_t now);
// After the commit: the `notification` event to the member's open sockets; a member with one
// open has been shown the notice, otherwise session/validate shows it at the next sign-in.
void deliver_warning(app::Context& app, int64_t member_id, int64_t notice_id,
                     const std::string& text);

}  // namespace kesher::console::admin
