// The per-language pages (docs/architecture.md, "Per-language pages"): the build writes
// index.html (Hebrew, rtl), index.en.html and index.de.html for the landing's paths,
// register.html and its siblings for /register (registerPage.ts), and app.html, app.en.html and
// app.de.html (the same without a pre-rendered screen) for every other route. Each index page
// holds the
// landing's first screen (brand, call to action, the hero) pre-rendered in its language inside
// #root, so a visitor sees it before any JavaScript runs; the right <html lang dir> and title; the
// landing's stylesheet; a preload of the Rubik files that first screen uses; and a modulepreload
// of the language's translation chunk. The server picks the page from the language cookie, then
// Accept-Language, then Hebrew (server/src/domain/index_page.hpp). The app starts after the first
// paint (src/afterPaint.ts), and React replaces the markup (createRoot) with the same landing once
// its chunks are in (src/main.tsx).
//
// The strings come from the landing's real translation files (src/i18n/auth|common/<lang>.json);
// the markup follows src/features/auth/LandingPage.tsx class for class, so that the real page
// takes over without a jump. Anything else in index.html (the pwa's manifest link, icons) is kept
// in all three, with a manifest link pointed at the language's manifest.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { exploreMarkup } from './explorePage';
import { registerMarkup } from './registerPage';
import type { Rollup } from 'vite';

type OutputAsset = Rollup.OutputAsset;
type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

type Lang = 'he' | 'en' | 'de';
export type Tree = { [key: string]: string | Tree };

export interface PageLanguage {
  code: Lang;
  rtl: boolean;
  locale: string;
  nativeName: string;
  /** The page with the landing pre-rendered (for /; the landing variants are onboarding flows). */
  file: string;
  /** The page with the registration's first step pre-rendered, for /register (registerPage.ts). */
  registerFile: string;
  /** The page with /explore's frame and deck pre-rendered, which the server fills (explorePage.ts). */
  exploreFile: string;
  /** The same page without either, for every other route of the app. */
  shellFile: string;
  /** The Rubik subset the page's text is written in (FIRST_SCREEN_FONTS says which files that
   *  takes). */
  fontSubset: FontSubset;
}

type FontSubset = 'hebrew' | 'latin';

export const PAGE_LANGUAGES: readonly PageLanguage[] = [
  {
    code: 'he',
    rtl: true,
    locale: 'he-IL',
    nativeName: 'עברית',
    file: 'index.html',
    registerFile: 'register.html',
    exploreFile: 'explore.html',
    shellFile: 'app.html',
    fontSubset: 'hebrew',
  },
  {
    code: 'en',
    rtl: false,
    locale: 'en-US',
    nativeName: 'English',
    file: 'index.en.html',
    registerFile: 'register.en.html',
    exploreFile: 'explore.en.html',
    shellFile: 'app.en.html',
    fontSubset: 'latin',
  },
  {
    code: 'de',
    rtl: false,
    locale: 'de-DE',
    nativeName: 'Deutsch',
    file: 'index.de.html',
    registerFile: 'register.de.html',
    exploreFile: 'explore.de.html',
    shellFile: 'app.de.html',
    fontSubset: 'latin',
  },
];

/** The Rubik weights a pre-rendered first screen draws with, by subset. Exactly these are
 *  preloaded, and e2e/first-load.spec.ts checks that the page asks for no other font before its
 *  scripts run. A font left out costs a late swap, a second layout and, in Lighthouse's simulation,
 *  0.15 s of first paint (docs/performance.md). */
type FirstScreenFonts = Readonly<Record<FontSubset, readonly number[]>>;

// By screen, then by the subset the page is written in. Hebrew text takes the Latin subset too:
// its spaces, digits and punctuation are in that subset's unicode-range (src/ui/fonts.css); its
// 800 titles are single words. A Latin page takes Hebrew only for the landing's and the
// registration's language picker, which names Hebrew in its own script (500).
const FIRST_SCREEN_FONTS: Record<
  'landing' | 'register' | 'explore' | 'shell',
  Record<FontSubset, FirstScreenFonts>
