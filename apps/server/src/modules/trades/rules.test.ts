import { describe, expect, it } from 'vitest';
import { priceToTicks, ticksToCents } from '@roundup/shared';
import { outcomeCounts, splitAverage, splitProgressOf } from './rules';

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

describe('splitAverage (profit per closed trade, in ticks)', () => {
  it.each([
    ['no trades', [], { trades: 0, members: 0, avgProfitCents: null }],
    ['open trades are ignored', [{ userId: 'u', profitTicks: null }], { trades: 0, members: 0, avgProfitCents: null }],
    [
      'mean per account across members: 3.00, 4.00, 2.33 → 3.11',
      [
        { userId: 'u1', profitTicks: 30_000 },
        { userId: 'u1', profitTicks: 40_000 },
        { userId: 'u2', profitTicks: 23_300 },
      ],
      { trades: 3, members: 2, avgProfitCents: 311 },
    ],
    ['a loss of 0.995 → −1.00', [{ userId: 'u', profitTicks: -9_950 }], { trades: 1, members: 1, avgProfitCents: -100 }],
  ])('%s', (_name, rows, expected) => expect(splitAverage(rows)).toEqual(expected));
});

describe('outcomeCounts', () => {
  it('counts each outcome; pending accounts are counted but not recorded', () => {
    const outcomes = [
      'pending',
      'share_received',
      'share_received',
      'cash_in_lieu',
      'no_credit',
      'pending',
      'fraction_kept',
      'clawed_back',
    ];
    const rows = outcomes.map((outcome) => ({ outcome }));
    expect(outcomeCounts(rows)).toEqual({
      accounts: 8,
      recorded: 6,
      shareReceived: 2,
      cashInLieu: 1,
      noCredit: 1,
      fractionKept: 1,
      clawedBack: 1,
    });
    expect(outcomeCounts([])).toEqual({
      accounts: 0,
      recorded: 0,
      shareReceived: 0,
      cashInLieu: 0,
      noCredit: 0,
      fractionKept: 0,
      clawedBack: 0,
    });
  });
});

describe('splitProgressOf: where the member stands on each split', () => {
  const row = (id: string, o: Partial<{ splitId: string; bought: boolean; sale: boolean; outcome: string }> = {}) => ({
    id,
    splitId: 's1',
    bought: true,
    sale: false,
    outcome: 'pending',
    ...o,
  });

  it('counts bought, received and sold accounts per split', () => {
    const rows = [
      row('a'),
      row('b', { outcome: 'share_received', sale: true }),
      row('c', { splitId: 's2', bought: false, sale: true }),
    ];
    expect(splitProgressOf(rows, new Set())).toEqual([
      { splitId: 's1', bought: 2, received: 1, sold: 1, receivedUnsold: 0 },
      { splitId: 's2', bought: 0, received: 0, sold: 1, receivedUnsold: 0 },
    ]);
  });

  it('a sale while a share is still held is not sold (the dance: the pre-split sale of 99)', () => {
    const rows = [row('a', { outcome: 'share_received', sale: true }), row('b', { sale: true, bought: false })];
    expect(splitProgressOf(rows, new Set(['a', 'b']))).toEqual([
      { splitId: 's1', bought: 1, received: 1, sold: 1, receivedUnsold: 1 },
    ]);
  });
});
