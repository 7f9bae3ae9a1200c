#include "store/dashboard.hpp"

namespace kesher::store::dashboard {

// ?1 is the range's start: (t - ?1) / 86400 is the day's offset, t >= ?1 everywhere below.

std::vector<RevenueRow> revenue(Session& db, int64_t from, int64_t to) {
  std::vector<RevenueRow> rows;
  for (const auto& row :
       db.query("SELECT (updated_at - ?1) / 86400 AS day, kind, package_id, currency, "
                "SUM(amount_minor), COUNT(*) FROM payment_orders "
                "WHERE state = 'paid' AND updated_at >= ?1 AND updated_at < ?2 "
                "GROUP BY day, kind, package_id, currency ORDER BY day, kind, package_id, currency",
                {from, to})) {
    rows.push_back(
        {row.integer(0), row.text(1), row.integer(2), row.text(3), row.integer(4), row.integer(5)});
  }
  return rows;
}

std::vector<MessageCount> messages(Session& db, int64_t from, int64_t to) {
  std::vector<MessageCount> rows;
  for (const auto& row :
       db.query("SELECT (m.created_at - ?1) / 86400 AS day, "
                // CASE, not SUM of a comparison: PostgreSQL does not add booleans.
                "SUM(CASE WHEN u.kind = 'member' THEN 1 ELSE 0 END), "
                "SUM(CASE WHEN u.kind = 'persona' THEN 1 ELSE 0 END) "
                "FROM messages m JOIN users u ON u.id = m.sender_id "
                "WHERE m.created_at >= ?1 AND m.created_at < ?2 GROUP BY day ORDER BY day",
                {from, to})) {
    rows.push_back({row.integer(0), row.integer(1), row.integer(2)});
  }
  return rows;
}

std::vector<DayCount> new_members(Session& db, int64_t from, int64_t to) {
  std::vector<DayCount> rows;
  for (const auto& row : db.query("SELECT (created_at - ?1) / 86400 AS day, COUNT(*) FROM users "
                                  "WHERE kind = 'member' AND created_at >= ?1 AND created_at < ?2 "
                                  "GROUP BY day ORDER BY day",
                                  {from, to})) {
    rows.push_back({row.integer(0), row.integer(1)});
  }
  return rows;
}

std::vector<AnswerWait> answer_waits(Session& db, int64_t from, int64_t to) {
  std::vector<AnswerWait> rows;
  for (const auto& row :
       db.query("SELECT (answered_at - ?1) / 86400, waited_seconds "
                "FROM console_answers WHERE answered_at >= ?1 AND answered_at < ?2",
                {from, to})) {
    rows.push_back({row.integer(0), row.integer(1)});
  }
  return rows;
}

}  // namespace kesher::store::dashboard
