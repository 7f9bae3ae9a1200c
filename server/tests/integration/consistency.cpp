#include "consistency.hpp"

namespace kesher::test {

namespace {

// Every rule is SQL that SQLite and PostgreSQL both run (the integration suite runs on both):
// no output column named in WHERE, LEAST/GREATEST spelled as CASE.

// The debit key store::chat::send gives a message (domain::chat::debit_key), as SQL over its row.
constexpr const char* kDebitKey =
    "CASE WHEN m.client_id IS NULL THEN 'message:' || m.id "
    "ELSE 'send:' || m.sender_id || ':' || m.client_id END";

struct Rule {
  const char* name;
  std::string violations;  // SQL: one row per violation
};

std::vector<Rule> rules() {
  return {
      {"balance differs from the sum of its ledger entries",
       "SELECT * FROM (SELECT u.id, u.credits, (SELECT COALESCE(SUM(l.delta), 0) FROM "
       "credit_ledger l WHERE l.user_id = u.id) AS total FROM users u) b WHERE b.credits <> "
       "b.total"},
      {"priced message without exactly one debit",
       std::string("SELECT m.id, m.sender_id, m.client_id FROM messages m WHERE m.price > 0 AND "
                   "(SELECT COUNT(*) FROM credit_ledger l WHERE l.reason = 'message' AND "
                   "l.reference = 'message:' || m.id) <> 1 OR m.price > 0 AND NOT EXISTS (SELECT "
                   "1 FROM credit_ledger l WHERE l.reason = 'message' AND l.reference = "
                   "'message:' || m.id AND l.user_id = m.sender_id AND l.delta = -m.price AND "
                   "l.idempotency_key = ") +
           kDebitKey + ")"},
      {"message debit without its message",
       "SELECT l.id, l.user_id, l.reference FROM credit_ledger l WHERE l.reason = 'message' AND "
       "NOT EXISTS (SELECT 1 FROM messages m WHERE l.reference = 'message:' || m.id AND "
       "m.sender_id = l.user_id AND l.delta = -m.price)"},
      {"client_id names more than one message",
       "SELECT sender_id, client_id, COUNT(*) FROM messages WHERE client_id IS NOT NULL GROUP BY "
       "sender_id, client_id HAVING COUNT(*) > 1"},
      {"conversation counters disagree with its messages",
       "SELECT c.user_id, c.other_id, c.unread, c.last_message_id FROM conversations c WHERE "
       "c.last_message_id <> (SELECT MAX(m.id) FROM messages m WHERE m.low_id = CASE WHEN "
       "c.user_id < c.other_id THEN c.user_id ELSE c.other_id END AND m.high_id = CASE WHEN "
       "c.user_id < c.other_id THEN c.other_id ELSE c.user_id END) OR c.unread <> (SELECT COUNT(*) "
       "FROM messages m WHERE m.sender_id = c.other_id AND m.receiver_id = c.user_id AND m.id > "
       "c.read_up_to)"},
      {"message without both conversation rows",
       "SELECT m.id FROM messages m WHERE (SELECT COUNT(*) FROM conversations c WHERE "
       "(c.user_id = m.sender_id AND c.other_id = m.receiver_id) OR (c.user_id = m.receiver_id "
       "AND c.other_id = m.sender_id)) <> 2"},
      {"free spins differ from the sum of their spin entries",
       "SELECT * FROM (SELECT u.id, u.free_spins, (SELECT COALESCE(SUM(s.delta), 0) FROM "
       "spin_ledger s WHERE s.user_id = u.id) AS total FROM users u) b WHERE b.free_spins <> "
       "b.total"},
      {"spin purchase without exactly its spin",
       "SELECT l.id, l.user_id FROM credit_ledger l WHERE l.reason = 'spin_purchase' AND (SELECT "
       "COUNT(*) FROM spin_ledger s WHERE s.idempotency_key = l.idempotency_key AND s.user_id = "
       "l.user_id AND s.delta = 1) <> 1"},
      {"wheel spin without exactly one used free spin",
       "SELECT u.id FROM users u WHERE (SELECT COUNT(*) FROM wheel_spins w WHERE w.user_id = "
       "u.id) <> (SELECT COUNT(*) FROM spin_ledger s WHERE s.user_id = u.id AND s.reason = "
       "'spin')"},
      {"wheel prize not paid exactly once",
       "SELECT w.id, w.kind, w.amount FROM wheel_spins w WHERE w.amount > 0 AND (w.kind = "
       "'coins' AND (SELECT COUNT(*) FROM credit_ledger l WHERE l.reason = 'wheel_prize' AND "
       "l.reference = 'spin:' || w.id AND l.user_id = w.user_id AND l.delta = w.amount) <> 1 OR "
       "w.kind = 'freespin' AND (SELECT COUNT(*) FROM spin_ledger s WHERE s.idempotency_key = "
       "'wheel_prize:' || w.id AND s.user_id = w.user_id AND s.delta = w.amount) <> 1)"},
  };
}

}  // namespace

std::vector<std::string> consistency_problems(const ServerProcess& server) {
  std::vector<std::string> problems;
  for (const Rule& rule : rules()) {
    for (const auto& row : query_rows(server, rule.violations)) {
      problems.push_back(std::string(rule.name) + ": " + json::serialize(row));
    }
  }
  // SQLite's own check of its file; PostgreSQL has none built in (amcheck is an extension).
  if (!server.database_url().empty()) return problems;
  auto integrity = query_rows(server, "PRAGMA integrity_check");
  bool ok = integrity.size() == 1 && integrity.at(0).as_array().at(0).is_string() &&
            integrity.at(0).as_array().at(0).as_string() == "ok";
  if (!ok) {
    problems.push_back("integrity_check: " + json::serialize(integrity));
  }
  return problems;
}

}  // namespace kesher::test
