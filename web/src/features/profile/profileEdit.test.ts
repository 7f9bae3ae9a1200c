// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { TEST_USER } from '../../realtime/testing';
import {
  fieldOfUpdate,
  fieldsFromUser,
  isProfileDirty,
  profileChanges,
  validateProfile,
} from './profileEdit';

const base = fieldsFromUser({ ...TEST_USER, name: 'Dana', bio: 'Hi', gender: 2, answer: 3 });

describe('profile edit rules', () => {
  it('takes the fields from the user', () => {
    expect(base).toEqual({ name: 'Dana', bio: 'Hi', gender: 2, answer: 3 });
  });

  it('is clean until a field differs, and clean again when it is put back', () => {
    expect(isProfileDirty(base, base, 'en')).toBe(false);
    expect(isProfileDirty(base, { ...base, answer: 4 }, 'en')).toBe(true);
    expect(isProfileDirty(base, { ...base, bio: 'Hi  ' }, 'en')).toBe(false);
    expect(isProfileDirty(base, { ...base, name: 'Dana' }, 'en')).toBe(false);
  });

  it('sends one user/update per changed field, the name tidied, the bio trimmed', () => {
    expect(
      profileChanges(
        base,
        { name: 'Dana  Levi ', bio: '  <b>Sea</b> lover ', gender: 1, answer: 5 },
        'en',
      ),
    ).toEqual([
      { key: 'name', value: 'Dana Levi' },
      { key: 'bio', value: '<b>Sea</b> lover' },
      { key: 'gender', value: 1 },
      { key: 'answer', value: 5 },
    ]);
    expect(profileChanges(base, { ...base, gender: 3 }, 'en')).toEqual([
      { key: 'gender', value: 3 },
    ]);
  });

  it('refuses an empty name in the member’s script, and a bio over 500 characters', () => {
    expect(validateProfile({ ...base, name: '  ' }, 'en')).toEqual({
      name: { key: 'errors.invalid_name' },
    });
    expect(validateProfile({ ...base, name: '' }, 'he')).toEqual({
      name: { key: 'errors.invalid_name_he' },
    });
    expect(validateProfile({ ...base, bio: '😀'.repeat(500) }, 'en')).toEqual({});
    expect(validateProfile({ ...base, bio: 'a'.repeat(501) }, 'en')).toEqual({
      bio: { key: 'profile.edit.bioTooLong', params: { max: 500 } },
    });
  });

  it('shows a refused name or bio under its field, anything else under the form', () => {
    expect(fieldOfUpdate('name')).toBe('name');
    expect(fieldOfUpdate('bio')).toBe('bio');
    expect(fieldOfUpdate('gender')).toBeNull();
  });
});
