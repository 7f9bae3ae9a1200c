// The configuration screens' pure parts: form drafts of the catalogue (prices typed in major
// units, as people write them), the same checks the server makes (domain/admin_config), and the
// list of changes the admin confirms before saving.
import type {
  ConfigCreditPackage,
  ConfigFeaturePrice,
  ConfigGift,
  ConfigPremiumPackage,
  ConfigWheelPrize,
} from './protocol';

/** The server's bounds (server/src/domain/admin_config.hpp). */
export const MAX_PRICE_MINOR = 1_000_000;
export const MAX_PACKAGE_CREDITS = 1_000_000;
export const MAX_FREE_SPINS = 100;
export const MAX_FEATURE_CREDITS = 100_000;
export const MAX_PACKAGES = 12;

export interface PackageDraft {
  id: number;
  credits: string;
  priceIls: string;
  priceUsd: string;
  discount: string;
  freeSpins: string;
  promoActive: boolean;
  promoEnds: number | null;
}

export type PackageField = 'credits' | 'priceIls' | 'priceUsd' | 'discount' | 'freeSpins';
export type Problem = 'required' | 'price' | 'whole' | 'range' | 'credits' | 'giftPrice';
/** Problems by "row:field" (row is the package id, or the feature). */
export type Problems = Record<string, Problem>;

/** True when the server would take the drafts. */
export const noProblems = (problems: Problems): boolean => Object.keys(problems).length === 0;

/** Changes the draft with `id` in a list of drafts. */
export const editRow =
  <D extends { id: number }>(id: number, change: (row: D) => D) =>
  (rows: readonly D[]): D[] =>
    rows.map((row) => (row.id === id ? change(row) : row));

/** 7990 → "79.90": minor units as the form shows them. */
export function majorText(minor: number): string {
  return (minor / 100).toFixed(2);
}

/** "79.9", "79,90" or "79" → 7990; null for anything else (no signs, at most two decimals). */
export function parseMajor(text: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + cents;
}

/** "12" → 12; null unless a whole number without a sign. */
export function parseWhole(text: string): number | null {
  return /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null;
}

export function packageDraft(p: ConfigCreditPackage): PackageDraft {
  return {
    id: p.id,
    credits: String(p.credits),
    priceIls: majorText(p.price_ils_minor),
    priceUsd: majorText(p.price_usd_minor),
    discount: String(p.discount_percent),
    freeSpins: String(p.free_spins),
    promoActive: p.promo_active === 1,
    promoEnds: p.promo_ends,
  };
}

/** A new package: the next free id, empty amounts for the admin to fill. */
export function newPackageDraft(drafts: readonly PackageDraft[]): PackageDraft {
  const id = drafts.reduce((max, d) => Math.max(max, d.id), 0) + 1;
  return {
    id,
    credits: '',
    priceIls: '',
    priceUsd: '',
    discount: '0',
    freeSpins: '0',
    promoActive: false,
    promoEnds: null,
  };
}

/** What the server would refuse in the packages, by "id:field"; empty when they can be saved. */
export function packageProblems(drafts: readonly PackageDraft[]): Problems {
  const problems: Problems = {};
  for (const d of drafts) {
    const credits = parseWhole(d.credits);
    if (d.credits.trim() === '') problems[`${d.id}:credits`] = 'required';
    else if (credits === null) problems[`${d.id}:credits`] = 'whole';
    else if (credits < 1 || credits > MAX_PACKAGE_CREDITS) problems[`${d.id}:credits`] = 'range';
    for (const field of ['priceIls', 'priceUsd'] as const) {
      const minor = parseMajor(d[field]);
      if (d[field].trim() === '') problems[`${d.id}:${field}`] = 'required';
      else if (minor === null || minor <= 0 || minor > MAX_PRICE_MINOR) {
        problems[`${d.id}:${field}`] = 'price';
      }
    }
    const discount = parseWhole(d.discount);
    if (discount === null || discount > 100) problems[`${d.id}:discount`] = 'range';
    const spins = parseWhole(d.freeSpins);
    if (spins === null || spins > MAX_FREE_SPINS) problems[`${d.id}:freeSpins`] = 'range';
  }
  return problems;
}