> = {
  // LandingPage.css: body 400, buttons and kicker 500/700, the title 800.
  landing: {
    hebrew: { hebrew: [400, 500, 700, 800], latin: [400, 500, 700] },
    latin: { hebrew: [500], latin: [400, 500, 700, 800] },
  },
  // Body text 400, the choices 500, the titles and buttons 700.
  register: {
    hebrew: { hebrew: [400, 500, 700], latin: [400, 500, 700] },
    latin: { hebrew: [500], latin: [400, 500, 700] },
  },
  // The Slips: body text 400, the place line and the tab labels 500, the card's name 700, the
  // page title 800.
  explore: {
    hebrew: { hebrew: [400, 500, 700, 800], latin: [400, 500, 700] },
    latin: { hebrew: [], latin: [400, 500, 700, 800] },
  },
  // The other routes draw their own screens: the body text's weight is what they share.
  shell: {
    hebrew: { hebrew: [400], latin: [400] },
    latin: { hebrew: [], latin: [400] },
  },
};
// A rule of each stylesheet the pre-rendered /explore needs: the frame's tab bar, the people's
// photo and badges, the page and its cards.
const EXPLORE_STYLES = ['.tab-bar', '.people-photo', '.explore__deck'] as const;

/** Figures the copy interpolates; the same constants the React landing uses. The member count
 *  is not one of them: it is the database's, which the landing asks the server for
 *  (src/features/auth/memberCount.ts), so a built page never holds a number that may be false. */
interface LandingFigures {
  signupCredits: number;
}

export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function lookup(tree: Tree, path: string): string {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`landingPages: no string at ${path}`);
  return node;
}

export function interpolate(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
}

function readTree(srcDir: string, area: string, lang: Lang): Tree {
  return JSON.parse(readFileSync(resolve(srcDir, 'i18n', area, `${lang}.json`), 'utf8')) as Tree;
}

export const formatNumber = (n: number, locale: string): string =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: 'always' }).format(n);

/** BrandLogo.tsx's BrandMark at `size` pixels. */
export const brandMark = (size: number): string =>
  `<svg class="brand-mark" width="${size}" height="${size}" viewBox="0 0 64 64" aria-hidden="true" focusable="false">` +
  '<defs><linearGradient id="brand-mark-gradient" x1="0" y1="0" x2="1" y2="1">' +
  '<stop offset="0" stop-color="#ff6b8b"></stop><stop offset="0.5" stop-color="#e8436b"></stop>' +
  '<stop offset="1" stop-color="#a8326e"></stop></linearGradient></defs>' +
  '<rect width="64" height="64" rx="18" fill="url(#brand-mark-gradient)"></rect>' +
  '<path d="M32 50 14 32a10 10 0 0 1 18-13 10 10 0 0 1 18 13z" fill="#fff"></path>' +
  '<circle cx="45" cy="18" r="5" fill="#ffd34d"></circle></svg>';

// The picker's icons as LanguagePicker.tsx draws them (ui/icons.tsx's globe, its caret).
const GLOBE =
  '<svg class="icon language-picker__globe" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">' +
  '<circle cx="12" cy="12" r="9"></circle><path d="M3 12h18M12 3c2.5 2.6 3.6 5.6 3.6 9s-1.1 6.4-3.6 9c-2.5-2.6-3.6-5.6-3.6-9S9.5 5.6 12 3z"></path></svg>';
const CARET =
  '<svg class="language-picker__caret" viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">' +
  '<path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"></path></svg>';

