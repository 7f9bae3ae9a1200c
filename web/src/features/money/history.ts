// The credits history's rules (pure): reasons as translation keys, pages merged by id.
import type { LedgerEntry } from '../../realtime/protocol';

const KNOWN_REASONS: ReadonlySet<string> = new Set([
  'signup_bonus',
  'push_bonus',
  'referral_bonus',
  'purchase',
  'message',
  'gift',
  'image',
  'spin_purchase',
  'wheel_prize',
  'boost',
  'top_search',
  'spotlight',
  'refund',
  'admin_adjustment',
]);

/** The translation key of a ledger reason; an unknown one reads as "Other". */
export function reasonKey(reason: string): string {
  return `money.history.reasons.${KNOWN_REASONS.has(reason) ? reason : 'other'}`;
}

/** Appends a page, skipping entries already shown (a new entry shifts the offsets by one). */
export function mergeHistory(current: readonly LedgerEntry[], page: readonly LedgerEntry[]) {
  const seen = new Set(current.map((e) => e.id));
  return [...current, ...page.filter((e) => !seen.has(e.id))];
}
