// Kesher's service worker, built to /sw.js by web/build/serviceWorker.ts, which injects the
// build's version and its precache list (from the real bundle) in place of the two constants.
//
// Caching: one cache per build, `kesher-shell-<version>`, holding that build's app shell (the
// entry's hashed JS and CSS and its static imports, the app's page, the start fonts, icons,
// manifests and the offline page) and, as far as they load, the members' lazy route chunks.
// Never touched: /api, /ws, /media, /upload, /console, /check, /verify, /recover, payments
// (rules.ts). Navigations go to the network first; offline they get the cached index page
// (the app then shows its own offline state), or /offline.html when nothing is cached.
//
// Updates: the browser fetches /sw.js again on navigations (the page registers it with
// updateViaCache 'none', and the server sends it no-cache). A new version precaches its files,
// then skips waiting and claims the open tabs: their next navigation or reload gets the new
// index page and the new chunks. A tab still running the previous build keeps working, because
// hashed /assets/ files are looked up in every kept cache, and the previous version's cache
// (with its lazy chunks) is kept: only caches older than the last two versions are deleted, when
// a version activates. A tab two deploys old that misses a chunk reloads once (app/chunkReload).
import {
  APP_PAGE_SOURCE,
  cacheName,
  DEFAULT_INDEX,
  NAVIGATION_FALLBACKS,
  notificationFor,
  parsePushData,
  pickClient,
  pruneCaches,
  safeUrl,
  strategyFor,
  type Precache,
} from './rules';

declare const self: ServiceWorkerGlobalScope;
declare const __KESHER_SW_VERSION__: string;
declare const __KESHER_PRECACHE__: Precache;

const VERSION = __KESHER_SW_VERSION__;
const PRECACHE = __KESHER_PRECACHE__;
const CACHE = cacheName(VERSION);
const PRECACHED = new Set([...PRECACHE.shell, ...PRECACHE.lazy]);
/** The versions whose caches are kept, oldest first (a tiny cache of its own). */
const META_CACHE = 'kesher-meta';
const HISTORY_KEY = '/__kesher/versions';

async function precache(): Promise<void> {
  const cache = await caches.open(CACHE);
  // The shell must be complete, or this version does not install and the old one stays.
  await cache.addAll(PRECACHE.shell.map((url) => new Request(url, { cache: 'no-cache' })));
  const appPage = await fetch(APP_PAGE_SOURCE, { cache: 'no-cache' });
  if (!appPage.ok) throw new Error(`app page: ${appPage.status}`);
  await cache.put(DEFAULT_INDEX, appPage);
  // Lazy chunks: as many as load (one missing must not block the update).
  await Promise.allSettled(PRECACHE.lazy.map((url) => cache.add(url)));
}

async function readHistory(): Promise<string[]> {
  const response = await (await caches.open(META_CACHE)).match(HISTORY_KEY);
  if (!response) return [];
  try {
    const value: unknown = await response.json();
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

async function activate(): Promise<void> {
  const { history, remove } = pruneCaches(await readHistory(), VERSION, await caches.keys());
  await (await caches.open(META_CACHE)).put(HISTORY_KEY, Response.json(history));
  await Promise.all(remove.map((name) => caches.delete(name)));
  await self.clients.claim();
}

async function navigate(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    for (const page of NAVIGATION_FALLBACKS) {
      // This version's page first: caches.match alone could find an older version's.
      const cached = (await (await caches.open(CACHE)).match(page)) ?? (await caches.match(page));
      if (cached) return cached;
    }
    throw error;
  }
}

async function fromCache(request: Request, anyVersion: boolean): Promise<Response> {
  const cached = anyVersion
    ? await caches.match(request)
    : await (await caches.open(CACHE)).match(request);
  return cached ?? fetch(request);
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(activate());
});

self.addEventListener('fetch', (event) => {
  const strategy = strategyFor(event.request, self.location.origin, PRECACHED);
  if (strategy === 'navigate') event.respondWith(navigate(event.request));
  else if (strategy === 'asset') event.respondWith(fromCache(event.request, true));
  else if (strategy === 'precached') event.respondWith(fromCache(event.request, false));
});

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'version'
  ) {
    event.ports[0]?.postMessage({ version: VERSION });
  }
});

self.addEventListener('push', (event) => {
  const { title, options } = notificationFor(parsePushData(event.data));
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const url =
    safeUrl(typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : null) ??
    '/explore';
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const client = pickClient(windows, self.location.origin, url);
      if (!client) {
        await self.clients.openWindow(url);
        return;
      }
      const focused = await client.focus();
      // A controlled tab navigates; one that cannot (not controlled) still comes forward.
      await focused.navigate(url).catch(() => null);
    })(),
  );
});
