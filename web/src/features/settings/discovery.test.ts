// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makeUser } from '../auth/shellMock';
import { discoveryChanges, discoveryFromUser, isDirty } from './discovery';

describe('discoveryFromUser', () => {
  it('reads the user record', () => {
    expect(discoveryFromUser(makeUser())).toEqual({
      sGender: 1,
      ageRange: { min: 25, max: 40 },
      radius: 50,
      place: { place_id: 293397, description: 'Tel Aviv, Israel' },
    });
  });

  it('falls back for a broken s_age or radius, and no place', () => {
    const d = discoveryFromUser(makeUser({ s_age: 'x', s_radius: 0, place_id: 0, city: '' }));
    expect(d.ageRange).toEqual({ min: 25, max: 40 });
    expect(d.radius).toBe(50);
    expect(d.place).toBeNull();
  });
});

describe('discoveryChanges', () => {
  const before = discoveryFromUser(makeUser());

  it('sends nothing when nothing changed', () => {
    expect(discoveryChanges(before, { ...before }, 'he')).toEqual([]);
    expect(isDirty(before, { ...before }, 'he')).toBe(false);
  });

  it('sends one update per changed key with the protocol spelling', () => {
    const after = {
      sGender: 2 as const,
      ageRange: { min: 30, max: 45 },
      radius: 80,
      place: { place_id: 294801, description: 'Haifa' },
    };
    expect(discoveryChanges(before, after, 'he')).toEqual([
      { key: 's_gender', value: 2 },
      { key: 's_age', value: '30,45' },
      { key: 's_radious', value: 80 },
      { key: 'place_id', value: 294801, lang: 'he' },
    ]);
  });

  it('sends only the age when only the max moved', () => {
    const after = { ...before, ageRange: { min: 25, max: 41 } };
    expect(discoveryChanges(before, after, 'en')).toEqual([{ key: 's_age', value: '25,41' }]);
  });

  it('treats a cleared place as dirty but sends nothing for it', () => {
    const after = { ...before, place: null };
    expect(discoveryChanges(before, after, 'en')).toEqual([]);
    expect(isDirty(before, after, 'en')).toBe(true);
  });
});
