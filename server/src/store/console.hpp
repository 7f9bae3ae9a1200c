#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/database.hpp"

// The console's queue, locks, answer times, notes and canned replies (migration 0012).
namespace kesher::store::console {

// ---- the queue ----

struct QueueRow {
  int64_t member_id = 0;
  int64_t persona_id = 0;
  int64_t waiting_since = 0;
  int64_t last_message_id = 0;
  int64_t last_message_at = 0;
  int64_t waiting = 0;
  std::string preview;  // the last message's text (empty for a picture)
  std::string preview_type;
  std::string member_language;
};

// Whether `id` is a persona.
bool is_persona(Session& db, int64_t id);
// A member's message to a persona waits for an answer: adds the conversation to the queue, or
// counts one more waiting message. Inside the send's own transaction.
void note_waiting(Session& db, int64_t member_id, int64_t persona_id, int64_t message_id,
                  int64_t at);
// The persona answered: the conversation leaves the queue, and its wait is recorded for the
// statistics. The wait in seconds, when it was waiting.
std::optional<int64_t> note_answered(Session& db, int64_t member_id, int64_t persona_id,
                                     int64_t staff_id, int64_t now);
// Oldest wait first; `language` filters by the member's language when not empty.
std::vector<QueueRow> queue(Session& db, const std::string& language, int64_t limit);
std::optional<QueueRow> queue_item(Session& db, int64_t member_id, int64_t persona_id);

// ---- locks ----

struct Lock {
  int64_t member_id = 0;
  int64_t persona_id = 0;
  int64_t staff_id = 0;
  std::string email;  // the holder's
  int64_t expires_at = 0;
};

enum class ClaimStatus { claimed, locked, too_many_locks, not_found };
struct ClaimResult {
  ClaimStatus status = ClaimStatus::not_found;
  Lock lock;  // the caller's new lock, or the other holder's for `locked`
};
// Takes the conversation's lock for `lease` seconds unless another operator holds a live one or
// the caller already holds `max_locks`. Claiming one's own lock again renews it. Run inside one
// write transaction: the single writer makes two claims at once end with exactly one holder.
ClaimResult claim(Session& db, int64_t member_id, int64_t persona_id, int64_t staff_id, int64_t now,
                  int64_t lease, int64_t max_locks);
// Extends every live lock of the caller to now + lease, and returns them.
std::vector<Lock> renew(Session& db, int64_t staff_id, int64_t now, int64_t lease);
std::vector<Lock> locks_of(Session& db, int64_t staff_id, int64_t now);
std::optional<Lock> lock_on(Session& db, int64_t member_id, int64_t persona_id, int64_t now);
// The live locks on the member's conversations, with any persona.
std::vector<Lock> locks_on_member(Session& db, int64_t member_id, int64_t now);
// The caller's own lock; false when it held none there.
bool release(Session& db, int64_t member_id, int64_t persona_id, int64_t staff_id);
// Any holder's lock (an admin's break); the lock that was broken.
std::optional<Lock> break_lock(Session& db, int64_t member_id, int64_t persona_id, int64_t now);
bool any_expired(Session& db, int64_t now);
// Removes the locks whose lease has run out by `now`, and returns them.
std::vector<Lock> expire(Session& db, int64_t now);
// Personas with at least one live lock: the ones online now.
std::vector<int64_t> locked_personas(Session& db, int64_t now);
// Whether the persona has a live lock held by this operator on any conversation.
bool holds_persona(Session& db, int64_t staff_id, int64_t persona_id, int64_t now);

// ---- notes ----

struct Note {
  int64_t id = 0;
  int64_t member_id = 0;
  std::optional<int64_t> persona_id;
  std::string category;
  std::string text;
  int64_t staff_id = 0;
  int64_t updated_at = 0;
};
// The member's own notes and those of the pair, oldest first.
std::vector<Note> notes(Session& db, int64_t member_id, int64_t persona_id);
std::optional<Note> note(Session& db, int64_t id);
int64_t insert_note(Session& db, const Note& note, int64_t now);
void update_note(Session& db, int64_t id, const std::string& category, const std::string& text,
                 int64_t staff_id, int64_t now);
void delete_note(Session& db, int64_t id);

// ---- canned replies ----

struct CannedReply {
  int64_t id = 0;
  std::string language;
  std::string title;
  std::string text;
};
std::vector<CannedReply> canned_replies(Session& db, const std::string& language);

// ---- statistics ----

struct AnswerRow {
  int64_t staff_id = 0;
  std::string email;
  int64_t persona_id = 0;
  std::string persona_name;
  int64_t waited_seconds = 0;
  int64_t answered_at = 0;
};
std::vector<AnswerRow> answers_since(Session& db, int64_t since);

// The operator who wrote each of these messages (none for a member's own).
std::vector<std::pair<int64_t, int64_t>> operators_of(Session& db,
                                                      const std::vector<int64_t>& message_ids);

}  // namespace kesher::store::console
