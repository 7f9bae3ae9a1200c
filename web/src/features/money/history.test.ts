// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../realtime/protocol';
import { mergeHistory, reasonKey } from './history';

const entry = (id: number): LedgerEntry => ({
  id,
  delta: -50,
  reason: 'message',
  reference: '',
  time: 1_800_000_000 - id,
  balance: 150,
});

describe('credits history', () => {
  it('translates known reasons and reads an unknown one as Other', () => {
    expect(reasonKey('purchase')).toBe('money.history.reasons.purchase');
    expect(reasonKey('signup_bonus')).toBe('money.history.reasons.signup_bonus');
    expect(reasonKey('referral_bonus')).toBe('money.history.reasons.referral_bonus');
    expect(reasonKey('wheel_prize')).toBe('money.history.reasons.wheel_prize');
    expect(reasonKey('spin_purchase')).toBe('money.history.reasons.spin_purchase');
    expect(reasonKey('bench')).toBe('money.history.reasons.other');
  });

  it('appends pages without repeating an entry', () => {
    expect(mergeHistory([entry(3), entry(2)], [entry(2), entry(1)]).map((e) => e.id)).toEqual([
      3, 2, 1,
    ]);
  });
});
