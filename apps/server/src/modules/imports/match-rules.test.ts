import { describe, expect, it } from 'vitest';
import type { StatementRow } from './formats/types';
import { matchRows, statementTrade, type CandidateSplit } from './match-rules';

const split = (id: string, ticker: string, effDate: string): CandidateSplit => ({
  id,
  name: id,
  ticker,
  buyDate: effDate,
  effDate,
});
const SPLITS = [
  split('acmr-nov', 'ACMR', '2026-11-10'),
  split('acmr-jan', 'ACMR', '2027-01-20'),
  split('bbb', 'BBB', '2026-11-10'),
];
const row = (kind: StatementRow['kind'], date: string, over: Partial<StatementRow> = {}): StatementRow => ({
  line: 2,
  kind,
  date,
  symbol: 'ACMR',
  quantity: 1,
  price: kind === 'buy' || kind === 'sell' ? 1 : null,
  amount: null,
  action: kind,
  account: null,
  ...over,
});

describe('matching statement rows to splits (decision 030)', () => {
  it.each([
    ['a buy 4 days before the effective date → that split', row('buy', '2026-11-06'), 'acmr-nov', null],
    ['a sell 2 days after → the split just past', row('sell', '2026-11-12'), 'acmr-nov', null],
    ['a buy before the January split, after November’s → January (the next one)', row('buy', '2027-01-15'), 'acmr-jan', null],
    ['a buy 60 days before any split → none', row('buy', '2026-09-01'), null, 'No reverse split of ACMR around 2026-09-01'],
    ['a rounding correction a day later → the nearest split', row('rounding', '2026-11-11'), 'acmr-nov', null],
    ['another ticker → none', row('buy', '2026-11-06', { symbol: 'ZZZ' }), null, 'No reverse split of ZZZ around 2026-11-06'],
    [
      'a fractional buy → none, RoundUp records whole shares',
      row('buy', '2026-11-06', { quantity: 0.5 }),
      null,
      '0.5 shares: RoundUp records whole shares bought',
    ],
    [
      'a dividend → none',
      row('other', '2026-11-06', { action: 'Qualified Dividend' }),
      null,
      'Not a buy, sell or reverse-split row (Qualified Dividend)',
    ],
  ])('%s', (_name, r, splitId, reason) => {
    expect(matchRows([r], SPLITS)[0]).toEqual({ splitId, reason });
  });

  it('a removal under the old CUSIP belongs to the split its same-day addition matched (Schwab)', () => {
    const rows = [row('split_in', '2026-11-10'), row('split_out', '2026-11-10', { symbol: '00461X108' })];
    expect(matchRows(rows, SPLITS).map((m) => m.splitId)).toEqual(['acmr-nov', 'acmr-nov']);
  });
});

describe('a split’s rows as a trade (decision 030)', () => {
  it.each([
    [
      'Schwab dance: buy 100 at $0.50, sell 99 at $0.48, split adds 1, sell it at $9 → legs and share received on the split day',
      [
        row('buy', '2026-11-06', { quantity: 100, price: 0.5 }),
        row('sell', '2026-11-06', { quantity: 99, price: 0.48 }),
        row('split_out', '2026-11-10'),
        row('split_in', '2026-11-10'),
        row('sell', '2026-11-12', { price: 9 }),
      ],
      {
        legs: [
          { side: 'buy', date: '2026-11-06', quantity: 100, price: 0.5 },
          { side: 'sell', date: '2026-11-06', quantity: 99, price: 0.48 },
          { side: 'sell', date: '2026-11-12', quantity: 1, price: 9 },
        ],
        outcome: { outcome: 'share_received', outcome_date: '2026-11-10', shares_received: 1, cash_in_lieu_amount: null },
      },
    ],
    [
      'tastytrade: old share closed on the 10th, rounding correction on the 11th → share received on the 11th',
      [row('buy', '2026-11-06', { price: 0.5 }), row('split_out', '2026-11-10'), row('rounding', '2026-11-11')],
      {
        legs: [{ side: 'buy', date: '2026-11-06', quantity: 1, price: 0.5 }],
        outcome: { outcome: 'share_received', outcome_date: '2026-11-11', shares_received: 1, cash_in_lieu_amount: null },
      },
    ],
    [
      'IBKR: 0.1 share in, FracShare pays $0.95 → cash in lieu $0.95, no whole share',
      [row('split_in', '2026-11-10', { quantity: 0.1 }), row('cash_in_lieu', '2026-11-10', { quantity: 0.1, amount: 0.95 })],
      {
        legs: null,
        outcome: { outcome: 'cash_in_lieu', outcome_date: '2026-11-10', shares_received: 0, cash_in_lieu_amount: 0.95 },
      },
    ],
    [
      '15 shares at 1-for-10: 1 share in and $2.50 for the half → cash in lieu with 1 share received',
      [row('split_in', '2026-11-10', { quantity: 1 }), row('cash_in_lieu', '2026-11-12', { amount: 2.5 })],
      {
        legs: null,
        outcome: { outcome: 'cash_in_lieu', outcome_date: '2026-11-12', shares_received: 1, cash_in_lieu_amount: 2.5 },
      },
    ],
    ['only the old shares removed so far → no outcome yet', [row('split_out', '2026-11-10')], { legs: null, outcome: null }],
  ])('%s', (_name, rows, expected) => {
    expect(statementTrade(rows)).toEqual(expected);
  });
});
