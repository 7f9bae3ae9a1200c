import { TAP_GUARD_MAX_WIDTH, TAP_GUARD_MS } from './constants';

/**
 * Spec §9: on touch-sized screens (under 1024 px) a second tap within 50 ms of the previous one
 * is a bounce, not an intent. Returns a function that says whether a tap at `now` may act.
 */
export function createTapGuard(
  viewportWidth: () => number = () => (typeof window === 'undefined' ? 0 : window.innerWidth),
  clock: () => number = () => performance.now(),
): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const now = clock();
    const narrow = viewportWidth() < TAP_GUARD_MAX_WIDTH;
    const bounce = narrow && now - last < TAP_GUARD_MS;
    last = now;
    return !bounce;
  };
}
