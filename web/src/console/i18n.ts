// The console's translations: its own area (i18n/console/) plus the two texts of the members' app
// that the console shows exactly as members read them, the virtual-profile badge and the chat's
// disclosure (docs/protocol.md, "console/conversation"). Named JSON imports keep the rest of the
// members' areas out of the console's bundle.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Resources } from '../i18n';
import { loudMissingKey } from '../i18n/missingKey';
import { DEFAULT_LANGUAGE, isLanguageCode, languageInfo } from '../i18n/languages';
import consoleDe from '../i18n/console/de.json';
import consoleEn from '../i18n/console/en.json';
import consoleHe from '../i18n/console/he.json';
import { header as chatHeaderDe } from '../i18n/chat/de.json';
import { header as chatHeaderEn } from '../i18n/chat/en.json';
import { header as chatHeaderHe } from '../i18n/chat/he.json';
import { virtualBadge as badgeDe } from '../i18n/people/de.json';
import { virtualBadge as badgeEn } from '../i18n/people/en.json';
import { virtualBadge as badgeHe } from '../i18n/people/he.json';
import type { LanguageCode } from '../realtime/protocol';

const LANGUAGE_KEY = 'kesher.console.language';

export function consoleResources(): Resources {
  const area = (tree: typeof consoleEn, badge: string, notice: string) => ({
    translation: {
      console: tree,
      people: { virtualBadge: badge },
      chat: { header: { virtualNotice: notice } },
    },
  });
  return {
    he: area(consoleHe, badgeHe, chatHeaderHe.virtualNotice),
    en: area(consoleEn, badgeEn, chatHeaderEn.virtualNotice),
    de: area(consoleDe, badgeDe, chatHeaderDe.virtualNotice),
  };
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function savedConsoleLanguage(): LanguageCode {
  const saved = storage()?.getItem(LANGUAGE_KEY);
  return isLanguageCode(saved) ? saved : DEFAULT_LANGUAGE;
}

export function applyConsoleLanguage(code: LanguageCode, remember = true): void {
  if (i18next.language !== code) void i18next.changeLanguage(code);
  const root = document.documentElement;
  root.lang = code;
  root.dir = languageInfo(code).rtl ? 'rtl' : 'ltr';
  document.title = i18next.t('console.title', { lng: code });
  if (!remember) return;
  try {
    storage()?.setItem(LANGUAGE_KEY, code);
  } catch {
    // Storage may be blocked; the choice lasts for this page.
  }
}

/** Set up like the members' app (src/i18n/index.ts), with the console's resources only. */
export function initConsoleI18n(language: LanguageCode = savedConsoleLanguage()) {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: consoleResources(),
      lng: language,
      fallbackLng: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      parseMissingKeyHandler: (key) => loudMissingKey(key),
    });
  }
  applyConsoleLanguage(language, false);
  return i18next;
}
