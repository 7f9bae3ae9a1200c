// The service worker's decisions, free of the worker's globals so that Vitest checks them in
// jsdom: which requests it answers and how, what a push payload shows, which caches an update
// keeps. sw.ts only wires these to the events. The payload is the contract's
// (/work/notes/contract.md, docs/architecture.md "Service worker").
import { notification as heNotification } from '../i18n/push/he.json';

export const CACHE_PREFIX = 'kesher-shell-';
/** How many versions' caches stay after an update: the new one and the one before it, whose
 *  tabs may still be open and load their hashed chunks (see sw.ts, "Updates"). */
export const KEPT_VERSIONS = 2;
export const NOTIFICATION_ICON = '/icons/icon-192.png';
export const NOTIFICATION_BADGE = '/icons/badge-96.png';
export const OFFLINE_PAGE = '/offline.html';
export const DEFAULT_INDEX = '/index.html';

/** What the build injects: the shell must all be cached for the version to install; the lazy
 *  chunks of the members' app are cached as well as they can be, so that an open tab of this
 *  version can still load a route after the next deploy removed its files from the server. */
export interface Precache {
  shell: string[];
  lazy: string[];
}

export type Strategy =
  /** network first, then the cached index page, then the offline page */
  | 'navigate'
  /** content-hashed /assets/ files: any version's cache first, else the network */
  | 'asset'
  /** the version's own precached files (icons, manifests, offline page): cache first */
  | 'precached';

/** Paths the worker never answers or caches: the API, the socket, media, uploads, the staff
 *  console, verification links, payments and itself. They go to the network as if it were not
 *  there. */
const PASS_THROUGH =
  /^\/(?:api|ws|media|upload|console|check|verify|recover|payments|healthz|sw\.js)(?:[/?.]|$)/;

export function isPassThrough(pathname: string): boolean {
  return PASS_THROUGH.test(pathname);
}

export function strategyFor(
  request: { url: string; method: string; mode: string },
  origin: string,
  precached: ReadonlySet<string>,
): Strategy | null {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== origin || isPassThrough(url.pathname)) return null;
  // The offline page is itself a page: opened offline it must come from the cache, not fall back
  // to the app (which would answer it with its not-found page).
  if (request.mode === 'navigate') return url.pathname === OFFLINE_PAGE ? 'precached' : 'navigate';
  if (url.pathname.startsWith('/assets/')) return 'asset';
  if (precached.has(url.pathname)) return 'precached';
  return null;
}

/** The app's page, cached under this key. The server answers every route of the app with it
 *  but has no /index.html of its own, and picks the page's language from the cookie; the worker
 *  fetches it from an open route that every visitor gets as it is (no guard, no redirect). */
export const APP_PAGE_SOURCE = '/privacy';

/** The cached pages a failed navigation falls back to, best first: the app's page (the app then
 *  shows its own offline state), then the offline page. */
export const NAVIGATION_FALLBACKS = [DEFAULT_INDEX, OFFLINE_PAGE] as const;

export function cacheName(version: string): string {
  return `${CACHE_PREFIX}${version}`;
}

/** After `current` activates: the versions to remember (oldest first) and the caches to delete.
 *  `history` is what the previous activation remembered; caches of other names are left alone. */
export function pruneCaches(
  history: readonly string[],
  current: string,
  cacheNames: readonly string[],
): { history: string[]; remove: string[] } {
  const next = [...history.filter((v) => v !== current), current].slice(-KEPT_VERSIONS);
  const keep = new Set(next.map(cacheName));
  const remove = cacheNames.filter((name) => name.startsWith(CACHE_PREFIX) && !keep.has(name));
  return { history: next, remove };
}

export interface NotificationSpec {
  title: string;
  options: {
    body: string;
    tag: string;
    lang: string;
    dir: NotificationDirection;
    icon: string;
    badge: string;
    data: { url: string };
  };
}

const KINDS = new Set(['message', 'match', 'like', 'confirm']);

function text(value: unknown, max: number): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.slice(0, max) : null;
}

/** A path of this site (never another origin, never `//host`), or null. */
export function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  if (value.includes('\\')) return null;
  return value;
}

/** What a push shows. Anything missing or malformed falls back to the generic Hebrew "You have a
 *  new message" (the default language), opening /explore; a message's text is never shown,
 *  whatever the payload says, because the contract's body for a message is already generic. */
export function notificationFor(payload: unknown): NotificationSpec {
  const fallback: NotificationSpec = {
    title: heNotification.title,
    options: {
      body: heNotification.newMessage,
      tag: 'message',
      lang: 'he',
      dir: 'rtl',
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_BADGE,
      data: { url: '/explore' },
    },
  };
  if (typeof payload !== 'object' || payload === null) return fallback;
  const p = payload as Record<string, unknown>;
  const title = text(p.title, 80);
  const body = text(p.body, 200);
  if (title === null || body === null || !KINDS.has(String(p.kind))) return fallback;
  const lang = p.lang === 'he' || p.lang === 'en' || p.lang === 'de' ? p.lang : 'he';
  const dir: NotificationDirection =
    p.dir === 'rtl' || p.dir === 'ltr' ? p.dir : lang === 'he' ? 'rtl' : 'ltr';
  return {
    title,
    options: {
      body,
      tag: text(p.tag, 100) ?? String(p.kind),
      lang,
      dir,
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_BADGE,
      data: { url: safeUrl(p.url) ?? '/explore' },
    },
  };
}

/** Reads a push's data as JSON; undefined when there is none or it is not JSON. */
export function parsePushData(data: { json(): unknown } | null | undefined): unknown {
  if (!data) return undefined;
  try {
    return data.json();
  } catch {
    return undefined;
  }
}

/** The tab a notification click should bring forward: one already at the target, else a
 *  focused one, else any window of the app; null opens a new window. */
export function pickClient<C extends { url: string; focused: boolean }>(
  clients: readonly C[],
  origin: string,
  target: string,
): C | null {
  const own = clients.filter((c) => {
    try {
      const url = new URL(c.url);
      return url.origin === origin && !isPassThrough(url.pathname);
    } catch {
      return false;
    }
  });
  const targetUrl = new URL(target, origin).href;
  return own.find((c) => c.url === targetUrl) ?? own.find((c) => c.focused) ?? own[0] ?? null;
}
