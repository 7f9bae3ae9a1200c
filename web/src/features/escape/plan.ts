// When and where the escape from an in-app browser goes (spec §2, Overlays; docs/decisions/0014):
// pure rules, and the timer that fires the Android intent, with its seams for the tests.
import type { BrowserDetection } from './detect';
import { MEMBER_SEGMENTS } from '../../app/memberPages';

/** Spec §2: Facebook's browser is left after 100 ms, the others after 1,500 ms. */
export const FACEBOOK_DELAY_MS = 100;
export const OTHER_DELAY_MS = 1500;
/** Spec §2: no second automatic attempt within 60 s (the app reloads the page when it comes
 *  back, and the escape must not loop). */
export const RELOAD_GUARD_MS = 60_000;
export const GUARD_KEY = 'kesher.escape.at';

/** Which prompt the page shows: Facebook's own (Hebrew for Hebrew pages), or "Open in External
 *  Browser". */
export type PromptKind = 'facebook' | 'external';

export function promptKind(detection: BrowserDetection): PromptKind | null {
  if (detection.app === null) return null;
  return detection.app === 'facebook' ? 'facebook' : 'external';
}

/** The automatic attempt's delay: only on Android, where an intent can open Chrome; iOS has no
 *  such way, and the prompt's button is the only one. */
export function autoDelay(detection: BrowserDetection): number | null {
  if (detection.app === null || detection.os !== 'android') return null;
  return detection.app === 'facebook' ? FACEBOOK_DELAY_MS : OTHER_DELAY_MS;
}

export function guardHolds(lastAttempt: number | null, now: number): boolean {
  return lastAttempt !== null && now - lastAttempt >= 0 && now - lastAttempt < RELOAD_GUARD_MS;
}

/** The page to open in the real browser: /check/{token} carrying the current page along when
 *  there is a token, else the page itself (a guest, or a member whose token could not be had:
 *  /reconnect/{page} then says what happened). `path` is the current path with its query. */
export function escapeTarget(path: string, token: string | null, member: boolean): string {
  const pathname = path.split(/[?#]/)[0] ?? '/';
  if (token !== null) return `/check/${token}?next=${encodeURIComponent(pathname)}`;
  if (!member) return path.startsWith('/') ? path : `/${path}`;
  const page = pathname.split('/')[1] ?? '';
  return page ? `/reconnect/${page}` : '/reconnect';
}

/** Android: Chrome, by package, at `target` on this host; http when the page is http. */
export function intentUrl(location: { protocol: string; host: string }, target: string): string {
  const scheme = location.protocol === 'http:' ? 'http' : 'https';
  return `intent://${location.host}${target}#Intent;scheme=${scheme};package=com.android.chrome;end`;
}

/** iOS 17 and later: Safari's own scheme, which in-app browsers hand to Safari. */
export function safariUrl(location: { protocol: string; host: string }, target: string): string {
  const scheme = location.protocol === 'http:' ? 'http' : 'https';
  return `x-safari-${scheme}://${location.host}${target}`;
}

export interface GuardStore {
  read(): number | null;
  write(at: number): void;
}

/** The guard's timestamp in localStorage (it outlives the reload, and the tab); without storage
 *  (a privacy mode), in memory for this page. */
export function browserGuardStore(): GuardStore {
  let memory: number | null = null;
  return {
    read() {
      try {
        const value = Number(localStorage.getItem(GUARD_KEY));
        return Number.isFinite(value) && value > 0 ? value : memory;
      } catch {
        return memory;
      }
    },
    write(at) {
      memory = at;
      try {
        localStorage.setItem(GUARD_KEY, String(at));
      } catch {
        // storage blocked: the memory copy still guards this page
      }
    },
  };
}

export interface AutoEscapeDeps {
  detection: BrowserDetection;
  guard: GuardStore;
  now: () => number;
  /** Opens the real browser (fetches a token first when signed in). */
  fire: () => void;
}

/** Starts the automatic attempt when the rules allow one: after the app's delay, once per
 *  RELOAD_GUARD_MS. Returns a function that cancels a pending attempt. */
export function scheduleAutoEscape({ detection, guard, now, fire }: AutoEscapeDeps): () => void {
  const delay = autoDelay(detection);
  if (delay === null || guardHolds(guard.read(), now())) return () => undefined;
  const timer = setTimeout(() => {
    if (guardHolds(guard.read(), now())) return; // another tab went first
    guard.write(now());
    fire();
  }, delay);
  return () => clearTimeout(timer);
}

/** Where /reconnect/{page} continues for a signed-in browser: that screen, else /explore. */
export function reconnectPath(page: string | undefined): string {
  return page !== undefined && MEMBER_SEGMENTS.has(page) ? `/${page}` : '/explore';
}
