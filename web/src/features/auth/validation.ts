// Client-side checks of spec §5. They mirror the server's rules so the user hears about a mistake
// on the step that caused it; the server still decides (brief §6: 18+ is enforced there).
import {
  MAX_AGE,
  MIN_AGE,
  NAME_INPUT_MAXLENGTH,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  RADIUS_MAX,
  RADIUS_MIN,
  SEARCH_AGE_MAX,
  SEARCH_AGE_MIN,
} from '../../app/constants';
import type { ErrorCode, LanguageCode } from '../../realtime/protocol';

/**
 * A key under errors.* in the i18n files. Besides the server's codes, the client has texts of its
 * own for checks the server reports differently (email_format is the friendlier spec §5 text).
 */
export type ValidationError = ErrorCode | 'email_format' | 'invalid_name_he';

// Hebrew: alef to tav, final forms included. Niqqud and cantillation marks are not letters.
const HEBREW_LETTER = /[\u05D0-\u05EA]/u;
// Latin letters with the Latin-1 accented ones (ä ö ü ß, but also é or ñ for names like José),
// without × and ÷ which sit in the same block.
const LATIN_LETTER = /[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u00FF]/u;

function isNameLetter(ch: string, language: LanguageCode): boolean {
  return language === 'he' ? HEBREW_LETTER.test(ch) : LATIN_LETTER.test(ch);
}

/**
 * Cleans the name while the user types: characters that are not letters of the language are
 * dropped, any whitespace becomes one space, and leading spaces go. A single trailing space is
 * kept, otherwise a first name could never be followed by a last name while typing.
 */
export function sanitizeNameInput(raw: string, language: LanguageCode): string {
  let out = '';
  for (const ch of raw.normalize('NFC')) {
    if (/\s/u.test(ch)) {
      if (out !== '' && !out.endsWith(' ')) out += ' ';
    } else if (isNameLetter(ch, language)) {
      out += ch;
    }
  }
  return Array.from(out).slice(0, NAME_INPUT_MAXLENGTH).join('');
}

/** The name as it is sent: sanitised, trimmed, spaces collapsed. */
export function normalizeName(raw: string, language: LanguageCode): string {
  return sanitizeNameInput(raw, language).trim();
}

export function validateName(raw: string, language: LanguageCode): ValidationError | null {
  const name = normalizeName(raw, language);
  const length = Array.from(name).length;
  if (length === 0 || length > NAME_MAX) {
    return language === 'he' ? 'invalid_name_he' : 'invalid_name';
  }
  return null;
}

// Deliberately loose: one @, no spaces, a dot in the domain and a TLD of two or more letters.
// The real proof is the verification mail.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/u;

export function validateEmail(raw: string): ValidationError | null {
  const email = raw.trim();
  if (email.length > 254 || !EMAIL.test(email)) return 'email_format';
  return null;
}

export function validatePassword(password: string): ValidationError | null {
  // Counted in code points so an emoji is one character, as a person would count it.
  const length = Array.from(password).length;
  if (length < PASSWORD_MIN) return 'password_too_short';
  if (length > PASSWORD_MAX) return 'password_too_long';
  return null;
}

export interface BirthDate {
  day: number;
  month: number;
  year: number;
}

export type BirthDateResult = { ok: true; age: number } | { ok: false; error: ValidationError };

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(month: number, year: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * Whole years between the birth date and today, in the local calendar. Someone born on 29 February
 * turns a year older on 1 March in non-leap years.
 */
export function ageOn(birth: BirthDate, today: Date): number {
  const month = today.getMonth() + 1;
  const day = today.getDate();
  const hadBirthday = month > birth.month || (month === birth.month && day >= birth.day);
  return today.getFullYear() - birth.year - (hadBirthday ? 0 : 1);
}

// Nobody registering is older than this; a larger age means a typo in the year.
const OLDEST_PLAUSIBLE_AGE = 120;

export function validateBirthDate(birth: BirthDate, today: Date = new Date()): BirthDateResult {
  const { day, month, year } = birth;
  if (!Number.isInteger(year) || year <= 0) return { ok: false, error: 'invalid_birth_date' };
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    return { ok: false, error: 'invalid_month' };
  }
  if (!Number.isInteger(day) || day < 1 || day > daysInMonth(month, year)) {
    return { ok: false, error: 'invalid_day' };
  }
  const age = ageOn(birth, today);
  if (age < 0 || age > OLDEST_PLAUSIBLE_AGE) return { ok: false, error: 'invalid_birth_date' };
  if (age < MIN_AGE) return { ok: false, error: 'underage' };
  return { ok: true, age };
}

/** The birth years a select offers: the youngest allowed first. */
export function birthYearOptions(today: Date = new Date()): number[] {
  const newest = today.getFullYear() - MIN_AGE;
  const oldest = today.getFullYear() - MAX_AGE - 1;
  const years: number[] = [];
  for (let y = newest; y >= oldest; y -= 1) years.push(y);
  return years;
}

export interface AgeRange {
  min: number;
  max: number;
}

export const DEFAULT_AGE_RANGE: AgeRange = { min: 25, max: 40 };

export function validateAgeRange(range: AgeRange): ValidationError | null {
  const { min, max } = range;
  if (!Number.isInteger(min) || !Number.isInteger(max)) return 'invalid_age_range';
  if (min < SEARCH_AGE_MIN || max > SEARCH_AGE_MAX || min > max) return 'invalid_age_range';
  return null;
}

/** The wire form of s_age. */
export function formatAgeRange(range: AgeRange): string {
  return `${range.min},${range.max}`;
}

/** Reads s_age ("min,max"); anything malformed gives the fallback. */
export function parseAgeRange(value: string | null | undefined, fallback = DEFAULT_AGE_RANGE) {
  const match = /^\s*(\d{1,3})\s*,\s*(\d{1,3})\s*$/.exec(value ?? '');
  if (!match) return { ...fallback };
  const range = { min: Number(match[1]), max: Number(match[2]) };
  return validateAgeRange(range) === null ? range : { ...fallback };
}

/**
 * Spec §5: "values below 1 ignored". Returns the new radius, or null when the value must be
 * ignored and the previous radius kept. Values above the maximum are capped.
 */
export function normalizeRadius(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const rounded = Math.round(value);
  if (rounded < RADIUS_MIN) return null;
  return Math.min(RADIUS_MAX, rounded);
}

export function validateRadius(value: number): ValidationError | null {
  return Number.isInteger(value) && value >= RADIUS_MIN && value <= RADIUS_MAX
    ? null
    : 'invalid_value';
}
