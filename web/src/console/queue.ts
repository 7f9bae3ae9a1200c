// The queue's rules, pure: the order (oldest wait first), live upserts and removals, the language
// filter, and the operator's own locks.
import type { LanguageCode } from '../realtime/protocol';
import type { Lock, PairKey, QueueItem, QueueRemoveEvent, QueueUpsertEvent } from './protocol';

export type LanguageFilter = 'all' | LanguageCode;

/** A conversation's key: the member and the persona. */
export function pairKey(pair: PairKey): string {
  return `${pair.member_id}:${pair.persona_id}`;
}

export function samePair(a: PairKey, b: PairKey): boolean {
  return a.member_id === b.member_id && a.persona_id === b.persona_id;
}

/** Oldest wait first; ties by the last message, then by ids so that the order is stable. */
export function compareQueueItems(a: QueueItem, b: QueueItem): number {
  return (
    a.waiting_since - b.waiting_since ||
    a.last_message_at - b.last_message_at ||
    a.member_id - b.member_id ||
    a.persona_id - b.persona_id
  );
}

export function sortQueue(items: readonly QueueItem[]): QueueItem[] {
  return [...items].sort(compareQueueItems);
}

export function upsertQueueItem(items: readonly QueueItem[], item: QueueItem): QueueItem[] {
  return sortQueue([...items.filter((i) => !samePair(i, item)), item]);
}

export function removeQueueItem(items: readonly QueueItem[], pair: PairKey): QueueItem[] {
  return items.filter((i) => !samePair(i, pair));
}

export function applyQueueEvent(
  items: readonly QueueItem[],
  event: QueueUpsertEvent | QueueRemoveEvent,
): QueueItem[] {
  return event.module === 'console/queue/upsert'
    ? upsertQueueItem(items, event.data)
    : removeQueueItem(items, event.data);
}

/** The queue in the member's language `filter` ('all' keeps everything). */
export function filterQueue(items: readonly QueueItem[], filter: LanguageFilter): QueueItem[] {
  return filter === 'all' ? [...items] : items.filter((i) => i.member.language === filter);
}

/** How many waiting conversations each language has, for the filter's counters. */
export function countByLanguage(items: readonly QueueItem[]): Record<LanguageFilter, number> {
  const counts: Record<LanguageFilter, number> = { all: items.length, he: 0, en: 0, de: 0 };
  for (const item of items) counts[item.member.language] += 1;
  return counts;
}

export type LockView = 'free' | 'mine' | 'other';

export function lockView(item: QueueItem, staffId: number | undefined): LockView {
  if (!item.lock) return 'free';
  return item.lock.staff_id === staffId ? 'mine' : 'other';
}

/** Adds or refreshes one of the operator's locks, keeping the order in which they were taken. */
export function withLock(locks: readonly Lock[], lock: Lock): Lock[] {
  return locks.some((l) => samePair(l, lock))
    ? locks.map((l) => (samePair(l, lock) ? lock : l))
    : [...locks, lock];
}

export function withoutLock(locks: readonly Lock[], pair: PairKey): Lock[] {
  return locks.filter((l) => !samePair(l, pair));
}

/** console/renew answers every lock still held: keeps the known order, adds unknown ones. */
export function renewedLocks(current: readonly Lock[], renewed: readonly Lock[]): Lock[] {
  const kept = current
    .map((l) => renewed.find((r) => samePair(r, l)))
    .filter((l): l is Lock => l !== undefined);
  return [...kept, ...renewed.filter((r) => !current.some((l) => samePair(l, r)))];
}