/** LanguagePicker.tsx over a dark surface, with the page's language chosen. */
export function languagePicker(lang: PageLanguage, common: Tree, id: string): string {
  const options = PAGE_LANGUAGES.map(
    (l) =>
      `<option value="${l.code}" lang="${l.code}"${l.code === lang.code ? ' selected' : ''}>${escapeHtml(l.nativeName)}</option>`,
  ).join('');
  return [
    '<div class="language-picker language-picker--on-dark">',
    `<label for="${id}" class="visually-hidden">${escapeHtml(lookup(common, 'language.label'))}</label>`,
    GLOBE,
    `<select id="${id}" class="language-picker__select">${options}</select>`,
    CARET,
    '</div>',
  ].join('');
}

/** The landing's first screen in one language: LandingPage.tsx's header and hero. */
export function landingMarkup(
  lang: PageLanguage,
  auth: Tree,
  common: Tree,
  figures: LandingFigures,
): string {
  const t = (path: string, values: Record<string, string> = {}) =>
    escapeHtml(interpolate(lookup(auth, path), values));
  const credits = formatNumber(figures.signupCredits, lang.locale);
  return [
    '<div class="landing-layout"><div class="landing" data-testid="landing-page" data-prerendered="">',
    '<header class="landing-top">',
    `<a href="/" class="landing-logo">${brandMark(38)}<span>${t('brand')}</span></a>`,
    '<div class="landing-top-actions">',
    languagePicker(lang, common, 'prerendered-language'),
    `<a href="/login" class="landing-top-login">${t('landing.login')}</a>`,
    '</div></header>',
    '<main><section class="landing-hero"><div class="landing-hero-copy">',
    `<p class="landing-kicker">${t('landing.kicker', { credits })}</p>`,
    `<h1 class="landing-title">${t('tagline')}</h1>`,
    `<p class="landing-sub">${t('landing.sub')}</p>`,
    '<div class="landing-ctas">',
    `<a href="/register" class="btn btn-primary landing-cta">${t('landing.register')}</a>`,
    `<a href="/login" class="btn landing-cta landing-cta-secondary">${t('landing.login')}</a>`,
    '</div>',
    // Empty, at its height: the real landing fills in the server's count.
    '<p class="landing-members" data-testid="landing-members" aria-live="polite"></p>',
    '</div>',
    '<div class="landing-visual" aria-hidden="true"><div class="landing-phone">',
    '<div class="landing-profile"><div class="landing-profile-photo"></div>',
    '<div class="landing-profile-meta"><span class="landing-line landing-line-strong"></span><span class="landing-line"></span></div></div>',
    `<div class="landing-bubble landing-bubble-in">${t('landing.bubbleIn')}</div>`,
    `<div class="landing-bubble landing-bubble-out">${t('landing.bubbleOut')}</div>`,
    '<div class="landing-actions"><span class="landing-action">✕</span><span class="landing-action landing-action-like">♥</span></div>',
    '</div></div></section>',
    '<section class="landing-disclosure"><div class="landing-disclosure-icon" aria-hidden="true">i</div>',
    `<div><h2>${t('landing.disclosureTitle')}</h2><p>${t('disclosure')}</p></div></section>`,
    '</main></div></div>',
  ].join('');
}

function chunkOf(bundle: OutputBundle, moduleSuffix: string): OutputChunk | undefined {
  return Object.values(bundle).find(
    (file): file is OutputChunk =>
      file.type === 'chunk' && (file.facadeModuleId ?? '').endsWith(moduleSuffix),
  );
}

