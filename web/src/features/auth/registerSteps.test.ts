// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT } from './registerStore';
import type { RegisterDraft } from './registerStore';
import {
  buildRegisterRequest,
  firstInvalidStep,
  locateServerError,
  STEP_IDS,
  validateStep,
} from './registerSteps';

const today = new Date(2026, 2, 10, 12);

const complete: RegisterDraft = {
  ...EMPTY_DRAFT,
  step: 9,
  gender: 2,
  sGender: 1,
  ageRange: { min: 28, max: 38 },
  name: '  Dana   Cohen ',
  birthDay: 17,
  birthMonth: 5,
  birthYear: 1994,
  place: { place_id: 293397, description: 'Tel Aviv-Yafo, Israel' },
  answer: 3,
  email: ' dana@example.com ',
  password: 'correct horse',
};

describe('validateStep', () => {
  it('has nine steps', () => {
    expect(STEP_IDS).toHaveLength(9);
  });

  it('asks for a choice on the choice steps', () => {
    expect(validateStep('gender', EMPTY_DRAFT, 'en', today)).toHaveProperty('gender');
    expect(validateStep('looking-for', EMPTY_DRAFT, 'en', today)).toHaveProperty('s_gender');
    expect(validateStep('reason', EMPTY_DRAFT, 'en', today)).toHaveProperty('answer');
    expect(validateStep('location', EMPTY_DRAFT, 'en', today)).toEqual({
      place_id: { key: 'errors.invalid_place' },
    });
  });

  it('accepts the default age range', () => {
    expect(validateStep('age-range', EMPTY_DRAFT, 'en', today)).toEqual({});
  });

  it('uses the Hebrew name text for he', () => {
    expect(validateStep('name', { ...EMPTY_DRAFT, name: '' }, 'he', today)).toEqual({
      name: { key: 'errors.invalid_name_he' },
    });
    expect(validateStep('name', { ...EMPTY_DRAFT, name: 'דנה' }, 'he', today)).toEqual({});
  });

  it('checks the birth date: missing parts, impossible days, minors', () => {
    const date = (birthDay: number | null, birthMonth: number | null, birthYear: number | null) =>
      validateStep('birth-date', { ...EMPTY_DRAFT, birthDay, birthMonth, birthYear }, 'en', today);
    expect(date(null, 5, 1990).birth_date?.key).toBe('auth.register.required.birthDate');
    expect(date(31, 4, 1990).birth_date?.key).toBe('errors.invalid_day');
    expect(date(29, 2, 1990).birth_date?.key).toBe('errors.invalid_day');
    expect(date(11, 3, 2008).birth_date?.key).toBe('errors.underage');
    expect(date(10, 3, 2008)).toEqual({});
  });

  it('reports email and password problems together on the account step (8)', () => {
    expect(
      validateStep('account', { ...EMPTY_DRAFT, email: 'nope', password: 'short' }, 'en'),
    ).toEqual({
      email: { key: 'errors.email_format' },
      password: { key: 'errors.password_too_short' },
    });
  });

  it('never blocks the photo step', () => {
    expect(validateStep('photo', EMPTY_DRAFT, 'en', today)).toEqual({});
  });
});

describe('firstInvalidStep', () => {
  it('is null for a complete draft', () => {
    expect(firstInvalidStep(complete, 'en', today)).toBeNull();
  });

  it('finds the earliest problem, e.g. a password lost to a reload', () => {
    expect(firstInvalidStep({ ...complete, password: '' }, 'en', today)?.step).toBe(8);
    expect(firstInvalidStep({ ...complete, gender: null, password: '' }, 'en', today)?.step).toBe(
      1,
    );
  });
});

describe('buildRegisterRequest', () => {
  it('builds the wire body of docs/protocol.md', () => {
    expect(buildRegisterRequest(complete, 'en')).toEqual({
      email: 'dana@example.com',
      password: 'correct horse',
      name: 'Dana Cohen',
      gender: 2,
      s_gender: 1,
      s_age: '28,38',
      birth_year: 1994,
      birth_month: 5,
      birth_day: 17,
      place_id: 293397,
      answer: 3,
      language: 'en',
    });
  });

  it('refuses an incomplete draft', () => {
    expect(() => buildRegisterRequest(EMPTY_DRAFT, 'en')).toThrow();
  });
});

describe('locateServerError', () => {
  it.each([
    ['invalid_gender', 1, 'gender'],
    ['invalid_looking_for', 2, 's_gender'],
    ['invalid_age_range', 3, 's_age'],
    ['invalid_name', 4, 'name'],
    ['invalid_month', 5, 'birth_date'],
    ['invalid_day', 5, 'birth_date'],
    ['invalid_birth_date', 5, 'birth_date'],
    ['underage', 5, 'birth_date'],
    ['invalid_place', 6, 'place_id'],
    ['invalid_answer', 7, 'answer'],
    ['invalid_email', 8, 'email'],
    ['email_taken', 8, 'email'],
    ['password_too_short', 8, 'password'],
    ['password_too_long', 8, 'password'],
  ] as const)('sends %s to step %i (%s)', (code, step, field) => {
    expect(locateServerError(code, undefined, 9)).toEqual({ step, field });
  });

  it('uses the field of missing_field', () => {
    expect(locateServerError('missing_field', 'birth_month', 9)).toEqual({
      step: 5,
      field: 'birth_date',
    });
    expect(locateServerError('missing_field', 'place_id', 9)).toEqual({
      step: 6,
      field: 'place_id',
    });
  });

  it('keeps other errors on the current step as a form error', () => {
    expect(locateServerError('internal_error', undefined, 9)).toEqual({ step: 9, field: 'form' });
    expect(locateServerError('missing_field', 'mystery', 9)).toEqual({ step: 9, field: 'form' });
    expect(locateServerError('invalid_language', undefined, 9)).toEqual({
      step: 9,
      field: 'form',
    });
  });
});
