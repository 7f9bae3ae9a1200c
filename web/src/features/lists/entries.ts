// List helpers for the social lists (likes me, visitors, matches). Locked entries carry nothing
// at all, so they can't be deduplicated: they are kept as they come.
import type { ReceivedListEntry } from '../../realtime/protocol';

export const LIST_PAGE_SIZE = 20;

/** Appends incoming entries whose id is not in the list yet; locked entries are kept. */
export function mergeEntries<E extends ReceivedListEntry>(
  current: readonly E[],
  incoming: readonly E[],
): E[] {
  const seen = new Set<number>();
  for (const entry of current) if (entry.locked === 0) seen.add(entry.id);
  const merged = [...current];
  for (const entry of incoming) {
    if (entry.locked === 0) {
      if (seen.has(entry.id)) continue;
      seen.add(entry.id);
    }
    merged.push(entry);
  }
  return merged;
}

/** A stable React key for an entry, locked or not. */
export function entryKey(entry: ReceivedListEntry, index: number): string {
  return entry.locked === 1 ? `locked-${index}` : `id-${entry.id}`;
}
