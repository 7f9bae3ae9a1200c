// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { WheelPrize } from '../../realtime/protocol';
import {
  EXTRA_DEGREES,
  expectedValue,
  oddsPercent,
  prizeIndex,
  segmentAt,
  segmentCenter,
  SPIN_DURATION_MS,
  targetRotation,
} from './wheel';

describe('the wheel’s geometry', () => {
  it('turns 5 s with 1,080 extra degrees (spec §9)', () => {
    expect(SPIN_DURATION_MS).toBe(5000);
    expect(EXTRA_DEGREES).toBe(1080);
  });

  it('lands every segment under the pointer, from any starting rotation', () => {
    for (const count of [2, 7, 10, 12]) {
      for (const start of [0, 17, 359.5, 1080 + 45, -30]) {
        for (let index = 0; index < count; index += 1) {
          for (const jitter of [-0.5, 0, 0.37, 0.5]) {
            const to = targetRotation(start, index, count, jitter);
            expect(segmentAt(to, count)).toBe(index);
            // Always forwards, with at least the extra turns and less than one more turn.
            expect(to - start).toBeGreaterThanOrEqual(EXTRA_DEGREES);
            expect(to - start).toBeLessThan(EXTRA_DEGREES + 360);
          }
        }
      }
    }
  });

  it('stops on the segment’s centre without jitter', () => {
    const to = targetRotation(0, 3, 10);
    expect((((to + segmentCenter(3, 10)) % 360) + 360) % 360).toBeCloseTo(0, 9);
  });

  it('clamps a wild jitter inside the segment', () => {
    expect(segmentAt(targetRotation(0, 4, 10, 9), 10)).toBe(4);
    expect(segmentAt(targetRotation(0, 4, 10, -9), 10)).toBe(4);
  });
});

const PRIZES: WheelPrize[] = [
  { id: 1, kind: 'coins', amount: 50, odds: 0.4 },
  { id: 2, kind: 'coins', amount: 100, odds: 0.3 },
  { id: 3, kind: 'freespin', amount: 0, odds: 0.1 },
  { id: 4, kind: 'nothing', amount: 0, odds: 0.2 },
];

describe('prizes and odds', () => {
  it('finds the server’s prize by id, else by kind and amount', () => {
    expect(prizeIndex(PRIZES, { id: 2, kind: 'coins', amount: 100, odds: 0.3 })).toBe(1);
    expect(prizeIndex(PRIZES, { id: 99, kind: 'freespin', amount: 0, odds: 0 })).toBe(2);
    expect(prizeIndex(PRIZES, { id: 99, kind: 'coins', amount: 5000, odds: 0 })).toBe(-1);
  });

  it('counts a free spin as another spin in the expected value', () => {
    // coins: 0.4·50 + 0.3·100 = 50; a free spin 10 % of the time: 50 / 0.9.
    expect(expectedValue(PRIZES)).toBeCloseTo(55.5556, 3);
    expect(expectedValue([])).toBeNull();
    expect(expectedValue([{ id: 1, kind: 'freespin', amount: 0, odds: 1 }])).toBeNull();
  });

  it('writes odds as readable percentages', () => {
    expect(oddsPercent(0.4)).toBe(40);
    expect(oddsPercent(0.025)).toBe(2.5);
    expect(oddsPercent(0.005)).toBe(0.5);
    expect(oddsPercent(0.0001)).toBe(0.01);
  });
});
