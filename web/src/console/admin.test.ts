// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  canRefund,
  cleanReason,
  ERASE_REASON_MAX,
  exportFileName,
  formatAmount,
  memberViewReducer,
  namesMember,
  parseCreditDelta,
  reportReasonCode,
  resolvedReport,
  sortReports,
  validStaffPassword,
} from './admin';
import type { AdminReport, PaymentOrder } from './protocol';
import { isAdminMember, isAdminMemberDetail, isAdminReport, isMemberExport } from './parse';
import { auditSearchRequest } from './service';
import { adminMemberDetail, adminReport } from './testing';

const order = (over: Partial<PaymentOrder> = {}): PaymentOrder => ({
  order_id: 'o_1',
  provider: 'sandbox',
  kind: 'credits',
  package_id: 1,
  credits: 500,
  bonus: 0,
  months: 0,
  free_spins: 0,
  amount_minor: 2900,
  currency: 'ILS',
  state: 'paid',
  created_at: 1,
  updated_at: 1,
  ...over,
});

const detail = adminMemberDetail({ payments: [order(), order({ order_id: 'o_2' })] });

const report = (id: number, handled_at: number | null): AdminReport =>
  adminReport({
    id,
    created_at: id,
    handled_at,
    resolution: handled_at === null ? null : 'dismiss',
  });

describe('the admin rules', () => {
  it('keeps a reason to one line of 1 to 200 characters', () => {
    expect(cleanReason('  goodwill\n after  the outage ')).toBe('goodwill after the outage');
    expect(cleanReason('   ')).toBeNull();
    expect(cleanReason('a'.repeat(200))).toHaveLength(200);
    expect(cleanReason('a'.repeat(201))).toBeNull();
    expect(cleanReason('א'.repeat(200))).not.toBeNull();
    expect(cleanReason('a'.repeat(500), ERASE_REASON_MAX)).toHaveLength(500);
    expect(cleanReason('a'.repeat(501), ERASE_REASON_MAX)).toBeNull();
  });

  it('confirms an erasure by the member’s id or name, and names the export after the id', () => {
    const dan = { id: 812, name: 'Dan' };
    expect(namesMember('812', dan)).toBe(true);
    expect(namesMember('  dan ', dan)).toBe(true);
    expect(namesMember('Dana', dan)).toBe(false);
    expect(namesMember('81', dan)).toBe(false);
    expect(namesMember('', { id: 5, name: '' })).toBe(false);
    expect(namesMember('נועה', { id: 5, name: 'נועה' })).toBe(true);
    expect(exportFileName(812)).toBe('kesher-member-812-export.json');
  });

  it('reads a credit delta as a non-zero whole number within a million', () => {
    expect(parseCreditDelta('+50')).toBe(50);
    expect(parseCreditDelta(' -20 ')).toBe(-20);
    expect(parseCreditDelta('\u221215')).toBe(-15);
    expect(parseCreditDelta('1000000')).toBe(1_000_000);
    for (const bad of ['', '0', '-0', '1.5', '1e3', 'abc', '1000001', '--1']) {
      expect(parseCreditDelta(bad)).toBeNull();
    }
  });

  it('asks staff passwords for 12 to 128 characters', () => {
    expect(validStaffPassword('x'.repeat(11))).toBe(false);
    expect(validStaffPassword('x'.repeat(12))).toBe(true);
    expect(validStaffPassword('x'.repeat(129))).toBe(false);
  });

  it('refunds paid orders only, and shows their amount in their currency', () => {
    expect(canRefund(order())).toBe(true);
    for (const state of ['created', 'failed', 'expired', 'refunded'] as const) {
      expect(canRefund(order({ state }))).toBe(false);
    }
    expect(formatAmount(order({ amount_minor: 6900, currency: 'USD' }), 'en')).toBe('$69.00');
  });

  it('moves the member view with each action', () => {
    let state = memberViewReducer(null, { type: 'credits', credits: 5 });
    expect(state).toBeNull();
    state = memberViewReducer(state, { type: 'loaded', detail });
    state = memberViewReducer(state, { type: 'refunded', orderId: 'o_1', credits: 200 });
    expect(state?.credits).toBe(200);
    expect(state?.payments.map((o) => o.state)).toEqual(['refunded', 'paid']);
    state = memberViewReducer(state, { type: 'banned', reason: 'Scam', at: 9 });
    expect(state?.banned).toEqual({ at: 9, reason: 'Scam' });
    state = memberViewReducer(state, { type: 'unbanned' });
    expect(state?.banned).toBeNull();
    expect(memberViewReducer(state, { type: 'credits', credits: 250 })?.credits).toBe(250);
  });

  it('knows the report reasons the app offers, and nothing else', () => {
    expect(reportReasonCode('harassment')).toBe('harassment');
    expect(reportReasonCode('underage')).toBe('underage');
    expect(reportReasonCode('Harassment')).toBeNull();
    expect(reportReasonCode('he was rude')).toBeNull();
    expect(reportReasonCode('')).toBeNull();
  });

  it('puts open reports first, oldest first, then resolved ones newest first', () => {
    const sorted = sortReports([report(1, 5), report(4, null), report(2, null), report(3, 6)]);
    expect(sorted.map((r) => r.id)).toEqual([2, 4, 3, 1]);
    const done = resolvedReport(report(2, null), 'warn', 'Be kind', 10);
    expect(done).toMatchObject({ resolution: 'warn', note: 'Be kind', handled_at: 10 });
  });
});

describe('the audit filter', () => {
  it('sends only the fields that filter, and plain log without any', () => {
    expect(auditSearchRequest({})).toBeNull();
    expect(auditSearchRequest({ staffId: ' ', action: '' })).toBeNull();
    expect(auditSearchRequest({ staffId: 'x' })).toBeNull();
    expect(
      auditSearchRequest({ staffId: ' 3 ', action: 'ban ', objectType: 'member', objectId: '12' }),
    ).toEqual({ staff_id: 3, action: 'ban', object_type: 'member', object_id: '12' });
  });
});

describe('the admin frame guards', () => {
  it('accept a member’s export document and refuse one that names no member', () => {
    const document = {
      format: 'kesher-export/1',
      generated_at: 1,
      profile: { id: 12, email: 'dana@example.com', name: 'Dana', credits: 700 },
      ledger: [],
    };
    expect(isMemberExport(document)).toBe(true);
    expect(isMemberExport({ ...document, profile: { name: 'Dana' } })).toBe(false);
    expect(isMemberExport({ ...document, format: undefined })).toBe(false);
  });

  it('accept the server’s member view and refuse a malformed one', () => {
    expect(isAdminMemberDetail(detail)).toBe(true);
    expect(isAdminMemberDetail({ ...detail, banned: { at: 5, reason: 'Scam' } })).toBe(true);
    expect(isAdminMemberDetail({ ...detail, payments: [{ ...order(), state: 'lost' }] })).toBe(
      false,
    );
    expect(isAdminMemberDetail({ ...detail, ledger: [{ id: 1 }] })).toBe(false);
    expect(isAdminMember({ ...detail, credits: '700' })).toBe(false);
  });

  it('accept a report with its context', () => {
    expect(isAdminReport(report(1, null))).toBe(true);
    expect(isAdminReport({ ...report(1, null), resolution: 'scold' })).toBe(false);
    expect(isAdminReport({ ...report(1, null), messages: [{ id: 1 }] })).toBe(false);
  });
});
