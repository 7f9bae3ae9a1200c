import type { LanguageCode } from '../realtime/protocol';

export interface LanguageInfo {
  code: LanguageCode;
  /** The language's own name, shown in the picker. */
  nativeName: string;
  rtl: boolean;
  currency: 'ILS' | 'USD';
  /** BCP 47 tag used for number and date formatting. */
  locale: string;
}

export const LANGUAGES: readonly LanguageInfo[] = [
  { code: 'he', nativeName: 'עברית', rtl: true, currency: 'ILS', locale: 'he-IL' },
  { code: 'en', nativeName: 'English', rtl: false, currency: 'USD', locale: 'en-US' },
  { code: 'de', nativeName: 'Deutsch', rtl: false, currency: 'USD', locale: 'de-DE' },
];

export const DEFAULT_LANGUAGE: LanguageCode = 'he';

export function languageInfo(code: string): LanguageInfo {
  return LANGUAGES.find((l) => l.code === code) ?? (LANGUAGES[0] as LanguageInfo);
}

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && LANGUAGES.some((l) => l.code === value);
}
