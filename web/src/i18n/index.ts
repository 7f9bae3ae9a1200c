// Translations live in one folder per area (i18n/<area>/{he,en,de}.json) so that areas can be
// edited independently; every area must hold the same keys in all three languages (i18n.test.ts).
// Keys are used as t('<area>.<key>'). The staff console's strings (i18n/console/) belong to the
// console's bundle alone (src/console/i18n.ts).
//
// The app loads only the language it shows, in three parts, each a chunk per language:
// - core (./bundles/<code>.ts): what any page may show; fetched before the first render, and
//   preloaded by the page (web/build/landingPages.ts), so the first render waits for no extra trip;
// - member (./bundles/<code>.member.ts): the signed-in screens' areas, fetched with their layout
//   (router.tsx) and as soon as a session is known (main.tsx);
// - info (./info/<code>.json): the long texts of the information pages, fetched with them;
// - escape (./escape/<code>.json): the in-app browser prompt and the /check and /reconnect pages,
//   fetched with them (src/features/escape).
// - extras (./extras/<code>.json): the profile extras' fields and options, fetched with the
//   screens that show or ask for them (features/profile/extras).
// A part once wanted is loaded for every language switched to before the switch, so no raw key
// ever shows.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LanguageCode } from '../realtime/protocol';
import { DEFAULT_LANGUAGE } from './languages';
import { loudMissingKey } from './missingKey';

export type Tree = { [key: string]: string | Tree };
export type Resources = Record<LanguageCode, { translation: Tree }>;

export type TranslationPart = 'core' | 'member' | 'info' | 'escape' | 'extras';
type Loader = () => Promise<Tree>;

const fromModule =
  (load: () => Promise<{ default: Tree }>): Loader =>
  () =>
    load().then((module) => module.default);
const asArea =
  (area: string, load: () => Promise<{ default: unknown }>): Loader =>
  () =>
    load().then((module) => ({ [area]: module.default as Tree }));

const PARTS: Record<TranslationPart, Record<LanguageCode, Loader>> = {
  core: {
    he: fromModule(() => import('./bundles/he')),
    en: fromModule(() => import('./bundles/en')),
    de: fromModule(() => import('./bundles/de')),
  },
  member: {
    he: fromModule(() => import('./bundles/he.member')),
    en: fromModule(() => import('./bundles/en.member')),
    de: fromModule(() => import('./bundles/de.member')),
  },
  info: {
    he: asArea('info', () => import('./info/he.json')),
    en: asArea('info', () => import('./info/en.json')),
    de: asArea('info', () => import('./info/de.json')),
  },
  extras: {
    he: asArea('extras', () => import('./extras/he.json')),
    en: asArea('extras', () => import('./extras/en.json')),
    de: asArea('extras', () => import('./extras/de.json')),
  },
  escape: {
    he: asArea('escape', () => import('./escape/he.json')),
    en: asArea('escape', () => import('./escape/en.json')),
    de: asArea('escape', () => import('./escape/de.json')),
  },
};

const wanted = new Set<TranslationPart>(['core']);
const loaded = new Set<string>(); // `${part}:${code}`
const loading = new Map<string, Promise<void>>();

// The tests hand every language over at once (src/test-setup.ts), before anything initialises.
let preloaded: Partial<Resources> = {};
// Which languages came whole that way (i18next keeps `preloaded` as its store and adds to it, so
// the object itself cannot tell).
let provided = new Set<string>();
export function provideResources(resources: Partial<Resources>): void {
  preloaded = resources;
  provided = new Set(Object.keys(resources));
}

// The language the UI shows or is switching to (i18next sets its own only once init has run).
let currentLanguage: LanguageCode = DEFAULT_LANGUAGE;

export function initI18n(language: LanguageCode = DEFAULT_LANGUAGE) {
  if (i18next.isInitialized) return i18next;
  currentLanguage = language;
  i18next.on('languageChanged', (code) => {
    if (code === 'he' || code === 'en' || code === 'de') currentLanguage = code;
  });
  void i18next.use(initReactI18next).init({
    resources: preloaded,
    partialBundledLanguages: true,
    lng: language,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    // A part that arrives while screens are mounted (the members' texts, fetched as the session
    // becomes known) re-renders them.
    react: { bindI18nStore: 'added' },
    // A missing key is loud in development (loudMissingKey) and fails the key test.
    parseMissingKeyHandler: (key) => loudMissingKey(key),
  });
  return i18next;
}

const isPartLoaded = (part: TranslationPart, code: LanguageCode) =>
  provided.has(code) || loaded.has(`${part}:${code}`);

/** Whether every part wanted so far is in i18next for `code`. */
export function isLanguageLoaded(code: LanguageCode): boolean {
  return [...wanted].every((part) => isPartLoaded(part, code));
}

function loadPart(part: TranslationPart, code: LanguageCode): Promise<void> {
  const key = `${part}:${code}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = PARTS[part][code]().then(
      (tree) => {
        i18next.addResourceBundle(code, 'translation', tree, true, true);
        loaded.add(key);
      },
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, pending);
  }
  return pending;
}

/** Makes sure every wanted part of `code` is in i18next. Resolves at once when it is. */
export function loadLanguage(code: LanguageCode): Promise<void> {
  if (!(code in PARTS.core)) return Promise.resolve();
  const missing = [...wanted].filter((part) => !isPartLoaded(part, code));
  if (missing.length === 0) return Promise.resolve();
  return Promise.all(missing.map((part) => loadPart(part, code))).then(() => undefined);
}

/** A part in the current language now, and in every language switched to from now on. */
export function requireTranslations(part: TranslationPart): Promise<void> {
  wanted.add(part);
  return loadLanguage(currentLanguage);
}

export { i18next, loudMissingKey };