/** The drafts as the server takes them; call only when packageProblems is empty. */
export function packagesOf(drafts: readonly PackageDraft[]): ConfigCreditPackage[] {
  return drafts.map((d) => ({
    id: d.id,
    credits: parseWhole(d.credits) ?? 0,
    price_ils_minor: parseMajor(d.priceIls) ?? 0,
    price_usd_minor: parseMajor(d.priceUsd) ?? 0,
    discount_percent: parseWhole(d.discount) ?? 0,
    free_spins: parseWhole(d.freeSpins) ?? 0,
    promo_active: d.promoActive ? 1 : 0,
    promo_ends: d.promoEnds,
  }));
}

export type PackageChange =
  | { kind: 'added'; id: number }
  | { kind: 'removed'; id: number }
  | {
      kind: 'changed';
      id: number;
      field: keyof Omit<ConfigCreditPackage, 'id'>;
      before: number | null;
      after: number | null;
    };

/** What saving would change, package by package: what the admin confirms. */
export function packageChanges(
  before: readonly ConfigCreditPackage[],
  after: readonly ConfigCreditPackage[],
): PackageChange[] {
  const changes: PackageChange[] = [];
  for (const old of before) {
    if (!after.some((p) => p.id === old.id)) changes.push({ kind: 'removed', id: old.id });
  }
  const fields = [
    'credits',
    'price_ils_minor',
    'price_usd_minor',
    'discount_percent',
    'free_spins',
    'promo_active',
    'promo_ends',
  ] as const;
  for (const p of after) {
    const old = before.find((b) => b.id === p.id);
    if (!old) {
      changes.push({ kind: 'added', id: p.id });
      continue;
    }
    for (const field of fields) {
      if (old[field] !== p[field]) {
        changes.push({ kind: 'changed', id: p.id, field, before: old[field], after: p[field] });
      }
    }
  }
  return changes;
}

export type PriceDrafts = Record<string, string>;

export function priceDrafts(prices: readonly ConfigFeaturePrice[]): PriceDrafts {
  return Object.fromEntries(prices.map((p) => [p.feature, String(p.credits)]));
}

/** Text and image messages cost at least one credit; everything is 0–100,000. */
export function priceProblems(drafts: PriceDrafts): Problems {
  const problems: Problems = {};
  for (const [feature, text] of Object.entries(drafts)) {
    const credits = parseWhole(text);
    const least = feature === 'text' || feature === 'image' ? 1 : 0;
    if (text.trim() === '') problems[`${feature}:credits`] = 'required';
    else if (credits === null) problems[`${feature}:credits`] = 'whole';
    else if (credits < least || credits > MAX_FEATURE_CREDITS) {
      problems[`${feature}:credits`] = 'credits';
    }
  }
  return problems;
}

/** Only the prices that differ from what is stored, as the server takes them. */
export function changedPrices(
  before: readonly ConfigFeaturePrice[],
  drafts: PriceDrafts,
): ConfigFeaturePrice[] {
  return before.flatMap((p) => {
    const credits = parseWhole(drafts[p.feature] ?? '');
    return credits !== null && credits !== p.credits ? [{ feature: p.feature, credits }] : [];
  });
}

/** The server names a refused field "packages[1].price_ils_minor": the form's "id:field". */
export function problemKeyOfServerField(
  field: string | undefined,
  packages: readonly ConfigCreditPackage[],
): string | null {
  const match = field ? /^packages\[(\d+)\]\.(\w+)$/.exec(field) : null;
  if (!match) return null;
  const row = packages[Number(match[1])];
  const form: Record<string, PackageField> = {
    credits: 'credits',
    price_ils_minor: 'priceIls',
    price_usd_minor: 'priceUsd',
    discount_percent: 'discount',
    free_spins: 'freeSpins',
  };
  const name = form[match[2] ?? ''];
  return row && name ? `${row.id}:${name}` : null;
}

// ---- the wheel ----

export const MAX_WHEEL_WEIGHT = 1_000_000;
export const WHEEL_SEGMENTS = { min: 2, max: 24 } as const;

export interface PrizeDraft {
  id: number;
  kind: ConfigWheelPrize['kind'];
  amount: string;
  weight: string;
}

export function prizeDraft(p: ConfigWheelPrize): PrizeDraft {
  return { id: p.id, kind: p.kind, amount: String(p.amount), weight: String(p.weight) };
}

