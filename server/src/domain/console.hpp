#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// The staff console's rules, without I/O (docs/protocol.md "The staff console").
namespace kesher::domain::console {

enum class Role { operator_role, admin };
std::optional<Role> parse_role(std::string_view text);
std::string_view role_name(Role role);
// Admins may do everything operators may, and the admin-only modules.
bool allowed(Role caller, Role needed);

// What the console may keep about a member (spec: "notes … in categories").
bool valid_note_category(std::string_view category);
inline constexpr size_t kMaxNoteCharacters = 500;

// A member's language filter for the queue: empty (all) or he, en, de.
bool valid_language_filter(std::string_view language);

// Answer times: how many, the median and the 90th percentile (nearest rank), in seconds.
struct AnswerSummary {
  int64_t answered = 0;
  int64_t median_seconds = 0;
  int64_t p90_seconds = 0;
};
AnswerSummary summarize(std::vector<int64_t> waits);

// "2026-11-25": the UTC day of a unix time, the statistics' unit.
std::string utc_day(int64_t unix_seconds);

// The console renews its locks every third of the lease while the operator is active, so a lock
// lapses about one lease after the console goes quiet.
inline constexpr int64_t kDefaultLeaseSeconds = 90;
inline constexpr int64_t kDefaultMaxLocks = 3;

// Typing events are passed on at most once per this many seconds per pair.
inline constexpr int64_t kTypingIntervalSeconds = 2;

}  // namespace kesher::domain::console
