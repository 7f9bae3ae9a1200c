#include "store/ledger_history.hpp"

namespace kesher::store::ledger {

std::vector<HistoryEntry> history(Session& db, int64_t user_id, int64_t offset, int64_t limit) {
  // The window runs over every entry of the user before the page is cut, so each balance is the
  // sum of that entry and all before it (ids increase with time).
  auto rows = db.query(
      "SELECT id, delta, reason, reference, created_at, SUM(delta) OVER (ORDER BY id) "
      "FROM credit_ledger WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?",
      {user_id, limit, offset});
  std::vector<HistoryEntry> entries;
  entries.reserve(rows.size());
  for (const auto& row : rows) {
    entries.push_back(
        {row.integer(0), row.integer(1), row.text(2), row.text(3), row.integer(4), row.integer(5)});
  }
  return entries;
}

}  // namespace kesher::store::ledger
