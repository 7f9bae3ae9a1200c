#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "store/database.hpp"

// The member's own view of the ledger (docs/protocol.md "credits/history"); apart from ledger.hpp,
// which moves credits, because it only reads.
namespace kesher::store::ledger {

struct HistoryEntry {
  int64_t id = 0;
  int64_t delta = 0;
  std::string reason;
  std::string reference;
  int64_t time = 0;
  int64_t balance = 0;  // the balance right after this entry
};

// The user's entries, newest first.
std::vector<HistoryEntry> history(Session& db, int64_t user_id, int64_t offset, int64_t limit);

}  // namespace kesher::store::ledger
