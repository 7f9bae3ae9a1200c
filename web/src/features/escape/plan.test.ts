// The escape's timing and reload guard (fake timers), and the URLs it opens.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrowserDetection } from './detect';
import { openInBrowser } from './open';
import {
  autoDelay,
  browserGuardStore,
  escapeTarget,
  FACEBOOK_DELAY_MS,
  GUARD_KEY,
  guardHolds,
  intentUrl,
  OTHER_DELAY_MS,
  promptKind,
  RELOAD_GUARD_MS,
  safariUrl,
  scheduleAutoEscape,
  type GuardStore,
} from './plan';

const fbAndroid: BrowserDetection = { app: 'facebook', os: 'android' };
const igAndroid: BrowserDetection = { app: 'instagram', os: 'android' };
const igIos: BrowserDetection = { app: 'instagram', os: 'ios' };
const chrome: BrowserDetection = { app: null, os: 'android' };

function memoryGuard(at: number | null = null): GuardStore & { at: number | null } {
  const store = {
    at,
    read: () => store.at,
    write: (value: number) => {
      store.at = value;
    },
  };
  return store;
}

describe('rules', () => {
  it('gives Facebook its own prompt and every other in-app browser the external one', () => {
    expect(promptKind(fbAndroid)).toBe('facebook');
    expect(promptKind({ app: 'facebook', os: 'ios' })).toBe('facebook');
    expect(promptKind(igAndroid)).toBe('external');
    expect(promptKind({ app: 'tiktok', os: 'android' })).toBe('external');
    expect(promptKind({ app: 'webview', os: 'ios' })).toBe('external');
    expect(promptKind(chrome)).toBeNull();
  });

  it('fires by itself only on Android: 100 ms for Facebook, 1,500 ms for the others', () => {
    expect(autoDelay(fbAndroid)).toBe(100);
    expect(autoDelay(igAndroid)).toBe(1500);
    expect(autoDelay({ app: 'webview', os: 'android' })).toBe(1500);
    expect(autoDelay(igIos)).toBeNull();
    expect(autoDelay({ app: 'facebook', os: 'ios' })).toBeNull();
    expect(autoDelay(chrome)).toBeNull();
  });

  it('holds the guard for 60 s after an attempt', () => {
    expect(guardHolds(null, 1_000_000)).toBe(false);
    expect(guardHolds(1_000_000, 1_000_000)).toBe(true);
    expect(guardHolds(1_000_000, 1_000_000 + RELOAD_GUARD_MS - 1)).toBe(true);
    expect(guardHolds(1_000_000, 1_000_000 + RELOAD_GUARD_MS)).toBe(false);
    // A clock set back is no reason to stay stuck.
    expect(guardHolds(2_000_000, 1_000_000)).toBe(false);
  });

  it('sends a member through /check with the page, a guest to the page itself', () => {
    expect(escapeTarget('/chat/12?x=1', 'tok_EN-1', true)).toBe(
      '/check/tok_EN-1?next=%2Fchat%2F12',
    );
    expect(escapeTarget('/landing?utm_source=fb', null, false)).toBe('/landing?utm_source=fb');
    expect(escapeTarget('/meet', null, true)).toBe('/reconnect/meet');
    expect(escapeTarget('/', null, true)).toBe('/reconnect');
  });

  it('builds Chrome’s intent and Safari’s scheme on the page’s own host and scheme', () => {
    const https = { protocol: 'https:', host: 'kesher.example' };
    const http = { protocol: 'http:', host: 'localhost:8080' };
    expect(intentUrl(https, '/check/abc?next=%2Fexplore')).toBe(
      'intent://kesher.example/check/abc?next=%2Fexplore#Intent;scheme=https;package=com.android.chrome;end',
    );
    expect(intentUrl(http, '/landing')).toBe(
      'intent://localhost:8080/landing#Intent;scheme=http;package=com.android.chrome;end',
    );
    expect(safariUrl(https, '/check/abc')).toBe('x-safari-https://kesher.example/check/abc');
  });
});

