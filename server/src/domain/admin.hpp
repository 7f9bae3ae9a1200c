#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

// The admin side of the console, without I/O (docs/protocol.md "Admin: members, reports and
// staff").
namespace kesher::domain::admin {

// A reason staff give for a change to a member (credits, a ban): one line, 1 to 200 characters
// after cleaning. The cleaned text, or nullopt.
inline constexpr size_t kMaxReasonCharacters = 200;
std::optional<std::string> check_reason(std::string_view raw);

// A credit adjustment moves at most this many credits either way, and never zero.
inline constexpr int64_t kMaxCreditAdjustment = 1'000'000;
bool valid_credit_delta(int64_t delta);
// The ledger key of an adjustment: the same client_id from the same staff member applies once.
std::string adjustment_key(int64_t staff_id, std::string_view client_id);

// What the member search looks for: an id when the query is all digits, and always the text in
// email and name. Nullopt for an empty or over-long query.
struct MemberQuery {
  std::optional<int64_t> id;
  std::string like_pattern;  // %text% with %, _ and \ escaped by '\'
};
inline constexpr size_t kMaxQueryCharacters = 100;
std::optional<MemberQuery> parse_member_query(std::string_view raw);

enum class ReportAction { dismiss, warn, ban };
std::optional<ReportAction> parse_report_action(std::string_view text);
std::string_view report_action_name(ReportAction action);

// A staff password set by an admin: 12 to 128 characters, as `kesher staff add` asks.
bool valid_staff_password(std::string_view password);

}  // namespace kesher::domain::admin
