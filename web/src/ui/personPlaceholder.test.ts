// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { gradientFor, initialsOf } from './personPlaceholder';

describe('initialsOf', () => {
  it('takes up to two initials', () => {
    expect(initialsOf('noa levi cohen')).toBe('NL');
    expect(initialsOf('דנה')).toBe('ד');
  });
});

describe('gradientFor', () => {
  it('gives a person the same gradient every time', () => {
    expect(gradientFor(7)).toBe(gradientFor(7));
    expect(gradientFor(-7)).toBe(gradientFor(7));
    expect(gradientFor(7)).toMatch(/^linear-gradient\(/);
  });
});
