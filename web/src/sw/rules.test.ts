// @vitest-environment node
import he from '../i18n/push/he.json';
import {
  cacheName,
  NAVIGATION_FALLBACKS,
  notificationFor,
  parsePushData,
  pickClient,
  pruneCaches,
  safeUrl,
  strategyFor,
} from './rules';

const ORIGIN = 'https://kesher.example';
const PRECACHED = new Set(['/offline.html', '/icons/icon-192.png', '/manifest.webmanifest']);
const get = (path: string, mode = 'cors', method = 'GET') => ({
  url: `${ORIGIN}${path}`,
  method,
  mode,
});

describe('strategyFor', () => {
  it('sends navigations of the app network-first', () => {
    for (const path of ['/', '/explore', '/chat/12', '/settings?x=1']) {
      expect(strategyFor(get(path, 'navigate'), ORIGIN, PRECACHED)).toBe('navigate');
    }
  });

  it('answers a navigation to the offline page from the cache', () => {
    expect(strategyFor(get('/offline.html', 'navigate'), ORIGIN, PRECACHED)).toBe('precached');
  });

  it('never answers the API, the socket, media, uploads, the console, links and payments', () => {
    const paths = [
      '/api/push/key',
      '/api/send-push',
      '/ws',
      '/ws?x=1',
      '/media/a.jpg',
      '/upload',
      '/console',
      '/console/queue',
      '/console/api/x',
      '/check/abc',
      '/verify/token',
      '/recover/token',
      '/payments/redirect',
      '/healthz',
      '/sw.js',
    ];
    for (const path of paths) {
      expect(strategyFor(get(path, 'navigate'), ORIGIN, PRECACHED), path).toBeNull();
      expect(strategyFor(get(path), ORIGIN, PRECACHED), path).toBeNull();
    }
  });

  it('does not mistake routes that only start like an excluded one', () => {
    expect(strategyFor(get('/wsx', 'navigate'), ORIGIN, PRECACHED)).toBe('navigate');
    expect(strategyFor(get('/apis', 'navigate'), ORIGIN, PRECACHED)).toBe('navigate');
  });

  it('answers hashed assets from any cache and precached files from its own', () => {
    expect(strategyFor(get('/assets/main-abc.js'), ORIGIN, PRECACHED)).toBe('asset');
    expect(strategyFor(get('/offline.html'), ORIGIN, PRECACHED)).toBe('precached');
    expect(strategyFor(get('/icons/icon-192.png'), ORIGIN, PRECACHED)).toBe('precached');
  });

  it('leaves other files, other origins and non-GET requests to the network', () => {
    expect(strategyFor(get('/sounds/credits.mp3'), ORIGIN, PRECACHED)).toBeNull();
    expect(strategyFor(get('/gifts/rose.png'), ORIGIN, PRECACHED)).toBeNull();
    expect(
      strategyFor(
        { url: 'https://cdn.other/x.js', method: 'GET', mode: 'cors' },
        ORIGIN,
        PRECACHED,
      ),
    ).toBeNull();
    expect(strategyFor(get('/explore', 'navigate', 'POST'), ORIGIN, PRECACHED)).toBeNull();
    expect(strategyFor(get('/assets/a.js', 'cors', 'HEAD'), ORIGIN, PRECACHED)).toBeNull();
  });
});

describe('NAVIGATION_FALLBACKS', () => {
  it('tries the cached app page, then the offline page', () => {
    expect(NAVIGATION_FALLBACKS).toEqual(['/index.html', '/offline.html']);
  });
});

