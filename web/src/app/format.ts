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

export function formatMoney(amount: number, language: LanguageCode): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(languageInfo(language).locale, {
    style: 'currency',
    currency: currencyFor(language).code,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
    useGrouping: 'always',
  }).format(amount);
}
