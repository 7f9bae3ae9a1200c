// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { freeSpinPlace, freeSpinShown } from './freeSpinShown';

describe('freeSpinShown', () => {
  it('is only on The Slips and Discover', () => {
    expect(freeSpinPlace('/explore')).toBe(true);
    expect(freeSpinPlace('/meet')).toBe(true);
    expect(freeSpinPlace('/explore/x')).toBe(false);
    expect(freeSpinPlace('/chat/noa')).toBe(false);
  });

  it('needs a spin and a closed wheel', () => {
    expect(freeSpinShown('/explore', 1, false)).toBe(true);
    expect(freeSpinShown('/explore', 0, false)).toBe(false);
    expect(freeSpinShown('/explore', 1, true)).toBe(false);
    expect(freeSpinShown('/settings', 2, false)).toBe(false);
  });
});
