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

/** Up to two initials of a name, for a photo placeholder. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.slice(0, 2).map((part) => Array.from(part)[0] ?? '');
  return letters.join('').toLocaleUpperCase();
}

const PALETTES: readonly [string, string][] = [
  ['#ff8fa8', '#a8326e'],
  ['#ffb48a', '#e8436b'],
  ['#b69cff', '#7c4dff'],
  ['#7fd1c7', '#3c8d93'],
  ['#ffc86b', '#e07a2e'],
  ['#8fb8ff', '#5a58d6'],
];

/** A pleasant two-colour gradient chosen from a seed, so a person keeps the same colours. */
export function gradientFor(seed: number): string {
  const index = Math.abs(Math.trunc(seed)) % PALETTES.length;
  const [from, to] = PALETTES[index] ?? PALETTES[0] ?? ['#ff8fa8', '#a8326e'];
  return `linear-gradient(150deg, ${from} 0%, ${to} 100%)`;
}
