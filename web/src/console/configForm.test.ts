// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  promoEndsFromInput,
  promoEndsInput,
  changedPrices,
  expectedCreditsPerSpin,
  giftDraft,
  giftProblems,
  giftsOf,
  likeLimitProblem,
  newPackageDraft,
  packageChanges,
  packageDraft,
  packageProblems,
  packagesOf,
  parseMajor,
  premiumDraft,
  premiumOf,
  premiumProblems,
  priceProblems,
  prizeDraft,
  prizeProblems,
  prizesOf,
  problemKeyOfServerField,
  wheelOdds,
  wheelPaysTooMuch,
} from './configForm';
import { isAdminConfig } from './parse';
import type { ConfigCreditPackage, ConfigWheelPrize } from './protocol';

/** The list's element at `index`, which the test knows is there. */
function nth<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`no element ${index}`);
  return item;
}

const PACKAGES: ConfigCreditPackage[] = [
  {
    id: 1,
    credits: 500,
    price_ils_minor: 2900,
    price_usd_minor: 900,
    discount_percent: 0,
    free_spins: 0,
    promo_active: 0,
    promo_ends: null,
  },
  {
    id: 2,
    credits: 1500,
    price_ils_minor: 7900,
    price_usd_minor: 2400,
    discount_percent: 10,
    free_spins: 0,
    promo_active: 1,
    promo_ends: null,
  },
];

describe('configuration forms', () => {
  it('reads prices as people type them, in major units', () => {
    expect(parseMajor('79')).toBe(7900);
    expect(parseMajor('79.9')).toBe(7990);
    expect(parseMajor(' 79,90 ')).toBe(7990);
    expect(parseMajor('0.05')).toBe(5);
    expect(parseMajor('-3')).toBeNull();
    expect(parseMajor('7.999')).toBeNull();
    expect(parseMajor('1e3')).toBeNull();
    expect(parseMajor('')).toBeNull();
  });

  it('round-trips the stored packages and saves nothing when nothing changed', () => {
    const drafts = PACKAGES.map(packageDraft);
    expect(drafts[1]?.priceIls).toBe('79.00');
    expect(packageProblems(drafts)).toEqual({});
    expect(packagesOf(drafts)).toEqual(PACKAGES);
    expect(packageChanges(PACKAGES, packagesOf(drafts))).toEqual([]);
  });

  it('refuses what the server would, field by field', () => {
    const drafts = PACKAGES.map(packageDraft);
    drafts[0] = { ...nth(drafts, 0), priceIls: '0', credits: '', discount: '120' };
    drafts[1] = { ...nth(drafts, 1), priceUsd: 'abc', freeSpins: '1.5', credits: '2.5' };
    expect(packageProblems(drafts)).toEqual({
      '1:priceIls': 'price',
      '1:credits': 'required',
      '1:discount': 'range',
      '2:priceUsd': 'price',
      '2:freeSpins': 'range',
      '2:credits': 'whole',
    });
    expect(packageProblems([newPackageDraft(drafts)])).toMatchObject({
      '3:credits': 'required',
      '3:priceIls': 'required',
    });
  });

  it('lists the changes to confirm: edited fields, new and removed packages', () => {
    const drafts = PACKAGES.map(packageDraft);
    const edited = [{ ...nth(drafts, 1), priceIls: '69', promoActive: false }];
    const added = newPackageDraft(drafts);
    const after = packagesOf([
      ...edited,
      { ...added, credits: '100', priceIls: '9.90', priceUsd: '2.90' },
    ]);
    expect(packageChanges(PACKAGES, after)).toEqual([
      { kind: 'removed', id: 1 },
      { kind: 'changed', id: 2, field: 'price_ils_minor', before: 7900, after: 6900 },
      { kind: 'changed', id: 2, field: 'promo_active', before: 1, after: 0 },
      { kind: 'added', id: 3 },
    ]);
  });

  it('checks feature prices and sends only those that changed', () => {
    const stored = [
      { feature: 'text', credits: 50 },
      { feature: 'gift', credits: 0 },
    ];
    expect(priceProblems({ text: '0', gift: '0' })).toEqual({ 'text:credits': 'credits' });
    expect(priceProblems({ text: '', gift: 'x' })).toEqual({
      'text:credits': 'required',
      'gift:credits': 'whole',
    });
    expect(changedPrices(stored, { text: '60', gift: '0' })).toEqual([
      { feature: 'text', credits: 60 },
    ]);
  });

  it('marks the field the server refused', () => {
    expect(problemKeyOfServerField('packages[1].price_ils_minor', PACKAGES)).toBe('2:priceIls');
    expect(problemKeyOfServerField('packages[5].credits', PACKAGES)).toBeNull();
    expect(problemKeyOfServerField('prices[0].credits', PACKAGES)).toBeNull();
    expect(problemKeyOfServerField(undefined, PACKAGES)).toBeNull();
  });

  it('accepts only a well-formed configuration', () => {
    const config = {
      credit_packages: PACKAGES,
      premium_packages: [],
      prices: [],
      wheel: [],
      wheel_expected_credits: null,
      daily_like_limit: 50,
      referral_reward: 100,
      gifts: [],
    };
    expect(isAdminConfig(config)).toBe(true);
    expect(
      isAdminConfig({ ...config, credit_packages: [{ ...PACKAGES[0], promo_active: 2 }] }),
    ).toBe(false);
    expect(isAdminConfig({ credit_packages: PACKAGES })).toBe(false);
  });
});

