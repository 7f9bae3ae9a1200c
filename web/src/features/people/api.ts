// The discovery calls the deck and the profile modal share, with their outcomes already sorted
// into what the screens do next, and the people events (presence, a match). Every call resolves;
// none throws.
import type { TFunction } from 'i18next';
import { realtime } from '../../realtime';
import type {
  ErrorCode,
  OnlinesEvent,
  Person,
  PhotoEntry,
  ProfileTarget,
} from '../../realtime/protocol';
import { PROFILE_PHOTOS_PAGE } from './constants';
import { showLikeLimit, showMatch } from './overlays';
import { usePeopleStore } from './store';

export type SwipeOutcome =
  | { kind: 'ok'; matched: boolean }
  | { kind: 'limit'; resetsIn: number | null }
  | { kind: 'not_found' }
  | { kind: 'error'; code: ErrorCode | null };

/** The number at `key` of a reply's request_details, or null when it is missing or not a number. */
export function detailNumber(
  details: Record<string, unknown> | undefined,
  key: string,
): number | null {
  const value = details?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** `swipe` {swiped_user_id, like}: a like (1) or a pass (0). */
export async function sendSwipe(personId: number, like: 0 | 1): Promise<SwipeOutcome> {
  try {
    const reply = await realtime.request('swipe', { swiped_user_id: personId, like });
    if (reply.request_status === 1) {
      return { kind: 'ok', matched: detailNumber(reply.request_details, 'is_matched') === 1 };
    }
    if (reply.error_code === 'like_limit_reached') {
      return { kind: 'limit', resetsIn: detailNumber(reply.request_details, 'resets_in') };
    }
    if (reply.error_code === 'not_found') return { kind: 'not_found' };
    return { kind: 'error', code: reply.error_code ?? null };
  } catch {
    return { kind: 'error', code: null };
  }
}

/** What a like means everywhere: mark it in the shared lists, celebrate a match, or upsell. */
export function applyLikeOutcome(person: Person, outcome: SwipeOutcome): void {
  if (outcome.kind === 'ok') {
    usePeopleStore.getState().markLiked(person.id, outcome.matched);
    if (outcome.matched) showMatch({ ...person, liked: 1, matched: 1 });
  } else if (outcome.kind === 'limit') {
    showLikeLimit(outcome.resetsIn);
  }
}

export type CallResult = { ok: true } | { ok: false; code: ErrorCode | null };

/** `user/block` {user_id}. On success the caller forgets the person everywhere. */
export async function blockUser(userId: number): Promise<CallResult> {
  try {
    const reply = await realtime.request('user/block', { user_id: userId });
    return reply.request_status === 1
      ? { ok: true }
      : { ok: false, code: reply.error_code ?? null };
  } catch {
    return { ok: false, code: null };
  }
}

export const REPORT_REASONS = ['fake', 'inappropriate', 'harassment', 'scam', 'underage'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** `user/report` {user_id, reason}; any failure, including a lost socket, answers false. */
export async function reportUser(userId: number, reason: ReportReason): Promise<boolean> {
  try {
    const reply = await realtime.request('user/report', { user_id: userId, reason });
    return reply.request_status === 1;
  } catch {
    return false;
  }
}

export type ProfileOutcome =
  | { kind: 'ok'; person: Person; photos: PhotoEntry[] }
  | { kind: 'not_found' }
  /** The server refused; `code` says why when it did. */
  | { kind: 'refused'; code: ErrorCode | null }
  /** No answer (timeout, socket lost). */
  | { kind: 'network' };

/** `profile` {user_id, target}: the person and their first photos. */
export async function fetchProfile(userId: number, target: ProfileTarget): Promise<ProfileOutcome> {
  try {
    const reply = await realtime.request('profile', { user_id: userId, target });
    if (reply.request_status === 1 && reply.data) {
      return { kind: 'ok', person: reply.data.user, photos: reply.data.photos };
    }
    if (reply.error_code === 'not_found') return { kind: 'not_found' };
    return { kind: 'refused', code: reply.error_code ?? null };
  } catch {
    return { kind: 'network' };
  }
}

/** `visit` {visited_user_id}: one visit per open of a profile. */
export function recordVisit(userId: number): void {
  realtime.request('visit', { visited_user_id: userId }).catch(() => {
    // A lost visit only affects the other person's visitor count.
  });
}

/** A page of `user/photos` from `offset`; null when the server refused or the socket failed. */
export async function fetchPhotos(userId: number, offset: number): Promise<PhotoEntry[] | null> {
  try {
    const reply = await realtime.request('user/photos', {
      user_id: userId,
      currentLength: offset,
      recordsToTake: PROFILE_PHOTOS_PAGE,
    });
    return reply.request_status === 1 ? (reply.data ?? []) : null;
  } catch {
    return null;
  }
}

/** `onlines` events: someone came online or went offline. Returns the unsubscribe function. */
export function onPresence(handler: (event: OnlinesEvent) => void): () => void {
  return realtime.on('onlines', handler);
}

/** `match` events: a like of mine was returned, here or in another tab. */
export function onMatch(handler: (person: Person) => void): () => void {
  return realtime.on('match', (event) => handler(event.data.user));
}

/** Codes whose text belongs to the discovery screens (the rest live in the errors area). */
const PEOPLE_ERRORS: ReadonlySet<string> = new Set([
  'not_found',
  'premium_required',
  'like_limit_reached',
  'cannot_block_self',
]);

/** The translated text for an error code (docs/protocol.md catalogue). */
export function errorText(t: TFunction, exists: (key: string) => boolean, code: string | null) {
  if (code && PEOPLE_ERRORS.has(code)) return t(`people.errors.${code}`);
  if (code && exists(`errors.${code}`)) return t(`errors.${code}`);
  return t('errors.internal_error');
}
