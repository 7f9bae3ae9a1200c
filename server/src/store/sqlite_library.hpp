#pragma once

#include <cstdint>

namespace kesher::store {

// Process-wide SQLite settings. SQLite accepts them only before its first use, so every place
// that opens a database calls this before it does (store/sqlite_library.cpp says what they are).
void configure_sqlite_library();

// What the page cache's truncation guard did since the process started (for the tests).
struct PageCacheTruncations {
  uint64_t skipped = 0;    // no page could be past the limit: nothing to scan
  uint64_t forwarded = 0;  // handed to SQLite's own cache
  uint64_t parked = 0;     // pages SQLite moved to the lock-byte page's number for a moment
};
PageCacheTruncations page_cache_truncations();

}  // namespace kesher::store
