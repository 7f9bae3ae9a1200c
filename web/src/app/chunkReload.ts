// A deploy replaces the hashed chunks, so an open tab can fail to load a lazy route. Reloading
// fetches the new index.html; the guard stops a reload loop when the chunk is really missing.
import { CHUNK_RELOAD_GUARD_MS, CHUNK_RELOAD_KEY } from './constants';

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return CHUNK_ERROR.test(message);
}

export function shouldReload(now: number, lastReloadAt: string | null): boolean {
  const last = lastReloadAt === null ? NaN : Number(lastReloadAt);
  return !Number.isFinite(last) || now - last >= CHUNK_RELOAD_GUARD_MS;
}

/** Reloads unless it already did so within the last minute. True if a reload was started. */
export function reloadForChunkError(now = Date.now()): boolean {
  let last: string | null = null;
  try {
    last = sessionStorage.getItem(CHUNK_RELOAD_KEY);
  } catch {
    // No storage: fall through and reload once; the browser's own state resets with the page.
  }
  if (!shouldReload(now, last)) return false;
  try {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false; // without the guard a reload could loop forever
  }
  location.reload();
  return true;
}

/** Whether reloadForChunkError would reload now; read-only, safe to call while rendering. */
export function chunkReloadAllowed(now = Date.now()): boolean {
  try {
    return shouldReload(now, sessionStorage.getItem(CHUNK_RELOAD_KEY));
  } catch {
    return false;
  }
}
