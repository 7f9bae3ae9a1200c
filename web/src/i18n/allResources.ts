// Every language at once, for the tests (src/test-setup.ts) and the key test: the app itself
// loads only the language it shows, in parts (loadLanguage in ./index).
import type { Resources, Tree } from './index';
import de from './bundles/de';
import deMember from './bundles/de.member';
import en from './bundles/en';
import enMember from './bundles/en.member';
import he from './bundles/he';
import heMember from './bundles/he.member';
import escapeDe from './escape/de.json';
import escapeEn from './escape/en.json';
import escapeHe from './escape/he.json';
import infoDe from './info/de.json';
import infoEn from './info/en.json';
import infoHe from './info/he.json';
import extrasDe from './extras/de.json';
import extrasEn from './extras/en.json';
import extrasHe from './extras/he.json';

export function buildResources(): Resources {
  return {
    he: {
      translation: {
        ...he,
        ...heMember,
        info: infoHe as Tree,
        escape: escapeHe as Tree,
        extras: extrasHe as Tree,
      },
    },
    en: {
      translation: {
        ...en,
        ...enMember,
        info: infoEn as Tree,
        escape: escapeEn as Tree,
        extras: extrasEn as Tree,
      },
    },
    de: {
      translation: {
        ...de,
        ...deMember,
        info: infoDe as Tree,
        escape: escapeDe as Tree,
        extras: extrasDe as Tree,
      },
    },
  };
}
