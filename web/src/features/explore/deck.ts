// Rules of the swipe deck ("The Slips"), as pure functions.
import type { Person } from '../../realtime/protocol';

/** Fetch more cards when fewer than this many remain, before the deck runs out. */
export const PREFETCH_BELOW = 3;
/** How many swiped cards the client remembers for `exclude`. */
export const RECENT_LIMIT = 10;
/** docs/protocol.md: `exclude` holds at most 50 ids. */
export const EXCLUDE_MAX = 50;
/** How long a card takes to fly off the screen. */
export const FLY_MS = 280;

/** `exclude` for the next `explore`: every card in the deck plus the last 10 swiped ones. */
export function buildExclude(deck: readonly Pick<Person, 'id'>[], recent: readonly number[]) {
  const ids = new Set<number>();
  for (const card of deck) ids.add(card.id);
  for (const id of recent) ids.add(id);
  return [...ids].slice(0, EXCLUDE_MAX);
}

/** Remembers a swiped card id, keeping the newest RECENT_LIMIT. */
export function pushRecent(recent: readonly number[], id: number): number[] {
  return [...recent.filter((r) => r !== id), id].slice(-RECENT_LIMIT);
}

export function needsMore(cardCount: number, pending: boolean, exhausted: boolean): boolean {
  return !pending && !exhausted && cardCount < PREFETCH_BELOW;
}

export type Release = 'like' | 'pass' | null;

/**
 * Where a released drag goes. Past the threshold (a third of the card, at most 120 px) or after a
 * quick flick it flies out; otherwise it snaps back. The direction is physical: right is like.
 */
export function releaseDecision(dx: number, velocityPxPerMs: number, cardWidth: number): Release {
  const threshold = Math.min(120, cardWidth / 3);
  const flick = Math.abs(velocityPxPerMs) > 0.6 && Math.abs(dx) > 40;
  if (Math.abs(dx) < threshold && !flick) return null;
  return dx > 0 ? 'like' : 'pass';
}

/** Rotation of a dragged card, in degrees: it tilts with the drag, up to 16°. */
export function dragRotation(dx: number): number {
  return Math.max(-16, Math.min(16, dx * 0.07));
}

/** How visible the LIKE / NOPE stamps are at a drag of dx (0 to 1). */
export function stampOpacity(dx: number, cardWidth: number): { like: number; nope: number } {
  const threshold = Math.min(120, cardWidth / 3);
  const amount = Math.min(1, Math.abs(dx) / threshold);
  return dx > 0 ? { like: amount, nope: 0 } : { like: 0, nope: dx < 0 ? amount : 0 };
}
