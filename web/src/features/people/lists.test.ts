// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { PeopleListEntry } from '../../realtime/protocol';
import { applyPage, mergeById, mergeByIdNewest, REPLACE_BELOW, withoutId } from './lists';

const ids = (list: { id: number | null }[]) => list.map((item) => item.id);
const people = (...list: number[]) => list.map((id) => ({ id }));

function entry(id: number, time: number): PeopleListEntry {
  return {
    id,
    name: `n${id}`,
    age: 30,
    photo: null,
    city: '',
    country: '',
    time,
    status: 0,
    story: 0,
    virtual: 0,
    locked: 0,
  };
}

describe('mergeById', () => {
  it('appends only new ids and keeps the order', () => {
    expect(ids(mergeById(people(1, 2, 3), people(3, 4, 2, 5)))).toEqual([1, 2, 3, 4, 5]);
  });
  it('drops duplicates inside the incoming page too', () => {
    expect(ids(mergeById([], people(7, 7, 8)))).toEqual([7, 8]);
  });
});

describe('applyPage', () => {
  it('replaces a short list with a fresh first page', () => {
    expect(ids(applyPage(people(1, 2), people(9, 8), 0))).toEqual([9, 8]);
  });
  it('keeps a long list and merges into it', () => {
    const long = people(...Array.from({ length: REPLACE_BELOW }, (_, i) => i + 1));
    expect(applyPage(long, people(1, 99), 0)).toHaveLength(REPLACE_BELOW + 1);
  });
  it('merges later pages', () => {
    expect(ids(applyPage(people(1, 2), people(2, 3), 24))).toEqual([1, 2, 3]);
  });
});

describe('mergeByIdNewest', () => {
  it('lets the newer entry win and sorts newest first', () => {
    const merged = mergeByIdNewest([entry(1, 100), entry(2, 300)], [entry(1, 500), entry(3, 200)]);
    expect(merged.map((e) => [e.id, e.time])).toEqual([
      [1, 500],
      [2, 300],
      [3, 200],
    ]);
  });
});

it('withoutId removes a person', () => {
  expect(ids(withoutId(people(1, 2, 3), 2))).toEqual([1, 3]);
});
