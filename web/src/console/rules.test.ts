import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACTIVE_INPUT_WINDOW_MS,
  ActivityTracker,
  RENEW_INTERVAL_MS,
  isOperatorActive,
  shouldRenew,
  startLeaseRenewal,
} from './activity';
import { formatDuration } from './format';
import {
  applyQueueEvent,
  countByLanguage,
  filterQueue,
  lockView,
  removeQueueItem,
  renewedLocks,
  sortQueue,
  upsertQueueItem,
  withLock,
  withoutLock,
} from './queue';
import { errorMessage, highlightSegments, refusalOf } from './refusals';
import { lock, queueItem } from './testing';

describe('the queue', () => {
  const dan = queueItem({ member_id: 1, waiting_since: 300 });
  const eli = queueItem({ member_id: 2, waiting_since: 100 });
  const fay = queueItem({
    member_id: 3,
    waiting_since: 200,
    member: { id: 3, name: 'Fay', age: 40, photo: null, language: 'en', city: 'London' },
  });

  it('puts the longest wait first, with stable ties', () => {
    expect(sortQueue([dan, eli, fay]).map((i) => i.member_id)).toEqual([2, 3, 1]);
    const twin = queueItem({ member_id: 4, waiting_since: 100, last_message_at: 50 });
    expect(sortQueue([eli, twin]).map((i) => i.member_id)).toEqual([4, 2]);
  });

  it('replaces an item of the same pair on upsert and moves it to its place', () => {
    const queue = sortQueue([dan, eli, fay]);
    const waitedLonger = { ...dan, waiting_since: 50, waiting: 5 };
    const next = upsertQueueItem(queue, waitedLonger);
    expect(next.map((i) => i.member_id)).toEqual([1, 2, 3]);
    expect(next[0]?.waiting).toBe(5);
    expect(next).toHaveLength(3);
  });

  it('keeps the same member with another persona as a separate item', () => {
    const other = queueItem({ member_id: 1, persona_id: 99, waiting_since: 400 });
    expect(upsertQueueItem([dan], other)).toHaveLength(2);
  });

  it('removes a pair when the persona answers', () => {
    expect(removeQueueItem([dan, eli], { member_id: 2, persona_id: 41 })).toEqual([dan]);
    expect(removeQueueItem([dan], { member_id: 1, persona_id: 7 })).toEqual([dan]);
  });

  it('applies the live events', () => {
    const added = applyQueueEvent([dan], { module: 'console/queue/upsert', data: eli });
    expect(added.map((i) => i.member_id)).toEqual([2, 1]);
    const removed = applyQueueEvent(added, {
      module: 'console/queue/remove',
      data: { member_id: 2, persona_id: 41 },
    });
    expect(removed).toEqual([dan]);
  });

  it("filters by the member's language and counts each", () => {
    const queue = [dan, eli, fay];
    expect(filterQueue(queue, 'all')).toHaveLength(3);
    expect(filterQueue(queue, 'en').map((i) => i.member_id)).toEqual([3]);
    expect(filterQueue(queue, 'de')).toEqual([]);
    expect(countByLanguage(queue)).toEqual({ all: 3, he: 2, en: 1, de: 0 });
  });

  it('tells free, own and others’ locks apart', () => {
    expect(lockView(dan, 3)).toBe('free');
    const held = { ...dan, lock: { staff_id: 3, email: 'me@x', expires_at: 1 } };
    expect(lockView(held, 3)).toBe('mine');
    expect(lockView(held, 9)).toBe('other');
  });

  it('keeps the operator’s locks in the order they were taken', () => {
    const a = lock({ member_id: 1 });
    const b = lock({ member_id: 2 });
    expect(withLock([a], b)).toEqual([a, b]);
    const renewedA = { ...a, expires_at: 999 };
    expect(withLock([a, b], renewedA)).toEqual([renewedA, b]);
    expect(withoutLock([a, b], a)).toEqual([b]);
    // The renewal answers the locks still held: a lapsed one goes, a new one joins at the end.
    const c = lock({ member_id: 3 });
    expect(renewedLocks([a, b], [c, renewedA])).toEqual([renewedA, c]);
  });
});

