import { describe, expect, it } from 'vitest';
import {
  calculateOutcomes,
  EARNINGS_EXAMPLE,
  profitPerAccountCents,
  projectEarnings,
  validateCalculatorInput,
  type Outcome,
} from './learn';

describe('profitPerAccountCents', () => {
  const cases: [Outcome, number, number, number][] = [
    // outcome, price, ratio, expected cents
    ['roundUpShares', 1, 10, 900],
    ['roundUpShares', 0.35, 20, 665],
    ['roundUpShares', 0.1234, 25, 296], // 24 × 0.1234 = 2.9616
    ['roundUpShares', 0.005, 3, 1], // 2 × 0.005 = 0.01
    ['roundUpLots', 0.5, 10, 49950], // 100 × 10 × 0.5 − 0.5 = 499.50
    ['roundUpLots', 0.1, 100, 99990],
    ['cashInLieu', 1.5, 10, 0],
    ['roundToNearest', 1.5, 2, 150], // fraction 0.5 rounds up: gain (2 − 1) × 1.5
    ['roundToNearest', 1.5, 3, -150], // fraction 0.33 rounds down: lose the share
    ['roundDown', 0.42, 15, -42],
    ['roundDown', 0.12345, 15, -12], // four decimals kept: 0.1235 → 12 cents
  ];
  it.each(cases)('%s at $%s, 1-for-%s → %s cents', (outcome, price, ratio, expected) => {
    expect(profitPerAccountCents(outcome, price, ratio)).toBe(expected);
  });
});

describe('calculateOutcomes', () => {
  it('lists the five outcomes in Learn order with totals per account count', () => {
    const rows = calculateOutcomes({ price: 0.4, ratio: 20, accounts: 12 });
    expect(rows.map((r) => r.label)).toEqual([
      'Round up lots',
      'Round up shares',
      'Cash in lieu',
      'Round to nearest',
      'Round down',
    ]);
    expect(rows.map((r) => r.perAccountCents)).toEqual([79960, 760, 0, -40, -40]);
    expect(rows.map((r) => r.totalCents)).toEqual([959520, 9120, 0, -480, -480]);
  });
});

describe('validateCalculatorInput', () => {
  const cases: [number, number, number, string | null][] = [
    [1, 10, 5, null],
    [0, 10, 5, 'Enter a share price above $0.'],
    [Number.NaN, 10, 5, 'Enter a share price above $0.'],
    [20000, 10, 5, 'Enter a share price up to $10,000.'],
    [1, 1, 5, 'Enter a whole split ratio from 2 to 1000.'],
    [1, 2.5, 5, 'Enter a whole split ratio from 2 to 1000.'],
    [1, 10, 0, 'Enter a whole number of accounts from 1 to 100.'],
    [1, 10, 101, 'Enter a whole number of accounts from 1 to 100.'],
  ];
  it.each(cases)('price %s ratio %s accounts %s → %s', (price, ratio, accounts, expected) => {
    expect(validateCalculatorInput({ price, ratio, accounts })).toBe(expected);
  });
});

describe('projectEarnings', () => {
  it('reproduces the product.md#what-roundup-is marketing example: $996 a month, $11,952 a year', () => {
    expect(EARNINGS_EXAMPLE.companies / EARNINGS_EXAMPLE.months).toBe(EARNINGS_EXAMPLE.splitsPerMonth);
    expect(projectEarnings(EARNINGS_EXAMPLE)).toEqual({ monthlyCents: 99600, yearlyCents: 1195200 });
  });
  it.each([
    [1, 1, 0.01, 1, 12],
    [10, 5, 1.1, 5500, 66000],
    [0, 20, 3.32, 0, 0],
  ])('%s splits × %s trades × $%s → %s / %s cents', (splitsPerMonth, tradesPerSplit, averageProfit, monthly, yearly) => {
    expect(projectEarnings({ splitsPerMonth, tradesPerSplit, averageProfit })).toEqual({
      monthlyCents: monthly,
      yearlyCents: yearly,
    });
  });
});
