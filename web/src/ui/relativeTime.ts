// "3 hours ago" in the UI language, through Intl.RelativeTimeFormat.
import { languageInfo } from '../i18n/languages';
import type { LanguageCode } from '../realtime/protocol';

const STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.345],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

// ICU's Hebrew data writes the dual with the number after it ("לפני שעתיים (2)"); the word alone
// already says it.
const DUAL_NUMBER = /\s*\(\d+\)$/;

/** `time` and `now` are unix seconds. A time in the future counts as now. */
export function formatRelativeTime(time: number, now: number, language: LanguageCode): string {
  const format = new Intl.RelativeTimeFormat(languageInfo(language).locale, { numeric: 'auto' });
  const say = (value: number, unit: Intl.RelativeTimeFormatUnit) =>
    format.format(value, unit).replace(DUAL_NUMBER, '');
  let value = Math.max(0, now - time);
  if (value < 45) return say(0, 'second');
  for (const [unit, size] of STEPS) {
    if (value < size) return say(-Math.round(value), unit);
    value /= size;
  }
  return say(-Math.round(value), 'year');
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