describe('lease renewal', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts the operator active with input within 2 minutes and the tab visible', () => {
    const now = 1_000_000;
    expect(isOperatorActive(now, now - ACTIVE_INPUT_WINDOW_MS, true)).toBe(true);
    expect(isOperatorActive(now, now - ACTIVE_INPUT_WINDOW_MS - 1, true)).toBe(false);
    expect(isOperatorActive(now, now, false)).toBe(false);
    expect(shouldRenew(now, now, true, 0)).toBe(false);
    expect(shouldRenew(now, now, true, 2)).toBe(true);
  });

  it('renews every 30 s only while active and holding locks', () => {
    vi.useFakeTimers();
    const renew = vi.fn();
    let active = true;
    let locks = 1;
    const stop = startLeaseRenewal({ renew, active: () => active, lockCount: () => locks });
    vi.advanceTimersByTime(RENEW_INTERVAL_MS - 1);
    expect(renew).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(renew).toHaveBeenCalledTimes(1);
    active = false;
    vi.advanceTimersByTime(RENEW_INTERVAL_MS);
    expect(renew).toHaveBeenCalledTimes(1);
    active = true;
    locks = 0;
    vi.advanceTimersByTime(RENEW_INTERVAL_MS);
    expect(renew).toHaveBeenCalledTimes(1);
    stop();
    locks = 1;
    vi.advanceTimersByTime(RENEW_INTERVAL_MS * 3);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('tracks input and visibility in the document', () => {
    let now = 0;
    const tracker = new ActivityTracker(document, () => now);
    const stop = tracker.start();
    now = ACTIVE_INPUT_WINDOW_MS + 1;
    expect(tracker.active()).toBe(false);
    document.dispatchEvent(new KeyboardEvent('keydown'));
    expect(tracker.active()).toBe(true);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    expect(tracker.active()).toBe(false);
    visibility.mockRestore();
    stop();
    now += ACTIVE_INPUT_WINDOW_MS + 1;
    document.dispatchEvent(new KeyboardEvent('keydown'));
    expect(tracker.active()).toBe(false);
  });
});

describe('refusals', () => {
  it('explains each contact and meeting refusal with its own text and keeps the match', () => {
    for (const code of [
      'contact_phone',
      'contact_email',
      'contact_url',
      'meeting_arrangement',
    ] as const) {
      expect(refusalOf(code, { match: 'x' })).toEqual({
        code,
        match: 'x',
        title: { key: `console.refusal.${code}.title` },
        explanation: { key: `console.refusal.${code}.body` },
      });
    }
    expect(refusalOf('not_locked', {})).toBeNull();
  });

  it('says who holds a locked conversation and what the lock limit is', () => {
    expect(
      errorMessage('locked', { lock: { staff_id: 9, email: 'eve@k.example', expires_at: 1 } }),
    ).toEqual({ key: 'console.errors.locked', params: { email: 'eve@k.example' } });
    expect(errorMessage('locked')).toEqual({ key: 'console.errors.lockedSomeone' });
    expect(errorMessage('too_many_locks', {}, { maxLocks: 3 })).toEqual({
      key: 'console.errors.too_many_locks',
      params: { max: 3 },
    });
    expect(errorMessage('too_many_attempts', {}, { seconds: 30 })).toEqual({
      key: 'console.errors.too_many_attempts',
      params: { seconds: 30 },
    });
    expect(errorMessage('totp_required')).toEqual({ key: 'console.errors.totp_required' });
    expect(errorMessage('like_limit_reached')).toEqual({ key: 'console.errors.internal_error' });
  });

  it('highlights every occurrence of the match, whatever its case', () => {
    expect(highlightSegments('Call me at 054-1234567 ok', '054-1234567')).toEqual([
      { text: 'Call me at ', highlighted: false },
      { text: '054-1234567', highlighted: true },
      { text: ' ok', highlighted: false },
    ]);
    expect(highlightSegments('Meet me. MEET me!', 'meet')).toEqual([
      { text: 'Meet', highlighted: true },
      { text: ' me. ', highlighted: false },
      { text: 'MEET', highlighted: true },
      { text: ' me!', highlighted: false },
    ]);
    expect(highlightSegments('nothing here', 'zzz')).toEqual([
      { text: 'nothing here', highlighted: false },
    ]);
    expect(highlightSegments('text', null)).toEqual([{ text: 'text', highlighted: false }]);
  });
});

describe('durations', () => {
  it('reads in two units at most', () => {
    expect(formatDuration(45, 'en')).toBe('45 sec');
    expect(formatDuration(200, 'en')).toBe('3 min 20 sec');
    expect(formatDuration(3900, 'en')).toBe('1 hr 5 min');
    expect(formatDuration(3600, 'en')).toBe('1 hr');
    expect(formatDuration(-5, 'en')).toBe('0 sec');
    expect(formatDuration(200, 'he')).toMatch(/3.*20/);
  });
});
