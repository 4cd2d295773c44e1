import { describe, expect, it } from 'vitest';
import { priceToTicks, ticksToCents, type TradeFields } from '@roundup/shared';
import { checkTradeDates, mergeTradeEdit, outcomeCounts, sameTradeFields, splitAverage, withDefaultBuyDate } from './rules';

const f = (over: Partial<TradeFields>): TradeFields => ({
  buy_date: null,
  buy_price: null,
  sell_date: null,
  sell_price: null,
  outcome: 'pending',
  outcome_date: null,
  ...over,
});

describe('withDefaultBuyDate', () => {
  it.each([
    ['price above 0, no date → split buyDate', f({ buy_price: 1.5 }), '2026-03-02'],
    ['price 0 keeps no date', f({ buy_price: 0 }), null],
    ['no price keeps no date', f({}), null],
    ['an explicit date wins', f({ buy_price: 2, buy_date: '2026-02-27' }), '2026-02-27'],
  ])('%s', (_name, input, expected) => {
    expect(withDefaultBuyDate(input, '2026-03-02').buy_date).toBe(expected);
  });
});

describe('checkTradeDates', () => {
  it.each([
    [f({ buy_date: '2026-03-02', sell_date: '2026-03-01' }), 'Sell date cannot be before the buy date'],
    [f({ buy_date: '2026-03-02', sell_date: '2026-03-02' }), null],
    [f({ buy_date: '2026-03-02', sell_date: '2026-03-10' }), null],
    [f({ sell_date: '2026-03-10' }), null],
    [f({ buy_date: '2026-03-10' }), null],
    // Outcomes (issue 14)
    [f({ buy_price: 1, outcome: 'share_received' }), null],
    [f({ buy_date: '2026-03-02', outcome: 'cash_in_lieu', outcome_date: '2026-03-05' }), null],
    [f({ buy_date: '2026-03-02', outcome: 'no_credit', outcome_date: '2026-03-02' }), null],
    [f({ outcome: 'share_received' }), 'Record the buy before its outcome'],
    [f({ sell_price: 2, outcome: 'no_credit' }), 'Record the buy before its outcome'],
    [
      f({ buy_price: 1, outcome_date: '2026-03-05' }),
      'Choose the outcome for its date (share received, cash in lieu or no credit)',
    ],
    [
      f({ buy_date: '2026-03-02', outcome: 'share_received', outcome_date: '2026-03-01' }),
      'Outcome date cannot be before the buy date',
    ],
    // An outcome is a fact: not after tomorrow's market date (today is 2026-03-20 here).
    [f({ buy_date: '2026-03-02', outcome: 'share_received', outcome_date: '2026-03-20' }), null],
    [f({ buy_date: '2026-03-02', outcome: 'share_received', outcome_date: '2026-03-21' }), null],
    [
      f({ buy_date: '2026-03-02', outcome: 'share_received', outcome_date: '2026-03-22' }),
      'Outcome date cannot be in the future',
    ],
    [f({ buy_price: 1, outcome: 'cash_in_lieu', outcome_date: '2027-01-01' }), 'Outcome date cannot be in the future'],
  ])('%j → %s', (input, expected) => expect(checkTradeDates(input, '2026-03-20')).toBe(expected));

  it('allows the day after, across a month or year end', () => {
    const april = f({ buy_price: 1, outcome: 'no_credit', outcome_date: '2026-04-01' });
    expect(checkTradeDates(april, '2026-03-31')).toBeNull();
    expect(checkTradeDates(april, '2026-03-30')).toBe('Outcome date cannot be in the future');
    const fields = f({ buy_price: 1, outcome: 'share_received', outcome_date: '2027-01-01' });
    expect(checkTradeDates(fields, '2026-12-31')).toBeNull();
    expect(checkTradeDates(fields, '2026-12-30')).toBe('Outcome date cannot be in the future');
  });
});

describe('priceToTicks / ticksToCents', () => {
  it.each([
    ['12.3400', 123_400],
    ['0.0100', 100],
    ['1000000.0000', 10_000_000_000],
    ['0', 0],
    ['0.00005', 1],
    ['-1.25', -12_500],
    [3.32, 33_200],
    [0.1 + 0.2, 3000],
    [null, null],
    ['', null],
    ['12.34567', 123_457],
    ['12.34564', 123_456],
    ['.5', 5000],
    ['7', 70_000],
    ['1e2', 1_000_000],
    ['abc', null],
  ])('priceToTicks(%j) = %j', (input, expected) => expect(priceToTicks(input)).toBe(expected));
  it.each([
    [100, 1],
    [149, 1],
    [150, 2],
    [-150, -2],
    [-149, -1],
    [0, 0],
  ])('ticksToCents(%i) = %i', (input, expected) => expect(ticksToCents(input)).toBe(expected));
});

describe('splitAverage', () => {
  it.each([
    ['no trades', [], { trades: 0, members: 0, avgProfitCents: null }],
    [
      'open trades are ignored',
      [{ userId: 'u', buyPrice: '1.00', sellPrice: null }],
      { trades: 0, members: 0, avgProfitCents: null },
    ],
    [
      'mean per account across members',
      [
        { userId: 'u1', buyPrice: '1.00', sellPrice: '4.00' },
        { userId: 'u1', buyPrice: '1.00', sellPrice: '5.00' },
        { userId: 'u2', buyPrice: '2.00', sellPrice: '4.33' },
      ],
      { trades: 3, members: 2, avgProfitCents: 311 },
    ],
    ['a loss', [{ userId: 'u', buyPrice: '5.00', sellPrice: '4.005' }], { trades: 1, members: 1, avgProfitCents: -100 }],
  ])('%s', (_name, rows, expected) => expect(splitAverage(rows)).toEqual(expected));
});

describe('mergeTradeEdit (issue 12 §4: a partial edit keeps what it does not send)', () => {
  const stored = f({ buy_date: '2026-03-01', buy_price: 1.25, sell_date: '2026-03-05', sell_price: 2.5 });
  it.each([
    ['nothing sent keeps everything', {}, stored],
    ['one field sent changes that field', { sell_price: 3 }, { ...stored, sell_price: 3 }],
    ['null clears only that field', { sell_date: null }, { ...stored, sell_date: null }],
    ['every field sent replaces all', { buy_date: null, buy_price: 0, sell_date: null, sell_price: null }, f({ buy_price: 0 })],
  ])('%s', (_name, patch, expected) => expect(mergeTradeEdit(stored, patch)).toEqual(expected));
});

describe('sameTradeFields', () => {
  it.each([
    [f({ buy_price: 1.5 }), f({ buy_price: 1.5 }), true],
    [f({ buy_price: 1.5 }), f({ buy_price: 1.5, buy_date: '2026-03-01' }), false],
    [f({}), f({}), true],
    [f({ sell_price: 0 }), f({ sell_price: null }), false],
  ])('%j vs %j → %s', (a, b, same) => expect(sameTradeFields(a, b)).toBe(same));
});

describe('outcomeCounts', () => {
  it('counts each outcome; pending accounts are counted but not recorded', () => {
    const rows = ['pending', 'share_received', 'share_received', 'cash_in_lieu', 'no_credit', 'pending'].map((outcome) => ({
      outcome,
    }));
    expect(outcomeCounts(rows)).toEqual({ accounts: 6, recorded: 4, shareReceived: 2, cashInLieu: 1, noCredit: 1 });
    expect(outcomeCounts([])).toEqual({ accounts: 0, recorded: 0, shareReceived: 0, cashInLieu: 0, noCredit: 0 });
  });
});
