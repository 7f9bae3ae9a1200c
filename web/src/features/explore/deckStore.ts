// The deck's loading state and decisions. The cards themselves live in the shared people store
// (usePeopleStore.cards) so that a block or presence change reaches them too.
import { create } from 'zustand';
import { useAppStore } from '../../app/store';
import { realtime } from '../../realtime';
import type { ErrorCode, Person, RequestOf } from '../../realtime/protocol';
import { applyLikeOutcome, sendSwipe } from '../people/api';
import { usePeopleStore } from '../people/store';
import { buildExclude, needsMore, pushRecent } from './deck';

interface DeckState {
  /** An `explore` request is on its way; no second one goes out meanwhile. */
  pending: boolean;
  /** The server had nothing more for these preferences. */
  exhausted: boolean;
  /** The last load failed (network, server error). */
  failed: boolean;
  /** Ids of the last swiped cards, for `exclude`. */
  recent: number[];
}

export const useDeckStore = create<DeckState>()(() => ({
  pending: false,
  exhausted: false,
  failed: false,
  recent: [],
}));

/** Asks for more cards unless a request is pending; `force` also retries after exhaustion. */
export async function loadMoreCards(force = false): Promise<void> {
  const deck = useDeckStore.getState();
  if (deck.pending || (!force && (deck.exhausted || deck.failed))) return;
  const people = usePeopleStore.getState();
  useDeckStore.setState({ pending: true, failed: false, exhausted: false });
  const held = new Set(people.cards.map((card) => card.id));
  try {
    const reply = await realtime.request('explore', {
      exclude: buildExclude(people.cards, deck.recent),
    });
    if (reply.request_status !== 1) {
      useDeckStore.setState({ pending: false, failed: true });
      return;
    }
    const incoming = reply.data ?? [];
    usePeopleStore.getState().appendCards(incoming);
    const now = new Set(usePeopleStore.getState().cards.map((card) => card.id));
    const added = incoming.filter((p) => !held.has(p.id) && now.has(p.id)).length;
    // Nothing new (an empty page, or only people already held): the deck is exhausted for now.
    useDeckStore.setState({ pending: false, exhausted: added === 0 });
  } catch {
    useDeckStore.setState({ pending: false, failed: true });
  }
}

/** Loads more when the deck runs low (fewer than 3 cards). */
export function topUpDeck(): void {
  const { pending, exhausted, failed } = useDeckStore.getState();
  if (failed) return;
  if (needsMore(usePeopleStore.getState().cards.length, pending, exhausted)) void loadMoreCards();
}

/** Puts a card back on top of the deck (a like that the server refused). */
export function restoreCard(person: Person): void {
  usePeopleStore.setState((s) => ({
    cards: [person, ...s.cards.filter((card) => card.id !== person.id)],
  }));
}

export type SwipeResult =
  | { kind: 'ok'; matched: boolean }
  | { kind: 'limit' }
  | { kind: 'not_found' }
  | { kind: 'error'; code: ErrorCode | null };

/**
 * A decision on a card: `swipe` goes out at once, the card leaves the deck when its fly-out
 * animation ends (`flyMs`), and a refused like (like_limit_reached) or a failure puts it back.
 */
export async function swipeCard(
  person: Person,
  like: boolean,
  flyMs: number,
  onDropped?: () => void,
): Promise<SwipeResult> {
  useDeckStore.setState((s) => ({ recent: pushRecent(s.recent, person.id) }));
  const flown = new Promise<void>((resolve) => {
    const drop = () => {
      usePeopleStore.getState().dropCard(person.id);
      onDropped?.();
      topUpDeck();
      resolve();
    };
    if (flyMs > 0) setTimeout(drop, flyMs);
    else drop();
  });
  const outcome = await sendSwipe(person.id, like ? 1 : 0);
  await flown;
  if (like) applyLikeOutcome(person, outcome);
  if (outcome.kind === 'limit' || outcome.kind === 'error') {
    useDeckStore.setState((s) => ({ recent: s.recent.filter((id) => id !== person.id) }));
    restoreCard(person);
  }
  if (outcome.kind === 'limit') return { kind: 'limit' };
  return outcome;
}

/** `code` is an error code, or `network` when the request never got an answer. */
export type WidenResult = { kind: 'ok' } | { kind: 'error'; code: string | null };

/**
 * Saves one wider search preference (explore/widen.ts) and deals a new deck for it. Like any
 * change of search preference (spec §4), it clears the cards, meet and popular lists first.
 */
export async function widenSearch(update: RequestOf<'user/update'>): Promise<WidenResult> {
  try {
    const reply = await realtime.request('user/update', update);
    if (reply.request_status !== 1) return { kind: 'error', code: reply.error_code ?? null };
    const fresh = reply.data?.user;
    if (fresh) useAppStore.getState().setUser(fresh);
  } catch {
    return { kind: 'error', code: 'network' };
  }
  usePeopleStore.getState().resetDiscovery();
  resetDeck();
  await loadMoreCards(true);
  return { kind: 'ok' };
}

/** Forgets the deck's bookkeeping (tests, and a change of search preferences). */
export function resetDeck(): void {
  useDeckStore.setState({ pending: false, exhausted: false, failed: false, recent: [] });
}
