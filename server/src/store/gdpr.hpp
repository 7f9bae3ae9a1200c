#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/console.hpp"
#include "store/database.hpp"

// What the GDPR export reads and what erasure removes (docs/architecture.md, "What erasure
// removes"; migration 0013). Only the member's own rows, and of other people only their id and
// public name.
namespace kesher::store::gdpr {

// ---- export ----

struct ExportMessage {
  int64_t id = 0;
  int64_t sender_id = 0;
  int64_t receiver_id = 0;
  std::string type;  // text, gift, image, pphoto
  std::string body;  // empty for pictures: their files are listed apart
  std::optional<int64_t> gift_id;
  int64_t price = 0;
  int64_t created_at = 0;
  int64_t other_id = 0;
  std::string other_name;
  bool other_erased = false;
};
// The people the member has a conversation with (sent or received), each once.
std::vector<int64_t> partners(Session& db, int64_t user_id);
int64_t message_count(Session& db, int64_t user_id, int64_t partner_id);
// The pair's messages, sent and received, oldest first, with an id above `after_id`.
std::vector<ExportMessage> messages_after(Session& db, int64_t user_id, int64_t partner_id,
                                          int64_t after_id, int64_t limit);

// Someone the member liked, passed, matched, visited or blocked (or who liked or visited them),
// and when.
struct ExportPerson {
  int64_t id = 0;
  std::string name;
  int64_t at = 0;
  bool liked = true;  // for swipes given: a like or a pass
  int64_t count = 1;  // for visits
};
std::vector<ExportPerson> swipes_given(Session& db, int64_t user_id);
std::vector<ExportPerson> matches(Session& db, int64_t user_id);
std::vector<ExportPerson> visits_made(Session& db, int64_t user_id);
std::vector<ExportPerson> blocks_made(Session& db, int64_t user_id);
// Received likes and visits, leaving out anyone blocked either way, as the app's lists do.
std::vector<ExportPerson> likes_received(Session& db, int64_t user_id);
std::vector<ExportPerson> visits_received(Session& db, int64_t user_id);
int64_t likes_received_count(Session& db, int64_t user_id);
int64_t visits_received_count(Session& db, int64_t user_id);

// The member's uploads (profile photos, stories, chat pictures): display file names.
struct ExportUpload {
  std::string name;
  int width = 0;
  int height = 0;
  int64_t created_at = 0;
  bool profile_photo = false;
};
std::vector<ExportUpload> uploads(Session& db, int64_t user_id);

struct ExportSpin {
  std::string kind;
  int64_t amount = 0;
  int64_t at = 0;
};
std::vector<ExportSpin> spins(Session& db, int64_t user_id);

// ---- erasure ----

struct Erasure {
  bool erased = false;                      // false: no such member, a persona, or already erased
  std::vector<std::string> session_hashes;  // to close their sockets (4001)
  std::vector<std::string> files;           // upload file names (without .jpg) to delete
  std::vector<console::Lock> locks;         // live locks on their conversations, now dropped
  std::vector<int64_t> queued_personas;     // personas whose queue held them
};
// One unit of work, inside the caller's write transaction.
Erasure erase_member(Session& db, int64_t user_id, int64_t now);

// A member row that is neither a persona nor erased.
bool is_live_member(Session& db, int64_t user_id);

}  // namespace kesher::store::gdpr
