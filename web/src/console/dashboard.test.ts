// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  currenciesOf,
  dayStart,
  defaultCurrency,
  formatDay,
  formatMoney,
  percentileSeries,
  presetRange,
  rangeProblem,
  revenueIn,
} from './dashboard';
import { isAdminDashboard } from './parse';
import type { AdminDashboard } from './protocol';

const NOW = Date.parse('2026-11-25T21:30:00Z');

function dashboard(overrides: Partial<AdminDashboard> = {}): AdminDashboard {
  return {
    from: '2026-11-23',
    to: '2026-11-25',
    days: ['2026-11-23', '2026-11-24', '2026-11-25'],
    revenue: [
      {
        currency: 'USD',
        kind: 'credits',
        package_id: 1,
        amounts_minor: [900, 0, 0],
        total_minor: 900,
        orders: 1,
      },
      {
        currency: 'ILS',
        kind: 'premium',
        package_id: 2,
        amounts_minor: [0, 15900, 0],
        total_minor: 15900,
        orders: 1,
      },
      {
        currency: 'ILS',
        kind: 'credits',
        package_id: 3,
        amounts_minor: [0, 0, 22900],
        total_minor: 22900,
        orders: 1,
      },
    ],
    messages: { from_members: [3, 0, 1], from_personas: [2, 0, 0] },
    new_members: [1, 0, 2],
    response_times: {
      answered: [0, 5, 0],
      median_seconds: [0, 30, 0],
      p90_seconds: [0, 100, 0],
      overall: { answered: 5, median_seconds: 30, p90_seconds: 100 },
    },
    ...overrides,
  };
}

describe('dashboard ranges', () => {
  it('ends the presets today, in UTC, with both ends counted', () => {
    expect(presetRange(7, NOW)).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(presetRange(30, NOW)).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(presetRange(90, NOW).from).toBe('2026-08-28');
  });

  it('says what the server would refuse', () => {
    expect(rangeProblem({ from: '2026-11-01', to: '2026-11-25' })).toBeNull();
    expect(rangeProblem({ from: '2026-11-01', to: '2026-11-01' })).toBeNull();
    expect(rangeProblem({ from: '', to: '2026-11-25' })).toBe('invalid');
    expect(rangeProblem({ from: '2026-02-30', to: '2026-03-25' })).toBe('invalid');
    expect(rangeProblem({ from: '2026-11-26', to: '2026-11-25' })).toBe('backwards');
    expect(rangeProblem({ from: '2028-01-01', to: '2028-12-31' })).toBeNull();
    expect(rangeProblem({ from: '2028-01-01', to: '2029-01-01' })).toBe('tooLong');
    expect(dayStart('2026-11-01')).toBe(Date.UTC(2026, 10, 1));
  });
});

describe('dashboard series', () => {
  it('keeps one currency per chart, credits first, the staff language’s currency by default', () => {
    const data = dashboard();
    expect(currenciesOf(data)).toEqual(['ILS', 'USD']);
    expect(defaultCurrency(data, 'he')).toBe('ILS');
    expect(defaultCurrency(data, 'en')).toBe('USD');
    expect(defaultCurrency(dashboard({ revenue: [] }), 'en')).toBe('USD');
    expect(revenueIn(data, 'ILS').map((s) => `${s.kind}/${s.package_id}`)).toEqual([
      'credits/3',
      'premium/2',
    ]);
  });

  it('leaves days without answers out of the percentile lines', () => {
    expect(percentileSeries(dashboard())).toEqual({
      median: [null, 30, null],
      p90: [null, 100, null],
    });
  });

  it('formats money and days in the staff language', () => {
    expect(formatMoney(22900, 'ILS', 'en')).toBe('₪229.00');
    expect(formatMoney(900, 'USD', 'de')).toMatch(/^9,00\s\$$/);
    expect(formatDay('2026-11-25', 'en')).toBe('Nov 25');
    expect(formatDay('2026-11-25', 'de')).toBe('25. Nov.');
  });

  it('accepts only dashboards whose every series has one value per day', () => {
    expect(isAdminDashboard(dashboard())).toBe(true);
    expect(isAdminDashboard(dashboard({ new_members: [1, 2] }))).toBe(false);
    const wrongCurrency = dashboard();
    (wrongCurrency.revenue[0] as { currency: string }).currency = 'EUR';
    expect(isAdminDashboard(wrongCurrency)).toBe(false);
    expect(isAdminDashboard({ ...dashboard(), response_times: { answered: [] } })).toBe(false);
  });
});
