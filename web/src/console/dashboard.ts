// The admin dashboard's pure parts: which days a range choice covers, and how the server's daily
// figures become chart series and legend totals (docs/protocol.md "Admin: dashboard and
// configuration"). Days are UTC days, as the server counts them.
import { languageInfo } from '../i18n/languages';
import type { LanguageCode } from '../realtime/protocol';
import type { AdminDashboard, RevenueSeries } from './protocol';

export const RANGE_PRESETS = [7, 30, 90] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
/** The server's limit: a year, leap day included. */
export const MAX_RANGE_DAYS = 366;

export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** "2026-11-25": the UTC day of a time in ms. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The ms of a day's UTC midnight, or NaN for anything that is not a real calendar day. */
export function dayStart(day: string): number {
  if (!DAY_PATTERN.test(day)) return NaN;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(ms) && utcDay(ms) === day ? ms : NaN;
}

/** The last `days` days up to and including today (UTC). */
export function presetRange(days: RangePreset, nowMs: number): DayRange {
  const today = dayStart(utcDay(nowMs));
  return { from: utcDay(today - (days - 1) * DAY_MS), to: utcDay(today) };
}

export type RangeProblem = 'invalid' | 'backwards' | 'tooLong' | null;

/** Why a custom range would be refused by the server, or null when it is fine. */
export function rangeProblem(range: DayRange): RangeProblem {
  const from = dayStart(range.from);
  const to = dayStart(range.to);
  if (Number.isNaN(from) || Number.isNaN(to)) return 'invalid';
  if (to < from) return 'backwards';
  if ((to - from) / DAY_MS + 1 > MAX_RANGE_DAYS) return 'tooLong';
  return null;
}

export const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

/** The currencies that took money in the range, shekels first. */
export function currenciesOf(dashboard: AdminDashboard): RevenueSeries['currency'][] {
  const found = new Set(dashboard.revenue.map((s) => s.currency));
  return (['ILS', 'USD'] as const).filter((c) => found.has(c));
}

/** The currency the revenue chart opens with: the staff language's when it took money. */
export function defaultCurrency(
  dashboard: AdminDashboard,
  language: LanguageCode,
): RevenueSeries['currency'] {
  const present = currenciesOf(dashboard);
  const own = languageInfo(language).currency;
  return present.includes(own) ? own : (present[0] ?? own);
}

/** One currency's revenue series, credits packages first, each in major units per day. */
export function revenueIn(
  dashboard: AdminDashboard,
  currency: RevenueSeries['currency'],
): RevenueSeries[] {
  return dashboard.revenue
    .filter((s) => s.currency === currency)
    .sort((a, b) => a.kind.localeCompare(b.kind) || a.package_id - b.package_id);
}

/** Minor units (agorot, cents) to the currency's major unit. */
export const toMajor = (minor: number): number => minor / 100;

/** Response times: days without answers have no percentile, so the chart leaves a gap. */
export function percentileSeries(dashboard: AdminDashboard): {
  median: (number | null)[];
  p90: (number | null)[];
} {
  const { answered, median_seconds, p90_seconds } = dashboard.response_times;
  return {
    median: median_seconds.map((v, i) => ((answered[i] ?? 0) > 0 ? v : null)),
    p90: p90_seconds.map((v, i) => ((answered[i] ?? 0) > 0 ? v : null)),
  };
}

export function formatMoney(
  minor: number,
  currency: RevenueSeries['currency'],
  language: LanguageCode,
  compact = false,
): string {
  return new Intl.NumberFormat(languageInfo(language).locale, {
    style: 'currency',
    currency,
    ...(compact ? { notation: 'compact', maximumFractionDigits: 1 } : {}),
  }).format(toMajor(minor));
}

export function formatCount(value: number, language: LanguageCode): string {
  return new Intl.NumberFormat(languageInfo(language).locale).format(value);
}

/** An axis label for a day: "25 Nov" in the staff language, in UTC like the figures. */
export function formatDay(day: string, language: LanguageCode, withYear = false): string {
  return new Intl.DateTimeFormat(languageInfo(language).locale, {
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(dayStart(day)));
}
