// The premium package list as the subscriptions modal shows it (spec §3 "Premium package", §4).
import type { PremiumPackage } from '../../realtime/protocol';

/** Shortest first, so that the longer, cheaper-per-month plans read as the step up. */
export function sortPackages(packages: readonly PremiumPackage[]): PremiumPackage[] {
  return [...packages].sort((a, b) => a.months - b.months || a.id - b.id);
}

/** Spec §4: the modal preselects the recommended package; null when none is recommended. */
export function recommendedId(packages: readonly PremiumPackage[]): number | null {
  return packages.find((p) => p.recommended === 1)?.id ?? null;
}

/** Translation key for a number of months (one, two, or many: Hebrew has a dual). */
export function monthsKey(months: number): string {
  if (months === 1) return 'premium.months.one';
  if (months === 2) return 'premium.months.two';
  return 'premium.months.other';
}
