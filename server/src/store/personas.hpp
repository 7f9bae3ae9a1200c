#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "domain/personas.hpp"
#include "store/console.hpp"
#include "store/database.hpp"
#include "store/users.hpp"

// Personas as admins manage them in the console (console/admin_personas.cpp). A persona is a user
// of kind "persona"; the demo ones carry the generator's key, those made in the console none.
namespace kesher::store::personas {

// The users-table condition of someone others may find and write to: not banned (a member) and
// not disabled (a persona). `u` is the users alias of the query it is appended to.
inline constexpr std::string_view kListed = " AND u.banned_at IS NULL AND u.disabled_at IS NULL";

struct PersonaRecord {
  int64_t id = 0;
  std::string key;  // empty for a persona made in the console
  NewUser user;     // name, gender, birth date, language, place and whom the persona looks for
  std::string bio;
  int likes_back_percent = 0;
  int like_back_delay_s = 0;
  std::optional<int64_t> disabled_at;
  std::optional<int64_t> edited_at;
  int64_t created_at = 0;
};

// A checked profile as the users table holds it.
NewUser to_new_user(const domain::PersonaProfileFields& persona, int64_t place_id);

// Every persona, by name; erased ones never exist (personas are not erased).
std::vector<PersonaRecord> list(Session& db);
std::optional<PersonaRecord> find(Session& db, int64_t id);
// A new persona: its profile, its like-back setting and its cell are the caller's to give.
int64_t create(Session& db, const NewUser& user, const std::string& bio, int likes_back_percent,
               int like_back_delay_s, int64_t now);
// Brings the persona to these values and marks it edited, so the demo seeding leaves it alone.
void update(Session& db, int64_t id, const NewUser& user, const std::string& bio,
            int likes_back_percent, int like_back_delay_s, int64_t now);
// False when it already was so.
bool set_disabled(Session& db, int64_t id, bool disabled, int64_t now);
// Marks a persona edited (its photos changed) so the demo seeding leaves it alone.
void mark_edited(Session& db, int64_t id, int64_t now);
bool edited_by_admin(Session& db, int64_t id);
// Not banned, not disabled, not erased: someone a member may write to.
bool reachable(Session& db, int64_t user_id);
// reachable() and whether the user is a persona, in one lookup (a message's receiver).
struct Reach {
  bool reachable = false;
  bool persona = false;
};
Reach reach(Session& db, int64_t user_id);
// The same as a query and its reading, for a batch (Session::query_batch).
Query reach_query(int64_t user_id);
Reach reach_of(const std::vector<Row>& rows);
// Ends every live lock on the persona's conversations; the locks that were held.
std::vector<console::Lock> end_locks(Session& db, int64_t persona_id, int64_t now);
// Members with a conversation waiting for the persona's answer.
std::vector<int64_t> waiting_members(Session& db, int64_t persona_id);
// Pending like-backs of a disabled persona are dropped: it likes nobody back.
void drop_like_backs(Session& db, int64_t persona_id);

}  // namespace kesher::store::personas
