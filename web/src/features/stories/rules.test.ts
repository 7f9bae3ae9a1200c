// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { StoryRing } from '../../realtime/protocol';
import { mergeRings, mineFirst, withoutMember } from './rules';

function ring(userId: number, storyId: number, patch: Partial<StoryRing> = {}): StoryRing {
  return {
    story_id: storyId,
    user_id: userId,
    name: `Person ${userId}`,
    photo: `/media/${userId}.jpg`,
    thumb: `/media/${userId}-t.jpg`,
    count: 1,
    time: 1_800_000_000 - storyId,
    virtual: 0,
    mine: 0,
    ...patch,
  };
}

describe('the stories list', () => {
  it('appends a page without the rings already listed (deduplicated by story_id)', () => {
    const first = [ring(41, 9), ring(42, 8)];
    const merged = mergeRings(first, [ring(42, 8), ring(43, 7)]);
    expect(merged.map((r) => r.story_id)).toEqual([9, 8, 7]);
  });

  it('keeps one ring a member: a newer story between two pages does not list them twice', () => {
    const merged = mergeRings([ring(41, 9)], [ring(41, 12), ring(44, 3)]);
    expect(merged.map((r) => [r.user_id, r.story_id])).toEqual([
      [41, 9],
      [44, 3],
    ]);
  });

  it('starts again from a first page (offset 0 passes an empty list)', () => {
    expect(mergeRings([], [ring(41, 9), ring(41, 9)])).toHaveLength(1);
  });

  it('puts my own ring first', () => {
    const rings = [ring(41, 9), ring(12, 5, { mine: 1 }), ring(42, 8)];
    expect(mineFirst(rings).map((r) => r.user_id)).toEqual([12, 41, 42]);
    expect(mergeRings([ring(41, 9)], [ring(12, 5, { mine: 1 })])[0]?.user_id).toBe(12);
  });

  it('drops a member (their stories ended, or they were blocked)', () => {
    expect(withoutMember([ring(41, 9), ring(42, 8)], 41).map((r) => r.user_id)).toEqual([42]);
  });
});
