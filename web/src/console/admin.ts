// The admin screens' rules (pure): what a reason, a credit delta and a staff password must be,
// how amounts read, and how the member view changes after each action.
import { languageInfo } from '../i18n/languages';
import type { LanguageCode } from '../realtime/protocol';
import type { AdminMemberDetail, AdminReport, PaymentOrder } from './protocol';

/** The server's limits (docs/protocol.md "Admin: members, reports and staff"). */
export const REASON_MAX = 200;
/** An erasure's reason may be longer (docs/protocol.md "Admin: GDPR export and erasure"). */
export const ERASE_REASON_MAX = 500;
export const MAX_CREDIT_ADJUSTMENT = 1_000_000;
export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_MAX = 128;

/** A reason as the server keeps it: one line, trimmed, 1–`max` characters; null when unusable. */
export function cleanReason(raw: string, max = REASON_MAX): string | null {
  const text = raw.replace(/\s+/g, ' ').trim();
  const length = [...text].length;
  return length === 0 || length > max ? null : text;
}

/** The file an admin's export of a member is saved as. */
export function exportFileName(memberId: number): string {
  return `kesher-member-${memberId}-export.json`;
}

/** Whether what the admin typed to confirm an erasure names the member: their id, or their name
 *  (spaces around and letter case aside). */
export function namesMember(typed: string, member: { id: number; name: string }): boolean {
  const text = typed.normalize('NFC').trim().toLocaleLowerCase();
  if (text === '') return false;
  return (
    text === String(member.id) || text === member.name.normalize('NFC').trim().toLocaleLowerCase()
  );
}

/** A credit adjustment typed by an admin ("+50", "-20", "100"): a non-zero whole number within
 *  ±1,000,000, or null. */
export function parseCreditDelta(raw: string): number | null {
  const text = raw.trim().replace(/^\u2212/, '-');
  if (!/^[+-]?\d{1,7}$/.test(text)) return null;
  const value = Number(text);
  if (value === 0 || Math.abs(value) > MAX_CREDIT_ADJUSTMENT) return null;
  return value;
}

export function validStaffPassword(password: string): boolean {
  return password.length >= STAFF_PASSWORD_MIN && password.length <= STAFF_PASSWORD_MAX;
}

/** An order's price in its currency ("₪229.00", "$69.00"), in the admin's language. */
export function formatAmount(
  order: Pick<PaymentOrder, 'amount_minor' | 'currency'>,
  language: LanguageCode,
): string {
  return new Intl.NumberFormat(languageInfo(language).locale, {
    style: 'currency',
    currency: order.currency,
  }).format(order.amount_minor / 100);
}

/** Only a paid order can be refunded. */
export function canRefund(order: PaymentOrder): boolean {
  return order.state === 'paid';
}

export type MemberViewAction =
  | { type: 'loaded'; detail: AdminMemberDetail }
  | { type: 'credits'; credits: number }
  | { type: 'refunded'; orderId: string; credits: number }
  | { type: 'banned'; reason: string; at: number }
  | { type: 'unbanned' };

/** The member view after an action, before (or instead of) reloading it. */
export function memberViewReducer(
  state: AdminMemberDetail | null,
  action: MemberViewAction,
): AdminMemberDetail | null {
  if (action.type === 'loaded') return action.detail;
  if (!state) return state;
  switch (action.type) {
    case 'credits':
      return { ...state, credits: action.credits };
    case 'refunded':
      return {
        ...state,
        credits: action.credits,
        payments: state.payments.map((o) =>
          o.order_id === action.orderId ? { ...o, state: 'refunded' } : o,
        ),
      };
    case 'banned':
      return { ...state, banned: { at: action.at, reason: action.reason } };
    case 'unbanned':
      return { ...state, banned: null };
  }
}

/** The reasons the app offers a member who reports someone (docs/protocol.md `user/report`). */
export const REPORT_REASONS = ['fake', 'inappropriate', 'harassment', 'scam', 'underage'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** A report's reason as one of the app's codes, or null for anything else (the server keeps any
 *  line of text, so older or other clients may have sent words of their own). */
export function reportReasonCode(reason: string): ReportReason | null {
  return REPORT_REASONS.find((code) => code === reason) ?? null;
}

/** Open reports first (oldest first), then resolved ones (newest first), as the server sends. */
export function sortReports(reports: readonly AdminReport[]): AdminReport[] {
  return [...reports].sort((a, b) => {
    const aOpen = a.handled_at === null;
    const bOpen = b.handled_at === null;
    if (aOpen !== bOpen) return aOpen ? -1 : 1;
    return aOpen ? a.id - b.id : b.id - a.id;
  });
}

/** The report after its resolution, shown until the list reloads. */
export function resolvedReport(
  report: AdminReport,
  resolution: AdminReport['resolution'],
  note: string,
  at: number,
): AdminReport {
  return { ...report, resolution, note, handled_at: at };
}
