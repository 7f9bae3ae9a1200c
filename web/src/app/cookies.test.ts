// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseCookie } from './cookies';

describe('parseCookie', () => {
  it('finds a cookie by exact name', () => {
    const header = 'ch_notif=true; language=de; xlanguage=he';
    expect(parseCookie(header, 'language')).toBe('de');
    expect(parseCookie(header, 'ch_notif')).toBe('true');
    expect(parseCookie(header, 'session')).toBeNull();
    expect(parseCookie('', 'language')).toBeNull();
  });

  it('decodes values and survives broken encodings', () => {
    expect(parseCookie('a=%D7%A9', 'a')).toBe('ש');
    expect(parseCookie('a=%E0%A4%A', 'a')).toBeNull();
  });
});
