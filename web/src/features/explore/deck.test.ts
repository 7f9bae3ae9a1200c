// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  buildExclude,
  dragRotation,
  EXCLUDE_MAX,
  needsMore,
  pushRecent,
  releaseDecision,
  stampOpacity,
} from './deck';

describe('deck rules', () => {
  it('excludes every card in the deck plus the recently swiped ones, once each', () => {
    expect(buildExclude([{ id: 3 }, { id: 4 }], [1, 2, 3])).toEqual([3, 4, 1, 2]);
    const many = Array.from({ length: 60 }, (_, i) => ({ id: i }));
    expect(buildExclude(many, [])).toHaveLength(EXCLUDE_MAX);
  });

  it('remembers the last 10 swiped ids, newest last', () => {
    let recent: number[] = [];
    for (let id = 1; id <= 12; id += 1) recent = pushRecent(recent, id);
    expect(recent).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(pushRecent([1, 2, 3], 2)).toEqual([1, 3, 2]);
  });

  it('asks for more below 3 cards, never while a request is pending or after exhaustion', () => {
    expect(needsMore(2, false, false)).toBe(true);
    expect(needsMore(3, false, false)).toBe(false);
    expect(needsMore(0, true, false)).toBe(false);
    expect(needsMore(0, false, true)).toBe(false);
  });

  it('flies out past the threshold or on a flick, and snaps back otherwise', () => {
    expect(releaseDecision(130, 0.1, 400)).toBe('like');
    expect(releaseDecision(-130, 0.1, 400)).toBe('pass');
    expect(releaseDecision(60, 0.1, 400)).toBeNull();
    expect(releaseDecision(60, 1.2, 400)).toBe('like');
    expect(releaseDecision(-50, -0.9, 400)).toBe('pass');
    expect(releaseDecision(20, 2, 400)).toBeNull();
  });

  it('tilts and stamps with the drag', () => {
    expect(dragRotation(100)).toBeCloseTo(7);
    expect(dragRotation(1000)).toBe(16);
    expect(dragRotation(-1000)).toBe(-16);
    expect(stampOpacity(60, 360)).toEqual({ like: 0.5, nope: 0 });
    expect(stampOpacity(-240, 360)).toEqual({ like: 0, nope: 1 });
    expect(stampOpacity(0, 360)).toEqual({ like: 0, nope: 0 });
  });
});
