// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { mergeEntries } from './entries';
import { lockedEntries, makeEntry } from './testing';

describe('mergeEntries', () => {
  it('drops known ids and keeps locked entries', () => {
    const merged = mergeEntries(
      [makeEntry(1), ...lockedEntries(1)],
      [makeEntry(1, { name: 'dup' }), makeEntry(2), ...lockedEntries(1)],
    );
    expect(merged.map((e) => (e.locked === 1 ? 'locked' : e.id))).toEqual([
      1,
      'locked',
      2,
      'locked',
    ]);
    expect(merged[0]).toMatchObject({ name: 'Person 1' });
  });
});
