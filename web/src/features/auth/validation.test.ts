// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  birthYearOptions,
  daysInMonth,
  formatAgeRange,
  normalizeName,
  normalizeRadius,
  parseAgeRange,
  sanitizeNameInput,
  validateAgeRange,
  validateBirthDate,
  validateEmail,
  validateName,
  validatePassword,
  validateRadius,
} from './validation';

// Local dates: the rules use the user's calendar, not UTC.
const day = (y: number, m: number, d: number) => new Date(y, m - 1, d, 12, 0, 0);

describe('sanitizeNameInput', () => {
  it('keeps only Hebrew letters and spaces for he', () => {
    expect(sanitizeNameInput('דנה כהן', 'he')).toBe('דנה כהן');
    expect(sanitizeNameInput('Dana דנה', 'he')).toBe('דנה');
    expect(sanitizeNameInput('דנה123!', 'he')).toBe('דנה');
  });

  it('keeps final forms and drops niqqud and geresh for he', () => {
    expect(sanitizeNameInput('ךםןףץ', 'he')).toBe('ךםןףץ');
    expect(sanitizeNameInput('שָׁלוֹם', 'he')).toBe('שלום');
    expect(sanitizeNameInput("ג'ני", 'he')).toBe('גני');
    expect(sanitizeNameInput('ז׳קלין', 'he')).toBe('זקלין');
  });

  it('keeps Latin letters, umlauts and ß for en and de, and drops Hebrew', () => {
    expect(sanitizeNameInput('Jürgen Weiß', 'de')).toBe('Jürgen Weiß');
    expect(sanitizeNameInput('ÄÖÜäöü', 'de')).toBe('ÄÖÜäöü');
    expect(sanitizeNameInput('José', 'en')).toBe('José');
    expect(sanitizeNameInput('Dana דנה', 'en')).toBe('Dana ');
    expect(sanitizeNameInput('Anne-Marie O’Neil', 'en')).toBe('AnneMarie ONeil');
  });

  it('drops digits, punctuation, emoji and the × ÷ signs', () => {
    expect(sanitizeNameInput('D4na_💖 ×÷!', 'en')).toBe('Dna ');
  });

  it('collapses whitespace, drops leading spaces, keeps one trailing space while typing', () => {
    expect(sanitizeNameInput('   Dana    Cohen', 'en')).toBe('Dana Cohen');
    expect(sanitizeNameInput('Dana\t\nCohen', 'en')).toBe('Dana Cohen');
    expect(sanitizeNameInput('Dana ', 'en')).toBe('Dana ');
    expect(sanitizeNameInput('Dana   ', 'en')).toBe('Dana ');
  });

  it('never returns more than the input maxlength (24)', () => {
    expect(sanitizeNameInput('a'.repeat(40), 'en')).toHaveLength(24);
  });

  it('handles decomposed umlauts (NFD) as single letters', () => {
    expect(sanitizeNameInput('Ju\u0308rgen', 'de')).toBe('Jürgen');
  });
});

describe('normalizeName and validateName', () => {
  it('trims the result', () => {
    expect(normalizeName('  Dana  Cohen  ', 'en')).toBe('Dana Cohen');
  });

  it('accepts 1 to 20 letters', () => {
    expect(validateName('D', 'en')).toBeNull();
    expect(validateName('a'.repeat(20), 'en')).toBeNull();
    expect(validateName('דנה', 'he')).toBeNull();
  });

  it('rejects an empty or only-symbols name', () => {
    expect(validateName('', 'en')).toBe('invalid_name');
    expect(validateName('   ', 'de')).toBe('invalid_name');
    expect(validateName('1234', 'en')).toBe('invalid_name');
  });

  it('rejects more than 20 characters', () => {
    expect(validateName('a'.repeat(21), 'en')).toBe('invalid_name');
    // 10 + space + 10 = 21
    expect(validateName(`${'a'.repeat(10)} ${'b'.repeat(10)}`, 'en')).toBe('invalid_name');
  });

  it('asks for Hebrew letters when the language is he', () => {
    expect(validateName('Dana', 'he')).toBe('invalid_name_he');
    expect(validateName('', 'he')).toBe('invalid_name_he');
  });
});