export function newPrizeDraft(drafts: readonly PrizeDraft[]): PrizeDraft {
  const id = drafts.reduce((max, d) => Math.max(max, d.id), 0) + 1;
  return { id, kind: 'coins', amount: '', weight: '0' };
}

/** The server's segment rules (domain::admin_config::check_wheel), by "id:field". */
export function prizeProblems(drafts: readonly PrizeDraft[]): Problems {
  const problems: Problems = {};
  for (const d of drafts) {
    const amount = parseWhole(d.kind === 'nothing' ? '0' : d.amount);
    const [least, most] =
      d.kind === 'coins' ? [1, 100_000] : d.kind === 'freespin' ? [1, 10] : [0, 0];
    if (d.kind !== 'nothing' && d.amount.trim() === '') problems[`${d.id}:amount`] = 'required';
    else if (amount === null) problems[`${d.id}:amount`] = 'whole';
    else if (amount < least || amount > most) problems[`${d.id}:amount`] = 'range';
    const weight = parseWhole(d.weight);
    if (weight === null) problems[`${d.id}:weight`] = 'whole';
    else if (weight > MAX_WHEEL_WEIGHT) problems[`${d.id}:weight`] = 'range';
  }
  return problems;
}

export function prizesOf(drafts: readonly PrizeDraft[]): ConfigWheelPrize[] {
  return drafts.map((d) => ({
    id: d.id,
    kind: d.kind,
    amount: d.kind === 'nothing' ? 0 : (parseWhole(d.amount) ?? 0),
    weight: parseWhole(d.weight) ?? 0,
  }));
}

/** Each segment's chance (weight / total), in order; all 0 when nothing can be drawn. */
export function wheelOdds(prizes: readonly ConfigWheelPrize[]): number[] {
  const total = prizes.reduce((sum, p) => sum + p.weight, 0);
  return prizes.map((p) => (total > 0 ? p.weight / total : 0));
}

/** docs/wheel.md: V = C / (1 − F), C the coins and F the free spins of one draw on average;
 *  null when nothing can be drawn or F ≥ 1 (a wheel that pays for ever). */
export function expectedCreditsPerSpin(prizes: readonly ConfigWheelPrize[]): number | null {
  const odds = wheelOdds(prizes);
  if (!odds.some((o) => o > 0)) return null;
  let coins = 0;
  let spins = 0;
  prizes.forEach((p, i) => {
    const chance = odds[i] ?? 0;
    if (p.kind === 'coins') coins += chance * p.amount;
    if (p.kind === 'freespin') spins += chance * p.amount;
  });
  return spins >= 1 ? null : coins / (1 - spins);
}

/** Whether the server would take the wheel: the house pays on average less than a spin costs. */
export function wheelPaysTooMuch(prizes: readonly ConfigWheelPrize[], spinPrice: number): boolean {
  const expected = expectedCreditsPerSpin(prizes);
  return expected === null || expected >= spinPrice;
}

export function wheelChanged(
  before: readonly ConfigWheelPrize[],
  after: readonly ConfigWheelPrize[],
): boolean {
  return JSON.stringify(before) !== JSON.stringify(after);
}

// ---- premium packages and the like limit ----

export const MAX_PREMIUM_MONTHS = 24;
export const MAX_DAILY_LIKE_LIMIT = 10_000;

export interface PremiumDraft {
  id: number;
  months: string;
  totalIls: string;
  totalUsd: string;
  saves: string;
  recommended: boolean;
}

export function premiumDraft(p: ConfigPremiumPackage): PremiumDraft {
  return {
    id: p.id,
    months: String(p.months),
    totalIls: majorText(p.total_ils_minor),
    totalUsd: majorText(p.total_usd_minor),
    saves: String(p.saves_percent),
    recommended: p.recommended === 1,
  };
}

export function premiumProblems(drafts: readonly PremiumDraft[]): Problems {
  const problems: Problems = {};
  for (const d of drafts) {
    const months = parseWhole(d.months);
    if (d.months.trim() === '') problems[`${d.id}:months`] = 'required';
    else if (months === null || months < 1 || months > MAX_PREMIUM_MONTHS) {
      problems[`${d.id}:months`] = 'range';
    }
    for (const field of ['totalIls', 'totalUsd'] as const) {
      const minor = parseMajor(d[field]);
      if (d[field].trim() === '') problems[`${d.id}:${field}`] = 'required';
      else if (minor === null || minor <= 0 || minor > MAX_PRICE_MINOR) {
        problems[`${d.id}:${field}`] = 'price';
      }
    }
    const saves = parseWhole(d.saves);
    if (saves === null || saves > 100) problems[`${d.id}:saves`] = 'range';
  }
  return problems;
}

