// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CreditPackage } from '../../realtime/protocol';
import { bestValueId, bonusOf, hasFreeSpin, promoEnds, sortCreditPackages } from './credits';

const NOW = 1_800_000_000;
const pkg = (patch: Partial<CreditPackage>): CreditPackage => ({
  id: 1,
  credits: 500,
  price: 29,
  discount: 0,
  promo_active: 0,
  promo_ends: null,
  ...patch,
});

describe('bonusOf', () => {
  it('is credits × discount / 100 while the promotion runs (spec §9)', () => {
    expect(
      bonusOf(pkg({ credits: 5000, discount: 20, promo_active: 1, promo_ends: NOW + 60 }), NOW),
    ).toBe(1000);
    expect(
      bonusOf(pkg({ credits: 7000, discount: 15, promo_active: 1, promo_ends: null }), NOW),
    ).toBe(1050);
  });

  it('is nothing without a running promotion', () => {
    expect(bonusOf(pkg({ credits: 5000, discount: 20, promo_active: 0 }), NOW)).toBe(0);
    expect(
      bonusOf(pkg({ credits: 5000, discount: 20, promo_active: 1, promo_ends: NOW }), NOW),
    ).toBe(0);
  });

  it("takes the server's figure when it sends one", () => {
    expect(
      bonusOf(
        pkg({ credits: 5000, discount: 20, bonus: 999, promo_active: 1, promo_ends: NOW + 1 }),
        NOW,
      ),
    ).toBe(999);
  });
});

describe('packages', () => {
  it('marks the free spin, sorts by credits and points out the best value', () => {
    const list = [
      pkg({ id: 3, credits: 5000, price: 149, free_spins: 1 }),
      pkg({ id: 1, credits: 500, price: 29 }),
      pkg({ id: 2, credits: 1000, price: 49 }),
    ];
    expect(hasFreeSpin(list[0] as CreditPackage)).toBe(true);
    expect(hasFreeSpin(list[1] as CreditPackage)).toBe(false);
    expect(sortCreditPackages(list).map((p) => p.id)).toEqual([1, 2, 3]);
    expect(bestValueId(list, NOW)).toBe(3);
    expect(bestValueId([pkg({})], NOW)).toBeNull();
  });

  it('finds when the promotion ends: credits_promo first, else the earliest running one', () => {
    const list = [
      pkg({ id: 1, promo_active: 1, discount: 10, promo_ends: NOW + 500 }),
      pkg({ id: 2, promo_active: 1, discount: 10, promo_ends: NOW + 100 }),
      pkg({ id: 3, promo_active: 1, discount: 10, promo_ends: NOW - 5 }),
    ];
    expect(promoEnds(list, null, NOW)).toBe(NOW + 100);
    expect(promoEnds(list, { active: 1, ends: NOW + 900, discount: 10 }, NOW)).toBe(NOW + 900);
    expect(promoEnds(list, { active: 0 }, NOW)).toBeNull();
    expect(promoEnds([pkg({})], null, NOW)).toBeNull();
  });
});
