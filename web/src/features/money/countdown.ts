// The promo banner's countdown (spec §4 "Credits promo"): hh:mm:ss to promo_ends; once past,
// EXPIRED for a moment, then the banner goes. Pure: the clock is passed in.

/** How long EXPIRED stays on screen before the banner hides. */
export const PROMO_EXPIRED_SHOWN_MS = 3000;

export type PromoPhase =
  { kind: 'running'; text: string } | { kind: 'expired' } | { kind: 'hidden' };

const two = (n: number) => String(n).padStart(2, '0');

/** Whole seconds as hh:mm:ss; hours keep counting past 24 (a promo of three days reads 72:00:00). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

/** Where the banner stands at `nowMs` for a promotion ending at `endsSec` (unix seconds). */
export function promoPhase(endsSec: number | null | undefined, nowMs: number): PromoPhase {
  if (endsSec === null || endsSec === undefined) return { kind: 'hidden' };
  const leftMs = endsSec * 1000 - nowMs;
  // Rounded up, so the banner never shows 00:00:00 while the promotion still runs.
  if (leftMs > 0) return { kind: 'running', text: formatCountdown(Math.ceil(leftMs / 1000)) };
  if (-leftMs < PROMO_EXPIRED_SHOWN_MS) return { kind: 'expired' };
  return { kind: 'hidden' };
}
