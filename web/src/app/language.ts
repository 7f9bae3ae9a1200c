// The UI language: i18next, <html lang dir>, the language cookie and the store move together.
import { i18next, isLanguageLoaded, loadLanguage } from '../i18n';
import { DEFAULT_LANGUAGE, isLanguageCode, languageInfo } from '../i18n/languages';
import { realtime } from '../realtime';
import type { LanguageCode } from '../realtime/protocol';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS } from './constants';
import { readCookie, writeCookie } from './cookies';
import { useAppStore } from './store';

export function readLanguageCookie(): LanguageCode | null {
  const value = readCookie(LANGUAGE_COOKIE);
  return isLanguageCode(value) ? value : null;
}

// The language of the page the server chose (the cookie, else Accept-Language, else Hebrew:
// server/src/domain/index_page.hpp), read before the app changes <html lang>.
const servedLanguage: LanguageCode | null =
  typeof document !== 'undefined' && isLanguageCode(document.documentElement.lang)
    ? document.documentElement.lang
    : null;

/** The language with no choice stored: the served page's, so that the app takes over the
 *  pre-rendered landing in its own language; Hebrew without one. */
export function defaultLanguage(): LanguageCode {
  return servedLanguage ?? DEFAULT_LANGUAGE;
}

export function initialLanguage(): LanguageCode {
  return readLanguageCookie() ?? defaultLanguage();
}

/** The web manifest of a language: Hebrew is the default one. */
export function manifestHref(code: LanguageCode): string {
  return code === 'he' ? '/manifest.webmanifest' : `/manifest.${code}.webmanifest`;
}

export function applyDocumentLanguage(code: LanguageCode): void {
  const root = document.documentElement;
  root.lang = code;
  root.dir = languageInfo(code).rtl ? 'rtl' : 'ltr';
  // The installed app's name and description follow the language (build/serviceWorker.ts).
  const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (manifest) manifest.setAttribute('href', manifestHref(code));
  // The tab title is the brand as the language writes it (Hebrew: קשר).
  if (i18next.exists('common.brand', { lng: code })) {
    document.title = i18next.t('common.brand', { lng: code });
  }
}

// The latest choice wins when a language is still loading as another one is chosen.
let pendingLanguage: LanguageCode | null = null;

/** Switches the UI without remembering the choice (used for defaults, not user choices). A
 *  language whose translations are not loaded yet is fetched first (one chunk), and the UI switches
 *  when it is there, so no raw key ever shows. */
export function applyLanguage(code: LanguageCode): void {
  const apply = () => {
    if (i18next.language !== code) void i18next.changeLanguage(code);
    applyDocumentLanguage(code);
    useAppStore.getState().setLanguage(code);
  };
  pendingLanguage = code;
  if (isLanguageLoaded(code)) {
    apply();
    return;
  }
  loadLanguage(code).then(
    () => {
      if (pendingLanguage === code) apply();
    },
    () => {
      // Offline or a stale deploy: the UI stays in its language (chunkReload handles the latter).
    },
  );
}

export function changeLanguage(code: LanguageCode): void {
  applyLanguage(code);
  writeCookie(LANGUAGE_COOKIE, code, LANGUAGE_COOKIE_DAYS);
  const { authenticated, user } = useAppStore.getState();
  if (!authenticated || user?.language === code) return;
  realtime.request('user/update', { key: 'language', value: code }).catch(() => {
    // The cookie already holds the choice; the profile catches up on the next change.
  });
}
