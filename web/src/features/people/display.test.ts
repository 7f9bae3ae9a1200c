// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { initialsOf, placeholderGradient, wrapIndex } from './display';
import { createTapGuard } from './tapGuard';

describe('wrapIndex', () => {
  it('wraps around at both ends', () => {
    expect(wrapIndex(0, 3)).toBe(0);
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(7, 3)).toBe(1);
    expect(wrapIndex(-4, 3)).toBe(2);
  });

  it('stays at 0 without photos', () => {
    expect(wrapIndex(5, 0)).toBe(0);
    expect(wrapIndex(-1, 1)).toBe(0);
  });
});

describe('photo placeholders', () => {
  it('takes up to two initials, Hebrew included', () => {
    expect(initialsOf('Noa Levi')).toBe('NL');
    expect(initialsOf('  dana  ')).toBe('D');
    expect(initialsOf('נועה כהן בר')).toBe('נ\u2009כ');
    expect(initialsOf('')).toBe('');
  });

  it('keeps one gradient per person', () => {
    expect(placeholderGradient(41)).toBe(placeholderGradient(41));
    expect(placeholderGradient(41)).toMatch(/^linear-gradient/);
  });
});

describe('tap guard', () => {
  it('suppresses a second tap within 50 ms under 1024 px only', () => {
    let now = 1000;
    let width = 390;
    const allow = createTapGuard(
      () => width,
      () => now,
    );
    expect(allow()).toBe(true);
    now += 30;
    expect(allow()).toBe(false);
    now += 60;
    expect(allow()).toBe(true);
    width = 1440;
    now += 10;
    expect(allow()).toBe(true);
  });
});
