import { describe, expect, it } from 'vitest';
import { initialsOf, mergeEntries } from './entries';
import { formatRelativeTime } from './relativeTime';
import { lockedEntries, makeEntry } from './testing';

const NOW = 1_800_000_000;

describe('formatRelativeTime', () => {
  it('picks the largest fitting unit', () => {
    expect(formatRelativeTime(NOW - 10, NOW, 'en')).toBe('now');
    expect(formatRelativeTime(NOW - 5 * 60, NOW, 'en')).toBe('5 minutes ago');
    expect(formatRelativeTime(NOW - 3600, NOW, 'en')).toBe('1 hour ago');
    expect(formatRelativeTime(NOW - 86_400, NOW, 'en')).toBe('yesterday');
    expect(formatRelativeTime(NOW - 14 * 86_400, NOW, 'en')).toBe('2 weeks ago');
    expect(formatRelativeTime(NOW - 400 * 86_400, NOW, 'en')).toBe('last year');
    expect(formatRelativeTime(NOW + 100, NOW, 'en')).toBe('now');
  });

  it('speaks the UI language', () => {
    expect(formatRelativeTime(NOW - 2 * 3600, NOW, 'he')).toBe('לפני שעתיים');
    expect(formatRelativeTime(NOW - 2 * 3600, NOW, 'de')).toBe('vor 2 Stunden');
  });
});

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

describe('initialsOf', () => {
  it('takes up to two initials', () => {
    expect(initialsOf('noa levi cohen')).toBe('NL');
    expect(initialsOf('דנה')).toBe('ד');
  });
});
