// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatCountdown, promoPhase, PROMO_EXPIRED_SHOWN_MS } from './countdown';

describe('formatCountdown', () => {
  it('writes hh:mm:ss with leading zeros, hours past 24 included', () => {
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(59)).toBe('00:00:59');
    expect(formatCountdown(3661)).toBe('01:01:01');
    expect(formatCountdown(72 * 3600)).toBe('72:00:00');
    expect(formatCountdown(-5)).toBe('00:00:00');
  });
});

describe('promoPhase', () => {
  const ends = 1_800_000_000;
  const at = (secondsBefore: number) => (ends - secondsBefore) * 1000;

  it('counts down while the promotion runs, never showing zero early', () => {
    expect(promoPhase(ends, at(3725))).toEqual({ kind: 'running', text: '01:02:05' });
    expect(promoPhase(ends, at(0.4))).toEqual({ kind: 'running', text: '00:00:01' });
  });

  it('says EXPIRED when it passes, then hides', () => {
    expect(promoPhase(ends, ends * 1000)).toEqual({ kind: 'expired' });
    expect(promoPhase(ends, ends * 1000 + PROMO_EXPIRED_SHOWN_MS - 1)).toEqual({
      kind: 'expired',
    });
    expect(promoPhase(ends, ends * 1000 + PROMO_EXPIRED_SHOWN_MS)).toEqual({ kind: 'hidden' });
  });

  it('shows nothing without an end', () => {
    expect(promoPhase(null, 0)).toEqual({ kind: 'hidden' });
    expect(promoPhase(undefined, 0)).toEqual({ kind: 'hidden' });
  });
});
