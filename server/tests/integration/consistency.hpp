#pragma once
// The rules the stored state keeps whatever happened to the process: read from the server's
// SQLite file after a crash, or from a backup, by the crash and backup tests.
#include <string>
#include <vector>

#include "harness.hpp"

namespace kesher::test {

// One line per broken rule instance; empty when every rule holds:
// - every balance equals the sum of its ledger entries;
// - every priced message has exactly one debit (its idempotency key, its price, its reference),
//   and every message debit has its message;
// - a sender's client_id names at most one message;
// - every free-spin count equals the sum of its spin entries; each spin bought has its spin, each
//   wheel spin used one, and each prize was paid once (coins in the ledger, spins as entries);
// - each side of a conversation counts the messages it has not read and points at the last one;
// - PRAGMA integrity_check says "ok".
std::vector<std::string> consistency_problems(const ServerProcess& server);

}  // namespace kesher::test
