// List rules of spec §4, as pure functions: meet, popular, likes-me and cards merge without
// duplicates by id; my likes merge by id with newer entries replacing older ones, newest first.
import type { PeopleListEntry } from '../../realtime/protocol';

/** Spec §4: meet and popular are replaced by incoming data only while they hold fewer than 20. */
export const REPLACE_BELOW = 20;

/** Appends the incoming items whose id the list doesn't hold yet, keeping the existing order. */
export function mergeById<T extends { id: number }>(current: readonly T[], incoming: readonly T[]) {
  const seen = new Set(current.map((item) => item.id));
  const merged = [...current];
  for (const item of incoming) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    merged.push(item);
  }
  return merged;
}

/**
 * A page for meet or popular: the first page replaces a short list (spec §4), any other page is
 * merged without duplicates.
 */
export function applyPage<T extends { id: number }>(
  current: readonly T[],
  incoming: readonly T[],
  offset: number,
): T[] {
  if (offset === 0 && current.length < REPLACE_BELOW) return mergeById([], incoming);
  return mergeById(current, incoming);
}

/** My likes: the newer entry for an id replaces the older, sorted by time, newest first. */
export function mergeByIdNewest(
  current: readonly PeopleListEntry[],
  incoming: readonly PeopleListEntry[],
): PeopleListEntry[] {
  const byId = new Map<number, PeopleListEntry>();
  for (const entry of [...current, ...incoming]) {
    const known = byId.get(entry.id);
    if (!known || entry.time >= known.time) byId.set(entry.id, entry);
  }
  return [...byId.values()].sort((a, b) => b.time - a.time);
}

export function withoutId<T extends { id: number | null }>(list: readonly T[], id: number): T[] {
  return list.filter((item) => item.id !== id);
}
