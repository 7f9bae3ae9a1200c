// Number and money formatting (spec §4: he shows ILS/₪, every other language USD/$; §9: amounts
// of 1000 or more get thousands separators).
import { languageInfo } from '../i18n/languages';
import type { LanguageCode } from '../realtime/protocol';

export interface Currency {
  code: 'ILS' | 'USD';
  symbol: '₪' | '$';
}

export function currencyFor(language: LanguageCode): Currency {
  return languageInfo(language).currency === 'ILS'
    ? { code: 'ILS', symbol: '₪' }
    : { code: 'USD', symbol: '$' };
}

export function formatNumber(n: number, language: LanguageCode): string {
  return new Intl.NumberFormat(languageInfo(language).locale, {
    maximumFractionDigits: 2,
    // Intl would leave 4-digit numbers bare in some locales (es, pl); the spec wants >= 1000.
    useGrouping: 'always',
  }).format(n);
}

/** A price; `currency` is the one the server priced it in, else the language's (spec §4). */
export function formatMoney(
  amount: number,
  language: LanguageCode,
  currency: Currency['code'] = currencyFor(language).code,
): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(languageInfo(language).locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
    useGrouping: 'always',
  }).format(amount);
}

/** A day, e.g. "12 March 2027" / "12. März 2027" / "12 במרץ 2027"; `time` in unix seconds. */
export function formatDate(time: number, language: LanguageCode): string {
  return new Intl.DateTimeFormat(languageInfo(language).locale, { dateStyle: 'long' }).format(
    new Date(time * 1000),
  );
}

/** A day and time, for ledger entries; `time` in unix seconds. */
export function formatDateTime(time: number, language: LanguageCode): string {
  return new Intl.DateTimeFormat(languageInfo(language).locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(time * 1000));
}

/** A signed amount of credits for the history: "+1,200", "−50" (a true minus sign). */
export function formatSignedNumber(n: number, language: LanguageCode): string {
  const magnitude = formatNumber(Math.abs(n), language);
  if (n > 0) return `+${magnitude}`;
  if (n < 0) return `\u2212${magnitude}`;
  return magnitude;
}