describe('scheduleAutoEscape', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-27T20:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires after 100 ms in Facebook’s browser, and records the attempt', () => {
    const fire = vi.fn();
    const guard = memoryGuard();
    scheduleAutoEscape({ detection: fbAndroid, guard, now: Date.now, fire });
    vi.advanceTimersByTime(FACEBOOK_DELAY_MS - 1);
    expect(fire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fire).toHaveBeenCalledTimes(1);
    expect(guard.at).toBe(Date.now());
  });

  it('fires after 1,500 ms in the others', () => {
    const fire = vi.fn();
    scheduleAutoEscape({ detection: igAndroid, guard: memoryGuard(), now: Date.now, fire });
    vi.advanceTimersByTime(OTHER_DELAY_MS - 1);
    expect(fire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('does not fire again within 60 s of an attempt (the reload after coming back)', () => {
    const guard = memoryGuard();
    const first = vi.fn();
    scheduleAutoEscape({ detection: fbAndroid, guard, now: Date.now, fire: first });
    vi.advanceTimersByTime(FACEBOOK_DELAY_MS);
    expect(first).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(30_000); // the page reloads
    const second = vi.fn();
    scheduleAutoEscape({ detection: fbAndroid, guard, now: Date.now, fire: second });
    vi.advanceTimersByTime(10_000);
    expect(second).not.toHaveBeenCalled();

    vi.advanceTimersByTime(RELOAD_GUARD_MS); // a minute later it may try again
    const third = vi.fn();
    scheduleAutoEscape({ detection: fbAndroid, guard, now: Date.now, fire: third });
    vi.advanceTimersByTime(FACEBOOK_DELAY_MS);
    expect(third).toHaveBeenCalledTimes(1);
  });

  it('never fires on iOS, in a real browser, or once cancelled', () => {
    const fire = vi.fn();
    scheduleAutoEscape({ detection: igIos, guard: memoryGuard(), now: Date.now, fire });
    scheduleAutoEscape({ detection: chrome, guard: memoryGuard(), now: Date.now, fire });
    const cancel = scheduleAutoEscape({
      detection: igAndroid,
      guard: memoryGuard(),
      now: Date.now,
      fire,
    });
    vi.advanceTimersByTime(500);
    cancel();
    vi.advanceTimersByTime(10_000);
    expect(fire).not.toHaveBeenCalled();
  });

  it('leaves it to another tab that attempted while it waited', () => {
    const guard = memoryGuard();
    const fire = vi.fn();
    scheduleAutoEscape({ detection: igAndroid, guard, now: Date.now, fire });
    vi.advanceTimersByTime(1000);
    guard.write(Date.now());
    vi.advanceTimersByTime(1000);
    expect(fire).not.toHaveBeenCalled();
  });

  it('keeps the guard in localStorage across page loads', () => {
    localStorage.removeItem(GUARD_KEY);
    expect(browserGuardStore().read()).toBeNull();
    browserGuardStore().write(123_456);
    expect(browserGuardStore().read()).toBe(123_456);
    localStorage.removeItem(GUARD_KEY);
  });
});

describe('openInBrowser', () => {
  const location = {
    protocol: 'https:',
    host: 'kesher.example',
    pathname: '/chat/7',
    search: '',
    origin: 'https://kesher.example',
  };

  it('asks a member’s token and opens /check/{token} in Chrome', async () => {
    const navigate = vi.fn();
    const url = await openInBrowser({
      detection: fbAndroid,
      member: true,
      location,
      requestToken: () => Promise.resolve('T0k3n'),
      navigate,
    });
    expect(url).toBe(
      'intent://kesher.example/check/T0k3n?next=%2Fchat%2F7#Intent;scheme=https;package=com.android.chrome;end',
    );
    expect(navigate).toHaveBeenCalledWith(url);
  });

  it('opens a guest’s page without asking for a token', async () => {
    const requestToken = vi.fn(() => Promise.resolve('never'));
    const navigate = vi.fn();
    await openInBrowser({
      detection: igIos,
      member: false,
      location: { ...location, pathname: '/landing', search: '?utm=ig' },
      requestToken,
      navigate,
    });
    expect(requestToken).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('x-safari-https://kesher.example/landing?utm=ig');
  });

  it('falls back to /reconnect when the token cannot be had', async () => {
    const navigate = vi.fn();
    await openInBrowser({
      detection: igAndroid,
      member: true,
      location,
      requestToken: () => Promise.reject(new Error('429')),
      navigate,
    });
    expect(navigate).toHaveBeenCalledWith(
      'intent://kesher.example/reconnect/chat#Intent;scheme=https;package=com.android.chrome;end',
    );
  });
});
