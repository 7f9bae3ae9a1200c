// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { arrowStep, SWIPE_MIN_PX, swipeStep } from './readingStep';

describe('arrowStep', () => {
  it('takes the arrow towards the end of a line as next', () => {
    expect(arrowStep('ArrowRight', false)).toBe(1);
    expect(arrowStep('ArrowLeft', false)).toBe(-1);
    expect(arrowStep('ArrowLeft', true)).toBe(1);
    expect(arrowStep('ArrowRight', true)).toBe(-1);
  });

  it('ignores other keys', () => {
    expect(arrowStep('ArrowUp', false)).toBeNull();
    expect(arrowStep(' ', true)).toBeNull();
  });
});

describe('swipeStep', () => {
  it('reveals the next picture from the end of a line', () => {
    expect(swipeStep(-60, 0, false)).toBe(1);
    expect(swipeStep(60, 0, false)).toBe(-1);
    expect(swipeStep(60, 0, true)).toBe(1);
    expect(swipeStep(-60, 0, true)).toBe(-1);
  });

  it('needs a long enough, mostly horizontal move', () => {
    expect(swipeStep(SWIPE_MIN_PX - 1, 0, false)).toBeNull();
    expect(swipeStep(SWIPE_MIN_PX, 0, false)).toBe(-1);
    expect(swipeStep(-50, 80, false)).toBeNull();
  });
});
