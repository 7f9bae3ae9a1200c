// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { currencyFor, formatDate, formatMoney, formatNumber, formatSignedNumber } from './format';

// Intl uses no-break and narrow no-break spaces and, in Hebrew, direction marks; compare the
// visible text.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ').replace(/[\u200e\u200f]/g, '');

describe('currencyFor', () => {
  it('uses shekels for Hebrew and dollars otherwise (spec §4)', () => {
    expect(currencyFor('he')).toEqual({ code: 'ILS', symbol: '₪' });
    expect(currencyFor('en')).toEqual({ code: 'USD', symbol: '$' });
    expect(currencyFor('de')).toEqual({ code: 'USD', symbol: '$' });
  });
});

describe('formatNumber', () => {
  it('groups thousands from 1000 up', () => {
    expect(formatNumber(1000, 'en')).toBe('1,000');
    expect(formatNumber(10000, 'en')).toBe('10,000');
    expect(formatNumber(1000, 'he')).toBe('1,000');
    expect(formatNumber(1000, 'de')).toBe('1.000');
    expect(formatNumber(1234567, 'de')).toBe('1.234.567');
  });

  it('leaves smaller numbers bare', () => {
    expect(formatNumber(999, 'en')).toBe('999');
    expect(formatNumber(200, 'de')).toBe('200');
    expect(formatNumber(0, 'he')).toBe('0');
  });
});

describe('formatMoney', () => {
  it('formats Hebrew prices in shekels', () => {
    const text = plain(formatMoney(29, 'he'));
    expect(text).toContain('₪');
    expect(text).toContain('29');
    expect(text).not.toContain('$');
    expect(plain(formatMoney(1000, 'he'))).toContain('1,000');
  });

  it('formats English and German prices in dollars', () => {
    expect(formatMoney(29, 'en')).toBe('$29');
    expect(formatMoney(1000, 'en')).toBe('$1,000');
    expect(formatMoney(9.9, 'en')).toBe('$9.90');
    expect(plain(formatMoney(1000, 'de'))).toBe('1.000 $');
    expect(plain(formatMoney(9.9, 'de'))).toBe('9,90 $');
  });
});

describe('formatMoney with the server’s currency', () => {
  it('keeps the currency the package was priced in', () => {
    expect(formatMoney(149, 'en', 'ILS')).toBe('₪149');
    expect(plain(formatMoney(1490, 'he', 'ILS'))).toContain('1,490');
    expect(plain(formatMoney(1490, 'he', 'ILS'))).toContain('₪');
    expect(formatMoney(39.9, 'en', 'USD')).toBe('$39.90');
  });
});

describe('formatSignedNumber', () => {
  it('signs credits and debits, with separators from 1,000', () => {
    expect(formatSignedNumber(1200, 'en')).toBe('+1,200');
    expect(formatSignedNumber(-50, 'en')).toBe('\u221250');
    expect(formatSignedNumber(-1000, 'de')).toBe('\u22121.000');
    expect(formatSignedNumber(0, 'he')).toBe('0');
  });
});

describe('formatDate', () => {
  it('writes a day in the UI language', () => {
    const march = Date.UTC(2027, 2, 12, 12) / 1000;
    expect(formatDate(march, 'en')).toBe('March 12, 2027');
    expect(formatDate(march, 'de')).toBe('12. März 2027');
    expect(formatDate(march, 'he')).toContain('2027');
  });
});
