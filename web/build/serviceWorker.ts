// The installable app's build step (docs/architecture.md, "Service worker"): from the real
// bundle it writes
//   /sw.js                       src/sw/sw.ts, with the build's version and precache list;
//   /manifest.webmanifest        the Hebrew manifest (the default), and .en / .de beside it;
//   /offline.html, .css, .js     the offline page (src/sw/offline), strings from i18n/push;
// and points each per-language index page (index.<lang>.html) at its language's manifest.
// Every string comes from src/i18n/push/{he,en,de}.json.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';

const WEB = resolve(import.meta.dirname, '..');
const LANGUAGES = ['he', 'en', 'de'] as const;
type Lang = (typeof LANGUAGES)[number];
const THEME_COLOR = '#e8436b';
const BACKGROUND_COLOR = '#fff7f9';
/** Files of web/public that the shell needs (icons, favicon); the rest (sounds, gifts) is not
 *  precached. */
const PUBLIC_SHELL = ['/favicon.svg', '/icons/icon-192.png', '/icons/badge-96.png'];

interface PushStrings {
  app: { name: string; shortName: string; description: string };
  offline: Record<string, string>;
}

function strings(lang: Lang): PushStrings {
  return JSON.parse(
    readFileSync(resolve(WEB, 'src/i18n/push', `${lang}.json`), 'utf8'),
  ) as PushStrings;
}

export function manifestFile(lang: Lang): string {
  return lang === 'he' ? 'manifest.webmanifest' : `manifest.${lang}.webmanifest`;
}