export function premiumOf(drafts: readonly PremiumDraft[]): ConfigPremiumPackage[] {
  return drafts.map((d) => ({
    id: d.id,
    months: parseWhole(d.months) ?? 0,
    total_ils_minor: parseMajor(d.totalIls) ?? 0,
    total_usd_minor: parseMajor(d.totalUsd) ?? 0,
    saves_percent: parseWhole(d.saves) ?? 0,
    recommended: d.recommended ? 1 : 0,
  }));
}

/** The like limit as typed: a whole number 1–10,000, or the problem. */
export function likeLimitProblem(text: string): Problem | null {
  const value = parseWhole(text);
  if (text.trim() === '') return 'required';
  if (value === null) return 'whole';
  return value < 1 || value > MAX_DAILY_LIKE_LIMIT ? 'range' : null;
}

/** domain::kMaxReferralReward: the referral reward is 0 (none) to this many credits. */
export const MAX_REFERRAL_REWARD = 10_000;

export function referralRewardProblem(text: string): Problem | null {
  const value = parseWhole(text);
  if (text.trim() === '') return 'required';
  if (value === null) return 'whole';
  return value < 0 || value > MAX_REFERRAL_REWARD ? 'range' : null;
}

// ---- gifts ----

export const MIN_GIFT_PRICE = 50;
export const MAX_GIFT_NAME = 30;
const GIFT_ICON = /^\/gifts\/[a-z0-9-]+\.svg$/;

export type GiftField = 'name_he' | 'name_en' | 'name_de' | 'price';
export type GiftDraft = Omit<ConfigGift, 'price'> & { price: string };

export function giftDraft(g: ConfigGift): GiftDraft {
  return { ...g, price: String(g.price) };
}

/** The server's gift rules (domain::admin_config::check_gifts), by "id:field". */
export function giftProblems(drafts: readonly GiftDraft[]): Problems {
  const problems: Problems = {};
  for (const g of drafts) {
    for (const field of ['name_he', 'name_en', 'name_de'] as const) {
      const length = [...g[field].trim()].length;
      if (length === 0) problems[`${g.id}:${field}`] = 'required';
      else if (length > MAX_GIFT_NAME) problems[`${g.id}:${field}`] = 'range';
    }
    if (!GIFT_ICON.test(g.icon)) problems[`${g.id}:icon`] = 'range';
    const price = parseWhole(g.price);
    if (g.price.trim() === '') problems[`${g.id}:price`] = 'required';
    else if (price === null) problems[`${g.id}:price`] = 'whole';
    else if (price < MIN_GIFT_PRICE || price > MAX_FEATURE_CREDITS) {
      problems[`${g.id}:price`] = 'giftPrice';
    }
  }
  return problems;
}

export function giftsOf(drafts: readonly GiftDraft[]): ConfigGift[] {
  return drafts.map((g) => ({
    ...g,
    name_he: g.name_he.trim(),
    name_en: g.name_en.trim(),
    name_de: g.name_de.trim(),
    price: parseWhole(g.price) ?? 0,
  }));
}

/** The icons to choose from: the app's own, those the gifts use already. */
export function giftIcons(gifts: readonly ConfigGift[]): string[] {
  return [...new Set(gifts.map((g) => g.icon))].sort();
}

/** A promotion's end as a `datetime-local` input shows it, in the admin's own time zone; "" when
 *  it runs until switched off. */
export function promoEndsInput(seconds: number | null): string {
  if (seconds === null) return '';
  const d = new Date(seconds * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}` +
    `T${two(d.getHours())}:${two(d.getMinutes())}`
  );
}

/** The input's value back as unix seconds (local time); null for an empty or unreadable one. */
export function promoEndsFromInput(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text)) return null;
  const millis = new Date(text).getTime();
  return Number.isFinite(millis) ? Math.floor(millis / 1000) : null;
}