// docs/wheel.md's default wheel: 93.66 credits per spin for a price of 100.
const WHEEL: ConfigWheelPrize[] = [
  [50, 5200],
  [100, 2500],
  [150, 700],
  [-1, 845],
  [200, 500],
  [350, 150],
  [500, 80],
  [1000, 20],
  [5000, 4],
  [10000, 1],
].map(([amount, weight], i) => ({
  id: i + 1,
  kind: amount === -1 ? 'freespin' : 'coins',
  amount: amount === -1 ? 1 : (amount ?? 0),
  weight: weight ?? 0,
}));

describe('the wheel form', () => {
  it('computes the odds and the expected value as docs/wheel.md does', () => {
    expect(wheelOdds(WHEEL)[0]).toBeCloseTo(0.52);
    expect(expectedCreditsPerSpin(WHEEL)).toBeCloseTo(93.66, 2);
    expect(wheelPaysTooMuch(WHEEL, 100)).toBe(false);
    expect(wheelPaysTooMuch(WHEEL, 93)).toBe(true);
    const endless: ConfigWheelPrize[] = [{ id: 1, kind: 'freespin', amount: 1, weight: 1 }];
    expect(expectedCreditsPerSpin(endless)).toBeNull();
    expect(wheelPaysTooMuch(endless, 100)).toBe(true);
    expect(expectedCreditsPerSpin(WHEEL.map((p) => ({ ...p, weight: 0 })))).toBeNull();
  });

  it('checks each segment and round-trips the stored wheel', () => {
    const drafts = WHEEL.map(prizeDraft);
    expect(prizeProblems(drafts)).toEqual({});
    expect(prizesOf(drafts)).toEqual(WHEEL);
    drafts[3] = { ...nth(drafts, 3), amount: '11' };
    drafts[0] = { ...nth(drafts, 0), weight: '-1' };
    drafts[1] = { ...nth(drafts, 1), kind: 'nothing', amount: '100' };
    expect(prizeProblems(drafts)).toEqual({ '4:amount': 'range', '1:weight': 'whole' });
    expect(prizesOf(drafts)[1]).toEqual({ id: 2, kind: 'nothing', amount: 0, weight: 2500 });
  });
});

describe('premium, gifts and the like limit', () => {
  it('checks premium packages and round-trips them', () => {
    const stored = [
      {
        id: 1,
        months: 3,
        total_ils_minor: 15900,
        total_usd_minor: 4500,
        saves_percent: 23,
        recommended: 1 as const,
      },
    ];
    const drafts = stored.map(premiumDraft);
    expect(premiumProblems(drafts)).toEqual({});
    expect(premiumOf(drafts)).toEqual(stored);
    expect(premiumProblems([{ ...nth(drafts, 0), months: '25', totalUsd: '0' }])).toEqual({
      '1:months': 'range',
      '1:totalUsd': 'price',
    });
  });

  it('checks gifts: the app’s icons, three names, a price from 50', () => {
    const rose = {
      id: 1,
      icon: '/gifts/rose.svg',
      name_he: 'ורד',
      name_en: 'Rose',
      name_de: 'Rose',
      price: 60,
    };
    expect(giftProblems([giftDraft(rose)])).toEqual({});
    expect(giftsOf([{ ...giftDraft(rose), name_de: ' Rote Rose ' }])[0]?.name_de).toBe('Rote Rose');
    expect(
      giftProblems([
        { ...giftDraft(rose), icon: 'https://evil.example/x.svg', name_en: ' ', price: '49' },
      ]),
    ).toEqual({ '1:icon': 'range', '1:name_en': 'required', '1:price': 'giftPrice' });
    expect(giftProblems([{ ...giftDraft(rose), name_he: 'א'.repeat(31) }])).toEqual({
      '1:name_he': 'range',
    });
  });

  it('takes a like limit of 1 to 10,000', () => {
    expect(likeLimitProblem('50')).toBeNull();
    expect(likeLimitProblem('0')).toBe('range');
    expect(likeLimitProblem('10001')).toBe('range');
    expect(likeLimitProblem('')).toBe('required');
    expect(likeLimitProblem('2.5')).toBe('whole');
  });
});

describe('the promotion end', () => {
  it('round-trips through the datetime-local input in local time, and empties to no end', () => {
    const seconds = Math.floor(new Date(2026, 11, 31, 23, 30).getTime() / 1000);
    expect(promoEndsInput(seconds)).toBe('2026-12-31T23:30');
    expect(promoEndsFromInput('2026-12-31T23:30')).toBe(seconds);
    expect(promoEndsInput(null)).toBe('');
    expect(promoEndsFromInput('')).toBeNull();
    expect(promoEndsFromInput('31.12.2026 23:30')).toBeNull();
  });
});
