// Durations as the console shows them: "45 s", "3 min 20 s", "1 h 5 min", in the operator's
// language (Intl unit formatting).
import { languageInfo } from '../i18n/languages';
import type { LanguageCode } from '../realtime/protocol';

type Unit = 'hour' | 'minute' | 'second' | 'day';

function unitFormat(language: LanguageCode, unit: Unit): Intl.NumberFormat {
  return new Intl.NumberFormat(languageInfo(language).locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 0,
  });
}

/** A duration in seconds with its two largest units ("1 h 5 min"); negative counts as 0. */
export function formatDuration(seconds: number, language: LanguageCode): string {
  const total = Math.max(0, Math.round(seconds));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  const parts: [Unit, number][] =
    days > 0
      ? [
          ['day', days],
          ['hour', hours],
        ]
      : hours > 0
        ? [
            ['hour', hours],
            ['minute', minutes],
          ]
        : minutes > 0
          ? [
              ['minute', minutes],
              ['second', secs],
            ]
          : [['second', secs]];
  return parts
    .filter(([, value], index) => index === 0 || value > 0)
    .map(([unit, value]) => unitFormat(language, unit).format(value))
    .join(' ');
}

/** A time of day or a date and time, for messages and the audit. */
export function formatTimestamp(unix: number, language: LanguageCode, withDate = false): string {
  return new Intl.DateTimeFormat(languageInfo(language).locale, {
    ...(withDate ? { year: 'numeric', month: 'short', day: 'numeric' } : {}),
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(unix * 1000));
}
