#pragma once
#include <cstdint>
#include <string>

#include "store/database.hpp"

namespace kesher::store::ledger {

enum class Outcome { applied, duplicate, insufficient_credits };

struct Entry {
  int64_t user_id;
  int64_t delta;  // positive credits in, negative credits spent
  std::string reason;
  std::string reference;
  std::string idempotency_key;  // unique: the same key is applied once only
};

// Inside the caller's write transaction: appends the entry and moves the balance with it, or
// changes nothing when the key was used before or the balance would fall below zero.
Outcome apply(Session& db, const Entry& entry, int64_t now);
int64_t balance(Session& db, int64_t user_id);
// The same as a query and its reading, for a batch (Session::query_batch).
Query balance_query(int64_t user_id);
int64_t balance_from(const std::vector<Row>& rows);
int64_t sum_of_entries(Session& db, int64_t user_id);

}  // namespace kesher::store::ledger
