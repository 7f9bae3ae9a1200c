// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { PhotoEntry } from '../../realtime/protocol';
import { canAddPhoto, slotsOf, type PendingPhoto } from './photoSlots';

const photo = (id: number): PhotoEntry => ({
  id,
  photo: `/media/u/${id}.jpg`,
  thumb: `/media/u/${id}-t.jpg`,
});
const pending: PendingPhoto = { preview: 'blob:x', progress: 0.4, link: null };
const kinds = (slots: ReturnType<typeof slotsOf>) => slots.map((s) => s.kind);

describe('slotsOf', () => {
  it('opens only the first slot of an empty profile', () => {
    expect(kinds(slotsOf([], null, 6))).toEqual([
      'open',
      'locked',
      'locked',
      'locked',
      'locked',
      'locked',
    ]);
  });

  it('fills from the first slot and opens the one after the last photo', () => {
    const slots = slotsOf([photo(7), photo(9)], null, 6);
    expect(kinds(slots)).toEqual(['photo', 'photo', 'open', 'locked', 'locked', 'locked']);
    expect(slots[0]).toMatchObject({ kind: 'photo', photo: { id: 7 } });
    expect(slots[1]).toMatchObject({ kind: 'photo', photo: { id: 9 } });
  });

  it('puts an upload in the next slot and keeps every other empty slot shut', () => {
    const slots = slotsOf([photo(7)], pending, 6);
    expect(kinds(slots)).toEqual(['photo', 'uploading', 'locked', 'locked', 'locked', 'locked']);
    expect(slots[1]).toMatchObject({ kind: 'uploading', pending });
  });

  it('keeps the empty slots shut while a delete runs', () => {
    expect(kinds(slotsOf([photo(7)], null, 3, true))).toEqual(['photo', 'locked', 'locked']);
  });

  it('has no open slot when every slot is filled, and shows no more than it has', () => {
    const six = [1, 2, 3, 4, 5, 6].map(photo);
    expect(kinds(slotsOf(six, null, 6))).toEqual(Array(6).fill('photo'));
    expect(kinds(slotsOf(six, null, 5))).toEqual(Array(5).fill('photo'));
  });
});

describe('canAddPhoto', () => {
  it('allows one upload at a time, up to the slot count', () => {
    expect(canAddPhoto([], null, 6)).toBe(true);
    expect(canAddPhoto([photo(1)], pending, 6)).toBe(false);
    expect(canAddPhoto([1, 2, 3, 4, 5].map(photo), null, 6)).toBe(true);
    expect(canAddPhoto([1, 2, 3, 4, 5, 6].map(photo), null, 6)).toBe(false);
  });
});
