#include "store/profile_extras.hpp"

namespace kesher::store::profile_extras {

domain::extras::Extras of_user(Session& db, int64_t user_id) {
  domain::extras::Extras extras;
  for (const auto& row : db.query(
           "SELECT field, value FROM profile_extras WHERE user_id = ? ORDER BY field, position",
           {user_id})) {
    extras[row.text(0)].push_back(row.text(1));
  }
  return extras;
}

void apply(Session& db, int64_t user_id, const domain::extras::Changes& changes) {
  for (const auto& [field, values] : changes) {
    db.execute("DELETE FROM profile_extras WHERE user_id = ? AND field = ?", {user_id, field});
    int64_t position = 0;
    for (const auto& value : values) {
      db.execute("INSERT INTO profile_extras (user_id, field, value, position) VALUES (?, ?, ?, ?)",
                 {user_id, field, value, position++});
    }
  }
}

void remove_user(Session& db, int64_t user_id) {
  db.execute("DELETE FROM profile_extras WHERE user_id = ?", {user_id});
}

}  // namespace kesher::store::profile_extras
