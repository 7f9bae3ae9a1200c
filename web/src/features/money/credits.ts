// The credit packages as the credits modal shows them (spec §3 "Credit package", §9).
import type { CreditPackage, CreditsPromo } from '../../realtime/protocol';

/** Whether the package's promotion runs at `nowSec`. */
export function promoRunning(pkg: CreditPackage, nowSec: number): boolean {
  return pkg.promo_active === 1 && pkg.discount > 0 && (pkg.promo_ends ?? Infinity) > nowSec;
}

/** Spec §9: the bonus is credits × discount / 100, only while the promotion runs. The server's
 *  own figure wins when it sends one. */
export function bonusOf(pkg: CreditPackage, nowSec: number): number {
  if (!promoRunning(pkg, nowSec)) return 0;
  return pkg.bonus ?? Math.floor((pkg.credits * pkg.discount) / 100);
}

export function hasFreeSpin(pkg: CreditPackage): boolean {
  return (pkg.free_spins ?? 0) > 0;
}

export function sortCreditPackages(packages: readonly CreditPackage[]): CreditPackage[] {
  return [...packages].sort((a, b) => a.credits - b.credits || a.id - b.id);
}

/** The package to point out: the one with the best credits per unit of money. */
export function bestValueId(packages: readonly CreditPackage[], nowSec: number): number | null {
  let best: CreditPackage | null = null;
  let bestRate = 0;
  for (const pkg of packages) {
    if (pkg.price <= 0) continue;
    const rate = (pkg.credits + bonusOf(pkg, nowSec)) / pkg.price;
    if (rate > bestRate) {
      best = pkg;
      bestRate = rate;
    }
  }
  return packages.length > 1 ? (best?.id ?? null) : null;
}

/** When the running promotion ends (unix seconds): credits_promo's answer when there is one,
 *  else the earliest end among the packages' running promotions; null when none runs. */
export function promoEnds(
  packages: readonly CreditPackage[],
  promo: CreditsPromo | null,
  nowSec: number,
): number | null {
  if (promo) return promo.active === 1 && promo.ends ? promo.ends : null;
  const ends = packages
    .filter((p) => p.promo_active === 1 && p.promo_ends !== null && p.promo_ends > nowSec)
    .map((p) => p.promo_ends as number);
  return ends.length > 0 ? Math.min(...ends) : null;
}
