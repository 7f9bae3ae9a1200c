#include "store/sqlite_library.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <atomic>
#include <new>

namespace kesher::store {

namespace {

// ---- The page cache's truncation guard ----
//
// At the end of every write transaction SQLite drops the cached pages past the database's end
// (sqlite3PcacheTruncate). Its page cache finds them by walking every hash bucket and page
// unless the highest key it has seen is close to the limit, and a b-tree page split that
// reorders its new pages parks one for a moment at the lock-byte page's number (page 262,145 with
// 4 KiB pages), which the cache then remembers as its highest key. From then on each commit
// walked the whole 64 MiB cache: about 0.5 ms, 6-8% of the server's CPU at 6,000 msg/s
// (docs/decisions/0021-page-cache-truncation-guard.md).
//
// This wraps SQLite's own page cache and keeps, per cache, a bound on the keys of its live pages:
// every page enters the cache through a fetch of its key or a rekey to it, so the highest such
// key (lowered by each truncation that is passed on) bounds them all. The lock-byte page is never
// a database page; pages parked there are counted instead. A truncation whose limit is above the
// bound, while nothing is parked, has no page to drop, and is not passed on; any other is.
// Nothing else changes: every other call goes straight to SQLite's cache.

sqlite3_pcache_methods2 sqlite_cache{};  // SQLite's own page cache, which the guard wraps
std::atomic<uint64_t> truncations_skipped{0};
std::atomic<uint64_t> truncations_forwarded{0};
std::atomic<uint64_t> pages_parked{0};

struct GuardedCache {
  sqlite3_pcache* inner;
  unsigned lock_page;    // the lock-byte page's number at this page size
  unsigned highest = 0;  // no live page has a higher key, bar those parked at lock_page
  unsigned parked = 0;   // pages moved to lock_page and not moved away yet
  bool lock_page_fetched = false;
};

GuardedCache* guarded(sqlite3_pcache* cache) {
  return reinterpret_cast<GuardedCache*>(cache);
}

int guard_init(void*) {
  return sqlite_cache.xInit(sqlite_cache.pArg);
}
void guard_shutdown(void*) {
  if (sqlite_cache.xShutdown) sqlite_cache.xShutdown(sqlite_cache.pArg);
}

sqlite3_pcache* guard_create(int page_size, int extra, int purgeable) {
  sqlite3_pcache* inner = sqlite_cache.xCreate(page_size, extra, purgeable);
  if (!inner) return nullptr;
  constexpr unsigned kPendingByte = 0x40000000;  // SQLite's PENDING_BYTE
  auto* cache =
      new (std::nothrow) GuardedCache{inner, kPendingByte / static_cast<unsigned>(page_size) + 1};
  if (!cache) {
    sqlite_cache.xDestroy(inner);
    return nullptr;
  }
  return reinterpret_cast<sqlite3_pcache*>(cache);
}

void guard_cache_size(sqlite3_pcache* cache, int pages) {
  sqlite_cache.xCachesize(guarded(cache)->inner, pages);
}

int guard_page_count(sqlite3_pcache* cache) {
  return sqlite_cache.xPagecount(guarded(cache)->inner);
}

sqlite3_pcache_page* guard_fetch(sqlite3_pcache* cache, unsigned key, int create_flag) {
  GuardedCache* self = guarded(cache);
  // Only a fetch that may create a page adds a key; SQLite looks up the lock-byte page's number
  // without creating (to evict what is there) before it parks a page on it.
  if (create_flag != 0) {
    if (key == self->lock_page) {
      self->lock_page_fetched = true;  // never in a database; if it happens, pass everything on
    } else {
      self->highest = std::max(self->highest, key);
    }
  }
  return sqlite_cache.xFetch(self->inner, key, create_flag);
}

void guard_unpin(sqlite3_pcache* cache, sqlite3_pcache_page* page, int discard) {
  sqlite_cache.xUnpin(guarded(cache)->inner, page, discard);
}

void guard_rekey(sqlite3_pcache* cache, sqlite3_pcache_page* page, unsigned old_key,
                 unsigned new_key) {
  GuardedCache* self = guarded(cache);
  if (new_key == self->lock_page) {
    ++self->parked;
    pages_parked.fetch_add(1, std::memory_order_relaxed);
  } else {
    self->highest = std::max(self->highest, new_key);
  }
  if (old_key == self->lock_page && self->parked > 0) --self->parked;
  sqlite_cache.xRekey(self->inner, page, old_key, new_key);
}

void guard_truncate(sqlite3_pcache* cache, unsigned limit) {
  GuardedCache* self = guarded(cache);
  if (limit > self->highest && self->parked == 0 && !self->lock_page_fetched) {
    truncations_skipped.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  truncations_forwarded.fetch_add(1, std::memory_order_relaxed);
  sqlite_cache.xTruncate(self->inner, limit);
  if (limit > 0) self->highest = std::min(self->highest, limit - 1);
  if (limit <= self->lock_page) {
    self->parked = 0;
    self->lock_page_fetched = false;
  }
}

void guard_destroy(sqlite3_pcache* cache) {
  GuardedCache* self = guarded(cache);
  sqlite_cache.xDestroy(self->inner);
  delete self;
}

void guard_shrink(sqlite3_pcache* cache) {
  sqlite_cache.xShrink(guarded(cache)->inner);
}

bool install_truncation_guard() {
  if (sqlite3_config(SQLITE_CONFIG_GETPCACHE2, &sqlite_cache) != SQLITE_OK) return false;
  static sqlite3_pcache_methods2 guard{1,
                                       nullptr,
                                       guard_init,
                                       guard_shutdown,
                                       guard_create,
                                       guard_cache_size,
                                       guard_page_count,
                                       guard_fetch,
                                       guard_unpin,
                                       guard_rekey,
                                       guard_truncate,
                                       guard_destroy,
                                       guard_shrink};
  return sqlite3_config(SQLITE_CONFIG_PCACHE2, &guard) == SQLITE_OK;
}

}  // namespace

void configure_sqlite_library() {
  static const bool configured = [] {
    // Memory statistics take one global mutex around every allocation and free that SQLite makes
    // (9% of the committer's time in StoreChatSend's profile); nothing in Kesher reads them.
    bool statistics_off = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0) == SQLITE_OK;
    return install_truncation_guard() && statistics_off;
  }();
  (void)configured;
}

PageCacheTruncations page_cache_truncations() {
  return {truncations_skipped.load(std::memory_order_relaxed),
          truncations_forwarded.load(std::memory_order_relaxed),
          pages_parked.load(std::memory_order_relaxed)};
}

}  // namespace kesher::store
