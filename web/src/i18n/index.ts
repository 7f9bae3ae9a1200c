// Translations live in one folder per area (i18n/<area>/{he,en,de}.json) so that areas can be
// edited independently; every area must hold the same keys in all three languages (i18n.test.ts).
// Keys are used as t('<area>.<key>'). The staff console's strings (i18n/console/) belong to the
// console's bundle alone (src/console/i18n.ts), so the members' glob leaves them out.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LanguageCode } from '../realtime/protocol';
import { DEFAULT_LANGUAGE, LANGUAGES } from './languages';
import { loudMissingKey } from './missingKey';

export type Tree = { [key: string]: string | Tree };
export type Resources = Record<LanguageCode, { translation: Tree }>;

const files = import.meta.glob<Tree>(['./*/*.json', '!./console/*.json'], {
  eager: true,
  import: 'default',
});

export function buildResources(): Resources {
  const resources = Object.fromEntries(
    LANGUAGES.map((l) => [l.code, { translation: {} as Tree }]),
  ) as Resources;
  for (const [path, tree] of Object.entries(files)) {
    const match = /^\.\/([^/]+)\/(he|en|de)\.json$/.exec(path);
    if (!match) continue;
    const [, area, lang] = match as unknown as [string, string, LanguageCode];
    resources[lang].translation[area] = tree;
  }
  return resources;
}

export function initI18n(language: LanguageCode = DEFAULT_LANGUAGE) {
  if (i18next.isInitialized) return i18next;
  void i18next.use(initReactI18next).init({
    resources: buildResources(),
    lng: language,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    // A missing key is loud in development (loudMissingKey) and fails the key test.
    parseMissingKeyHandler: (key) => loudMissingKey(key),
  });
  return i18next;
}

export { i18next, loudMissingKey };
