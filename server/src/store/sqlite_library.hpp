#pragma once

#include <sqlite3.h>

namespace kesher::store {

// Process-wide SQLite settings. SQLite accepts them only before its first use, so every place
// that opens a database calls this before it does.
inline void configure_sqlite_library() {
  static const bool configured = [] {
    // Memory statistics take one global mutex around every allocation and free that SQLite makes
    // (9% of the committer's time in StoreChatSend's profile); nothing in Kesher reads them.
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0) == SQLITE_OK;
  }();
  (void)configured;
}

}  // namespace kesher::store
