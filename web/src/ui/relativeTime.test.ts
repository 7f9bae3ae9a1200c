// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relativeTime';

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