export function manifest(lang: Lang): object {
  const { app } = strings(lang);
  return {
    id: '/',
    name: app.name,
    short_name: app.shortName,
    description: app.description,
    lang,
    dir: lang === 'he' ? 'rtl' : 'ltr',
    start_url: '/explore',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['social', 'lifestyle'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** Bundles one script of src/sw as a classic script (no imports), with `define` replacements. */
async function bundleScript(entry: string, define: Record<string, string>): Promise<string> {
  const result = await build({
    configFile: false,
    root: WEB,
    logLevel: 'warn',
    publicDir: false,
    define,
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      lib: {
        entry: resolve(WEB, entry),
        formats: ['iife'],
        name: 'kesher',
        fileName: () => 'x.js',
      },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  for (const output of outputs) {
    if (!('output' in output)) continue;
    const chunk = output.output.find((item): item is Rollup.OutputChunk => item.type === 'chunk');
    if (chunk) return chunk.code;
  }
  throw new Error(`no output for ${entry}`);
}

/** The members' app as the bundle holds it: the shell (the index entry's chunk, its static
 *  imports and their CSS, the fonts that CSS loads) and the lazy rest (dynamic imports, followed
 *  the same way). The console's entry is never followed. */
export function appFiles(bundle: Rollup.OutputBundle): { shell: string[]; lazy: string[] } {
  const chunks = Object.values(bundle).filter(
    (item): item is Rollup.OutputChunk => item.type === 'chunk',
  );
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find(
    (chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('/index.html') === true,
  );
  if (!entry) throw new Error('service worker: no chunk for index.html');

  const shell = new Set<string>();
  const lazy = new Set<string>();
  const addChunk = (chunk: Rollup.OutputChunk, into: Set<string>, seen: Set<string>) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    into.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
    for (const name of chunk.imports) {
      const next = byName.get(name);
      if (next) addChunk(next, into, seen);
    }
  };
  const seenShell = new Set<string>();
  addChunk(entry, shell, seenShell);
  // Breadth over dynamic imports: every chunk the app can load later.
  const queue = [...seenShell].flatMap((name) => byName.get(name)?.dynamicImports ?? []);
  const seenLazy = new Set(seenShell);
  while (queue.length > 0) {
    const next = byName.get(queue.shift() ?? '');
    if (!next || seenLazy.has(next.fileName)) continue;
    const before = new Set(seenLazy);
    addChunk(next, lazy, seenLazy);
    for (const name of seenLazy) {
      if (!before.has(name)) queue.push(...(byName.get(name)?.dynamicImports ?? []));
    }
  }
  // The pre-rendered pages' starter (src/afterPaint.ts), an entry of its own.
  const afterPaint = chunks.find((chunk) => chunk.isEntry && chunk.name === 'afterPaint');
  if (afterPaint) shell.add(afterPaint.fileName);
  // Fonts the shell's CSS loads at start.
  for (const css of [...shell].filter((name) => name.endsWith('.css'))) {
    const asset = bundle[css];
    const source = asset?.type === 'asset' ? String(asset.source) : '';
    for (const match of source.matchAll(/url\(["']?\/?(assets\/[^"')]+\.woff2)["']?\)/g)) {
      if (match[1]) shell.add(match[1]);
    }
  }
  for (const name of shell) lazy.delete(name);
  return { shell: [...shell].map((f) => `/${f}`), lazy: [...lazy].map((f) => `/${f}`) };
}

/** @font-face rules for the offline page: the app's own Rubik files (hashed, precached with the
 *  shell), regular and bold, Latin, then Hebrew with its range (checked first for Hebrew). */
export function rubikFaces(fileNames: readonly string[]): string {
  const faces: string[] = [];
  for (const subset of ['latin', 'hebrew'] as const) {
    for (const weight of [400, 700]) {
      const file = fileNames.find((name) =>
        new RegExp(`^assets/rubik-${subset}-${weight}-normal-[\\w-]+\\.woff2$`).test(name),
      );
      if (!file) continue;
      const range =
        subset === 'hebrew'
          ? 'unicode-range:U+0590-05FF,U+200C-2010,U+20AA,U+25CC,U+FB1D-FB4F;'
          : '';
      faces.push(
        `@font-face{font-family:Rubik;font-style:normal;font-weight:${weight};font-display:swap;src:url(/${file}) format('woff2');${range}}\n`,
      );
    }
  }
  return faces.join('');
}

export function serviceWorker(): Plugin {
  return {
    name: 'kesher-service-worker',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      // Only the members' build (the one with index.html) gets a worker.
      if (!Object.values(bundle).some((item) => item.fileName === 'index.html')) return;
      const emit = (fileName: string, source: string) =>
        this.emitFile({ type: 'asset', fileName, source });

      for (const lang of LANGUAGES) {
        emit(manifestFile(lang), `${JSON.stringify(manifest(lang), null, 2)}\n`);
      }
      // A per-language index page links its own language's manifest.
      for (const item of Object.values(bundle)) {
        const lang = /^index\.(en|de)\.html$/.exec(item.fileName)?.[1] as Lang | undefined;
        if (!lang || item.type !== 'asset') continue;
        item.source = String(item.source).replace(
          'href="/manifest.webmanifest"',
          `href="/${manifestFile(lang)}"`,
        );
      }

      const offlineStrings = Object.fromEntries(
        LANGUAGES.map((lang) => {
          const { app, offline } = strings(lang);
          return [lang, { brand: app.name, ...offline }];
        }),
      );
      const he = offlineStrings.he as Record<string, string>;
      const offlineHtml = readFileSync(resolve(WEB, 'src/sw/offline/offline.html'), 'utf8').replace(
        /%(\w+)%/g,
        (whole, key: string) => he[key] ?? whole,
      );
      emit('offline.html', offlineHtml);
      emit(
        'offline.css',
        rubikFaces(Object.keys(bundle)) +
          readFileSync(resolve(WEB, 'src/sw/offline/offline.css'), 'utf8'),
      );
      emit(
        'offline.js',
        await bundleScript('src/sw/offline/offline.ts', {
          __KESHER_OFFLINE_STRINGS__: JSON.stringify(offlineStrings),
        }),
      );

      const { shell, lazy } = appFiles(bundle);
      const pages = Object.keys(bundle)
        .filter((name) => /^index(\.[a-z]{2})?\.html$/.test(name))
        .map((name) => `/${name}`);
      const own = [
        ...LANGUAGES.map((lang) => `/${manifestFile(lang)}`),
        '/offline.html',
        '/offline.css',
        '/offline.js',
      ];
      // The app's page itself is fetched by the worker from a route (sw/rules.ts APP_PAGE_SOURCE):
      // the server has no /index.html of its own.
      const precache = {
        shell: [...shell, ...own, ...PUBLIC_SHELL].sort(),
        lazy: lazy.sort(),
      };
      // The version changes with any precached file: hashed names carry their content, and the
      // unhashed files (index pages, manifests, offline page) are hashed here.
      const hash = createHash('sha256').update(JSON.stringify([precache, pages]));
      for (const name of [...pages.map((p) => p.slice(1))]) {
        const item = bundle[name];
        if (item?.type === 'asset') hash.update(String(item.source));
      }
      hash.update(offlineHtml);
      for (const file of ['src/sw/sw.ts', 'src/sw/rules.ts', 'src/sw/offline/offline.css']) {
        hash.update(readFileSync(resolve(WEB, file)));
      }
      for (const lang of LANGUAGES) hash.update(JSON.stringify(manifest(lang)));
      const version = hash.digest('hex').slice(0, 12);
      emit(
        'sw.js',
        await bundleScript('src/sw/sw.ts', {
          __KESHER_SW_VERSION__: JSON.stringify(version),
          __KESHER_PRECACHE__: JSON.stringify(precache),
        }),
      );
    },
  };
}