describe('validateEmail', () => {
  it.each(['dana@example.com', ' dana@example.co.il ', 'a.b+tag@sub.example.de', 'ü@müller.de'])(
    'accepts %s',
    (email) => {
      expect(validateEmail(email)).toBeNull();
    },
  );

  it.each([
    '',
    'dana',
    'dana@',
    '@example.com',
    'dana@example',
    'dana@example.c',
    'da na@example.com',
    'dana@@example.com',
    'dana@example..com',
    'dana@.example.com',
    `${'a'.repeat(250)}@example.com`,
  ])('rejects %j', (email) => {
    expect(validateEmail(email)).toBe('email_format');
  });
});

describe('validatePassword', () => {
  it('needs 8 to 128 characters', () => {
    expect(validatePassword('')).toBe('password_too_short');
    expect(validatePassword('1234567')).toBe('password_too_short');
    expect(validatePassword('12345678')).toBeNull();
    expect(validatePassword('x'.repeat(128))).toBeNull();
    expect(validatePassword('x'.repeat(129))).toBe('password_too_long');
  });

  it('counts an emoji as one character', () => {
    expect(validatePassword('💖💖💖💖💖💖💖')).toBe('password_too_short');
    expect(validatePassword('💖💖💖💖💖💖💖💖')).toBeNull();
  });

  it('does not trim: spaces are characters', () => {
    expect(validatePassword('        ')).toBeNull();
  });
});

describe('daysInMonth', () => {
  it('knows short months and leap years', () => {
    expect(daysInMonth(4, 2001)).toBe(30);
    expect(daysInMonth(1, 2001)).toBe(31);
    expect(daysInMonth(2, 2001)).toBe(28);
    expect(daysInMonth(2, 2004)).toBe(29);
    expect(daysInMonth(2, 1900)).toBe(28);
    expect(daysInMonth(2, 2000)).toBe(29);
  });
});

describe('ageOn', () => {
  it('counts a birthday today as reached', () => {
    expect(ageOn({ day: 15, month: 6, year: 2000 }, day(2018, 6, 15))).toBe(18);
    expect(ageOn({ day: 16, month: 6, year: 2000 }, day(2018, 6, 15))).toBe(17);
    expect(ageOn({ day: 14, month: 6, year: 2000 }, day(2018, 6, 15))).toBe(18);
    expect(ageOn({ day: 15, month: 7, year: 2000 }, day(2018, 6, 15))).toBe(17);
  });

  it('makes a 29 February birthday count from 1 March in non-leap years', () => {
    const leapling = { day: 29, month: 2, year: 2004 };
    expect(ageOn(leapling, day(2022, 2, 28))).toBe(17);
    expect(ageOn(leapling, day(2022, 3, 1))).toBe(18);
    expect(ageOn(leapling, day(2024, 2, 29))).toBe(20);
  });
});

describe('validateBirthDate', () => {
  const today = day(2026, 3, 10);

  it('turns a valid date into an age', () => {
    expect(validateBirthDate({ day: 17, month: 5, year: 1994 }, today)).toEqual({
      ok: true,
      age: 31,
    });
  });

  it('accepts the exact 18th birthday today', () => {
    expect(validateBirthDate({ day: 10, month: 3, year: 2008 }, today)).toEqual({
      ok: true,
      age: 18,
    });
  });

  it('refuses someone who turns 18 tomorrow', () => {
    expect(validateBirthDate({ day: 11, month: 3, year: 2008 }, today)).toEqual({
      ok: false,
      error: 'underage',
    });
  });

  it('refuses minors and future dates', () => {
    expect(validateBirthDate({ day: 1, month: 1, year: 2015 }, today)).toEqual({
      ok: false,
      error: 'underage',
    });
    expect(validateBirthDate({ day: 1, month: 1, year: 2030 }, today)).toEqual({
      ok: false,
      error: 'invalid_birth_date',
    });
  });

  it('detects an invalid month', () => {
    expect(validateBirthDate({ day: 1, month: 0, year: 1990 }, today)).toMatchObject({
      error: 'invalid_month',
    });
    expect(validateBirthDate({ day: 1, month: 13, year: 1990 }, today)).toMatchObject({
      error: 'invalid_month',
    });
    expect(validateBirthDate({ day: 1, month: Number.NaN, year: 1990 }, today)).toMatchObject({
      error: 'invalid_month',
    });
  });

  it('detects an invalid day: 31 April, 29 February in a non-leap year, day 0', () => {
    expect(validateBirthDate({ day: 31, month: 4, year: 1990 }, today)).toMatchObject({
      error: 'invalid_day',
    });
    expect(validateBirthDate({ day: 29, month: 2, year: 1990 }, today)).toMatchObject({
      error: 'invalid_day',
    });
    expect(validateBirthDate({ day: 0, month: 1, year: 1990 }, today)).toMatchObject({
      error: 'invalid_day',
    });
    expect(validateBirthDate({ day: 32, month: 1, year: 1990 }, today)).toMatchObject({
      error: 'invalid_day',
    });
  });

  it('accepts 29 February in a leap year', () => {
    expect(validateBirthDate({ day: 29, month: 2, year: 1992 }, today)).toEqual({
      ok: true,
      age: 34,
    });
  });

  it('refuses a missing or implausible year', () => {
    expect(validateBirthDate({ day: 1, month: 1, year: 0 }, today)).toMatchObject({
      error: 'invalid_birth_date',
    });
    expect(validateBirthDate({ day: 1, month: 1, year: 1850 }, today)).toMatchObject({
      error: 'invalid_birth_date',
    });
  });
});

