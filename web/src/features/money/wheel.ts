// The lucky wheel's geometry and odds (spec §2, §4, §9). Pure: the overlay draws what this says.
// Segment i spans [i·s, (i+1)·s) degrees clockwise from the pointer at the top, s = 360 / n; the
// wheel turns clockwise, so a rotation R brings the segment whose centre is at -R under the
// pointer.
import type { WheelPrize } from '../../realtime/protocol';

/** Spec §9: the wheel turns for 5 s, with 1,080 degrees on top of the way to the prize. */
export const SPIN_DURATION_MS = 5000;
export const EXTRA_DEGREES = 1080;

const mod360 = (deg: number) => ((deg % 360) + 360) % 360;

export function segmentSize(count: number): number {
  return 360 / Math.max(1, count);
}

/** Centre of segment `index`, clockwise from the top. */
export function segmentCenter(index: number, count: number): number {
  return (index + 0.5) * segmentSize(count);
}

/**
 * The rotation to animate to from `current` so that segment `index` stops under the pointer:
 * at least EXTRA_DEGREES further, and always forwards. `jitter` (−0.5…0.5) moves the stop
 * within the segment, up to 40 % of its half-width, so that it does not always land dead centre.
 */
export function targetRotation(current: number, index: number, count: number, jitter = 0): number {
  const clamped = Math.max(-0.5, Math.min(0.5, jitter));
  const stop = segmentCenter(index, count) + clamped * 0.8 * segmentSize(count);
  const toPrize = mod360(-stop - current);
  return current + EXTRA_DEGREES + toPrize;
}

/** The segment under the pointer at `rotation`. */
export function segmentAt(rotation: number, count: number): number {
  const size = segmentSize(count);
  return Math.floor(mod360(-rotation) / size) % Math.max(1, count);
}

/** Where the server's prize sits on the wheel: by id, else by kind and amount; -1 when absent
 *  (spec §8: the client logs it). */
export function prizeIndex(prizes: readonly WheelPrize[], prize: WheelPrize): number {
  const byId = prizes.findIndex((p) => p.id === prize.id);
  if (byId >= 0) return byId;
  return prizes.findIndex((p) => p.kind === prize.kind && p.amount === prize.amount);
}

/**
 * Credits a spin gives on average. A free-spin prize is another spin with the same value, so
 * EV = coins + p(free)·EV, that is EV = coins / (1 − p(free)). Null when the odds do not add up
 * (the list is empty, or a free spin is certain).
 */
export function expectedValue(prizes: readonly WheelPrize[]): number | null {
  if (prizes.length === 0) return null;
  let coins = 0;
  let free = 0;
  for (const prize of prizes) {
    if (prize.kind === 'coins') coins += prize.odds * prize.amount;
    else if (prize.kind === 'freespin') free += prize.odds;
  }
  if (free >= 1) return null;
  return coins / (1 - free);
}

/** Odds as a percentage for the odds table: 0.4 → "40", 0.005 → "0.5", 0.0001 → "0.01". */
export function oddsPercent(odds: number): number {
  const percent = odds * 100;
  if (percent >= 10) return Math.round(percent);
  if (percent >= 1) return Math.round(percent * 10) / 10;
  return Math.round(percent * 100) / 100;
}