/** The CSS files a chunk and the chunks it imports bring (Vite's metadata on each chunk). */
function cssOf(bundle: OutputBundle, chunk: OutputChunk | undefined): string[] {
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: OutputChunk | undefined) => {
    if (!file || seen.has(file.fileName)) return;
    seen.add(file.fileName);
    const meta = (file as OutputChunk & { viteMetadata?: { importedCss: Set<string> } })
      .viteMetadata;
    for (const name of meta?.importedCss ?? []) css.add(name);
    for (const name of file.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(chunk);
  return [...css];
}

/** A pre-rendered page: its entry script and module preloads become the data of the after-paint
 *  script (src/afterPaint.ts), so that the page itself fetches no script but that one. */
export function startAfterPaint(page: string, entryFile: string, afterPaintFile: string): string {
  const entryTag = new RegExp(
    `\\s*<script type="module" crossorigin src="/${entryFile.replace(/[.]/g, '[.]')}"></script>`,
  );
  if (!entryTag.test(page)) throw new Error(`landingPages: no script tag for ${entryFile}`);
  const preloads: string[] = [];
  const withoutScripts = page
    .replace(entryTag, '')
    .replace(/\s*<link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g, (_, href: string) => {
      preloads.push(href);
      return '';
    });
  const starter =
    `<script type="module" crossorigin src="/${afterPaintFile}" data-app-entry="/${entryFile}"` +
    ` data-app-preload="${preloads.join(' ')}"></script>`;
  return withoutScripts.replace(/\s*<\/head>/, `\n    ${starter}\n  </head>`);
}

/** Of `candidates`, the stylesheets that hold a rule for one of `selectors` (each must be found). */
export function stylesheetsWith(
  bundle: OutputBundle,
  candidates: string[],
  selectors: readonly string[],
): string[] {
  const chosen = new Set<string>();
  for (const selector of selectors) {
    const file = candidates.find((name) => {
      const css = bundle[name];
      return css?.type === 'asset' && String(css.source).includes(`${selector}{`);
    });
    if (!file) throw new Error(`landingPages: no stylesheet has ${selector}`);
    chosen.add(file);
  }
  return [...chosen];
}

function fontFile(bundle: OutputBundle, subset: string, weight: number): string {
  const pattern = new RegExp(`(^|/)rubik-${subset}-${weight}-normal-[\\w-]+\\.woff2$`);
  const file = Object.keys(bundle).find((name) => pattern.test(name));
  if (!file) throw new Error(`landingPages: no Rubik ${subset} ${weight} in the build`);
  return file;
}

/** One page: the built index.html with the language's attributes, head links and landing. */
export function pageFor(
  html: string,
  lang: PageLanguage,
  parts: { title: string; markup: string; headLinks: string[] },
): string {
  let page = html
    .replace(/<html\b[^>]*>/, `<html lang="${lang.code}" dir="${lang.rtl ? 'rtl' : 'ltr'}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(parts.title)}</title>`)
    .replace(/<div id="root"><\/div>/, `<div id="root">${parts.markup}</div>`)
    .replace(/\s*<\/head>/, `\n    ${parts.headLinks.join('\n    ')}\n  </head>`);
  // The pwa's manifest link names the Hebrew manifest; each page names its own.
  if (lang.code !== 'he')
    page = page.replace(
      /(<link\b[^>]*rel="manifest"[^>]*href=")\/manifest\.webmanifest"/,
      `$1/manifest.${lang.code}.webmanifest"`,
    );
  if (!page.includes('<div id="root">')) throw new Error('landingPages: index.html has no #root');
  return page;
}

export function landingPages(figures: LandingFigures): Plugin {
  let srcDir = '';
  return {
    name: 'kesher-landing-pages',
    apply: 'build',
    configResolved(config) {
      srcDir = resolve(config.root, 'src');
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'] as OutputAsset | undefined;
        if (!index) return;
        const html = String(index.source);
        const landing = chunkOf(bundle, 'src/features/auth/LandingPage.tsx');
        const landingCss = cssOf(bundle, landing).filter((css) => !html.includes(`/${css}"`));
        if (landingCss.length === 0)
          throw new Error('landingPages: the landing chunk has no stylesheet');
        const registration = chunkOf(bundle, 'src/features/auth/RegisterPage.tsx');
        const registerCss = cssOf(bundle, registration).filter((css) => !html.includes(`/${css}"`));
        if (registerCss.length === 0)
          throw new Error('landingPages: the registration chunk has no stylesheet');
        // The signed-in frame and The Slips (src/app/router.tsx loads them as chunks of their own).
        // Of their stylesheets (a dozen: the frame's chunk holds the modals' too), the ones that
        // draw the pre-rendered page: every stylesheet the page links holds back its first paint.
        const exploreCss = stylesheetsWith(
          bundle,
          [
            ...cssOf(bundle, chunkOf(bundle, 'src/app/layouts/MainLayout.tsx')),
            ...cssOf(bundle, chunkOf(bundle, 'src/features/explore/ExplorePage.tsx')),
          ].filter((css) => !html.includes(`/${css}"`)),
          EXPLORE_STYLES,
        );
        // The members' entry (vite.config.ts names it main): src/main.tsx, imported by index.html.
        const entry = Object.values(bundle).find(
          (file): file is OutputChunk =>
            file.type === 'chunk' && file.isEntry && file.name === 'main',
        );
        if (!entry) throw new Error('landingPages: no entry chunk named main');
        // src/afterPaint.ts, the second entry of the members' pages (vite.config.ts).
        const afterPaint = Object.values(bundle).find(
          (file): file is OutputChunk =>
            file.type === 'chunk' && file.isEntry && file.name === 'afterPaint',
        )?.fileName;
        if (!afterPaint) throw new Error('landingPages: no entry chunk named afterPaint');
        for (const lang of PAGE_LANGUAGES) {
          const auth = readTree(srcDir, 'auth', lang.code);
          const common = readTree(srcDir, 'common', lang.code);
          const translations = chunkOf(bundle, `src/i18n/bundles/${lang.code}.ts`);
          if (!translations) throw new Error(`landingPages: no translation chunk for ${lang.code}`);
          const fonts = (screen: keyof typeof FIRST_SCREEN_FONTS) => {
            const plan = FIRST_SCREEN_FONTS[screen][lang.fontSubset];
            return (['hebrew', 'latin'] as const).flatMap((subset) =>
              plan[subset].map(
                (weight) =>
                  `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${fontFile(bundle, subset, weight)}">`,
              ),
            );
          };
          const translationLinks = [translations.fileName, ...translations.imports].map(
            (file) => `<link rel="modulepreload" crossorigin href="/${file}">`,
          );
          const title = lookup(common, 'brand');
          // A page with its first screen in the markup: that screen's fonts and stylesheets in
          // the head, and the app started after its paint.
          const prerendered = (
            markup: string,
            screen: 'landing' | 'register' | 'explore',
            css: string[],
          ) =>
            startAfterPaint(
              pageFor(html, lang, {
                title,
                markup,
                headLinks: [
                  ...fonts(screen),
                  ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
                  ...translationLinks,
                ],
              }),
              entry.fileName,
              afterPaint,
            );
          const page = prerendered(
            landingMarkup(lang, auth, common, figures),
            'landing',
            landingCss,
          );
          const shell = pageFor(html, lang, {
            title,
            markup: '',
            headLinks: [...fonts('shell'), ...translationLinks],
          });
          const register = prerendered(registerMarkup(lang, auth, common), 'register', registerCss);
          this.emitFile({ type: 'asset', fileName: lang.registerFile, source: register });
          const explore = prerendered(
            exploreMarkup(lang, {
              common,
              explore: readTree(srcDir, 'explore', lang.code),
              people: readTree(srcDir, 'people', lang.code),
            }),
            'explore',
            exploreCss,
          );
          this.emitFile({ type: 'asset', fileName: lang.exploreFile, source: explore });
          if (lang.file === 'index.html') index.source = page;
          else this.emitFile({ type: 'asset', fileName: lang.file, source: page });
          this.emitFile({ type: 'asset', fileName: lang.shellFile, source: shell });
        }
      },
    },
  };
}