describe('birthYearOptions', () => {
  it('offers ages 18 to 99, youngest first', () => {
    const years = birthYearOptions(day(2026, 3, 10));
    expect(years[0]).toBe(2008);
    expect(years.at(-1)).toBe(1926);
    expect(new Set(years).size).toBe(years.length);
  });
});

describe('age range', () => {
  it('accepts 18 ≤ min ≤ max ≤ 100', () => {
    expect(validateAgeRange({ min: 18, max: 100 })).toBeNull();
    expect(validateAgeRange({ min: 30, max: 30 })).toBeNull();
  });

  it('refuses out-of-bounds, inverted and fractional ranges', () => {
    expect(validateAgeRange({ min: 17, max: 40 })).toBe('invalid_age_range');
    expect(validateAgeRange({ min: 18, max: 101 })).toBe('invalid_age_range');
    expect(validateAgeRange({ min: 41, max: 40 })).toBe('invalid_age_range');
    expect(validateAgeRange({ min: 20.5, max: 40 })).toBe('invalid_age_range');
  });

  it('formats and parses the wire form "min,max"', () => {
    expect(formatAgeRange({ min: 25, max: 40 })).toBe('25,40');
    expect(parseAgeRange('25,40')).toEqual({ min: 25, max: 40 });
    expect(parseAgeRange(' 18 , 100 ')).toEqual({ min: 18, max: 100 });
  });

  it('falls back on malformed or invalid s_age', () => {
    const fallback = { min: 20, max: 30 };
    expect(parseAgeRange('', fallback)).toEqual(fallback);
    expect(parseAgeRange(null, fallback)).toEqual(fallback);
    expect(parseAgeRange('40,25', fallback)).toEqual(fallback);
    expect(parseAgeRange('10,200', fallback)).toEqual(fallback);
    expect(parseAgeRange('abc', fallback)).toEqual(fallback);
  });
});

describe('radius', () => {
  it('ignores values below 1', () => {
    expect(normalizeRadius(0)).toBeNull();
    expect(normalizeRadius(-5)).toBeNull();
    expect(normalizeRadius(0.4)).toBeNull();
    expect(normalizeRadius(Number.NaN)).toBeNull();
  });

  it('rounds and caps at 100', () => {
    expect(normalizeRadius(1)).toBe(1);
    expect(normalizeRadius(0.6)).toBe(1);
    expect(normalizeRadius(50.4)).toBe(50);
    expect(normalizeRadius(100)).toBe(100);
    expect(normalizeRadius(250)).toBe(100);
  });

  it('validates 1–100 integers', () => {
    expect(validateRadius(1)).toBeNull();
    expect(validateRadius(100)).toBeNull();
    expect(validateRadius(0)).toBe('invalid_value');
    expect(validateRadius(101)).toBe('invalid_value');
    expect(validateRadius(2.5)).toBe('invalid_value');
  });
});