describe('pruneCaches', () => {
  const names = [cacheName('v1'), cacheName('v2'), cacheName('v3'), 'kesher-meta', 'other'];

  it('keeps the new version and the one before it, deletes older ones only', () => {
    expect(pruneCaches(['v1', 'v2'], 'v3', names)).toEqual({
      history: ['v2', 'v3'],
      remove: [cacheName('v1')],
    });
  });

  it('deletes a cache of a version it has never heard of (an interrupted update)', () => {
    expect(pruneCaches(['v2'], 'v3', names)).toEqual({
      history: ['v2', 'v3'],
      remove: [cacheName('v1')],
    });
  });

  it('re-activating the same version changes nothing', () => {
    expect(pruneCaches(['v2', 'v3'], 'v3', names).history).toEqual(['v2', 'v3']);
    expect(pruneCaches(['v2', 'v3'], 'v3', names).remove).toEqual([cacheName('v1')]);
  });

  it('a first install keeps only itself', () => {
    expect(pruneCaches([], 'v1', [cacheName('v1')])).toEqual({ history: ['v1'], remove: [] });
  });
});

describe('notificationFor', () => {
  const payload = {
    kind: 'message',
    title: 'Kesher',
    body: 'You have a new message',
    url: '/chat/42',
    tag: 'message:42',
    lang: 'en',
    dir: 'ltr',
  };

  it("shows the contract's payload with the app's icon and badge", () => {
    expect(notificationFor(payload)).toEqual({
      title: 'Kesher',
      options: {
        body: 'You have a new message',
        tag: 'message:42',
        lang: 'en',
        dir: 'ltr',
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
        data: { url: '/chat/42' },
      },
    });
  });

  it('falls back to the generic Hebrew message for no data or malformed data', () => {
    for (const bad of [
      undefined,
      null,
      'text',
      42,
      {},
      { ...payload, kind: 'spam' },
      { ...payload, title: '' },
      { ...payload, body: 7 },
    ]) {
      const { title, options } = notificationFor(bad);
      expect(title).toBe(he.notification.title);
      expect(options.body).toBe(he.notification.newMessage);
      expect(options.lang).toBe('he');
      expect(options.dir).toBe('rtl');
      expect(options.data.url).toBe('/explore');
    }
  });

  it('never opens another site from a payload', () => {
    for (const url of [
      'https://evil.example/',
      '//evil.example',
      'javascript:alert(1)',
      '/\\evil',
    ]) {
      expect(notificationFor({ ...payload, url }).options.data.url).toBe('/explore');
    }
  });

  it('derives a missing direction from the language, and a missing tag from the kind', () => {
    const { options } = notificationFor({ ...payload, lang: 'he', dir: undefined, tag: undefined });
    expect(options.dir).toBe('rtl');
    expect(options.tag).toBe('message');
    expect(notificationFor({ ...payload, lang: 'fr' }).options.lang).toBe('he');
  });
});

describe('parsePushData', () => {
  it('reads JSON and swallows what is not JSON', () => {
    expect(parsePushData({ json: () => ({ a: 1 }) })).toEqual({ a: 1 });
    expect(
      parsePushData({
        json: () => {
          throw new SyntaxError('not json');
        },
      }),
    ).toBeUndefined();
    expect(parsePushData(null)).toBeUndefined();
  });
});

describe('safeUrl', () => {
  it('accepts paths of this site only', () => {
    expect(safeUrl('/likesme')).toBe('/likesme');
    expect(safeUrl('likesme')).toBeNull();
    expect(safeUrl(undefined)).toBeNull();
  });
});

describe('pickClient', () => {
  const tab = (path: string, focused = false, origin = ORIGIN) => ({
    url: `${origin}${path}`,
    focused,
  });

  it('prefers a tab already at the target, then a focused one, then any', () => {
    const atTarget = tab('/chat/42');
    const focused = tab('/explore', true);
    const other = tab('/meet');
    expect(pickClient([other, focused, atTarget], ORIGIN, '/chat/42')).toBe(atTarget);
    expect(pickClient([other, focused], ORIGIN, '/chat/42')).toBe(focused);
    expect(pickClient([other], ORIGIN, '/chat/42')).toBe(other);
  });

  it("opens a new window rather than taking over the console or another site's tab", () => {
    expect(
      pickClient([tab('/console', true), tab('/', true, 'https://x.example')], ORIGIN, '/'),
    ).toBe(null);
    expect(pickClient([], ORIGIN, '/')).toBeNull();
  });
});
