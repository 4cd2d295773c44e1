import { describe, expect, it } from 'vitest';
import type { StatementRow } from './formats/types';
import { matchRows, statementTrade, type CandidateSplit } from './match-rules';

// After the split: rows under the new symbol or CUSIP, fractions credited and sold, and a credited share taken
// back. OLDT splits 1-for-10 on 2026-11-10 and trades as NEWT, CUSIP 65249B208, from then on.

const OLDT: CandidateSplit = {
  id: 'oldt',
  name: 'Oldco',
  ticker: 'OLDT',
  buyDate: '2026-11-06',
  effDate: '2026-11-10',
  symbols: ['OLDT', 'NEWT', '65249B208'],
};
const row = (kind: StatementRow['kind'], date: string, over: Partial<StatementRow> = {}): StatementRow => ({
  line: 2,
  kind,
  date,
  symbol: 'NEWT',
  quantity: 1,
  price: kind === 'buy' || kind === 'sell' ? 4 : null,
  amount: null,
  action: kind,
  account: null,
  ...over,
});

describe('matching under the old or the new symbol or CUSIP', () => {
  it.each<[string, StatementRow, string | null, string | null]>([
    ['a buy under the old ticker', row('buy', '2026-11-06', { symbol: 'OLDT', price: 0.5 }), 'oldt', null],
    ['the credit under the new ticker', row('split_in', '2026-11-10'), 'oldt', null],
    ['the old shares out under the new CUSIP', row('split_out', '2026-11-10', { symbol: '65249B208' }), 'oldt', null],
    ['a sale under the new ticker', row('sell', '2026-11-12'), 'oldt', null],
    ['a fraction sold after the split', row('sell', '2026-11-12', { quantity: 0.1 }), 'oldt', null],
    [
      'a fraction sold before the split',
      row('sell', '2026-11-05', { symbol: 'OLDT', quantity: 0.1 }),
      null,
      '0.1 shares: only a sale after a split sells a fraction',
    ],
    ['a fraction bought', row('buy', '2026-11-06', { quantity: 0.5 }), null, '0.5 shares: RoundUp records whole shares bought'],
    ['the share taken back 40 days later', row('removal', '2026-12-20'), 'oldt', null],
    ['a second reverse-split row taking the share out 20 days later', row('split_out', '2026-11-30'), 'oldt', null],
    ['a removal long after (200 days)', row('removal', '2027-05-29'), null, 'No reverse split of NEWT around 2027-05-29'],
    ['a row of another symbol', row('sell', '2026-11-12', { symbol: 'ZZZ' }), null, 'No reverse split of ZZZ around 2026-11-12'],
  ])('%s', (_name, r, splitId, reason) => {
    expect(matchRows([r], [OLDT])[0]).toEqual({ splitId, reason });
  });
});

const buy = row('buy', '2026-11-06', { symbol: 'OLDT', price: 0.5 });
const out = row('split_out', '2026-11-10', { symbol: 'OLDT' });

describe('what the rows say the trade is', () => {
  it.each<[string, StatementRow[], ReturnType<typeof statementTrade>['outcome']]>([
    [
      'a fraction credited (Public, Robinhood, SoFi)',
      [buy, out, row('split_in', '2026-11-10', { quantity: 0.1 })],
      { outcome: 'fraction_kept', outcome_date: '2026-11-10', shares_received: 0.1, cash_in_lieu_amount: null },
    ],
    [
      'a fraction credited in two rows that add up to under a share (0.05 + 0.03)',
      [buy, out, row('split_in', '2026-11-10', { quantity: 0.05 }), row('split_in', '2026-11-11', { quantity: 0.03 })],
      { outcome: 'fraction_kept', outcome_date: '2026-11-11', shares_received: 0.08, cash_in_lieu_amount: null },
    ],
    [
      'a fraction rounded up the next day (0.1 + 0.9): a whole share',
      [buy, out, row('split_in', '2026-11-10', { quantity: 0.1 }), row('rounding', '2026-11-11', { quantity: 0.9 })],
      { outcome: 'share_received', outcome_date: '2026-11-11', shares_received: 1, cash_in_lieu_amount: null },
    ],
    [
      'the share credited, then taken back with no sale',
      [buy, out, row('split_in', '2026-11-10'), row('removal', '2026-12-20')],
      { outcome: 'clawed_back', outcome_date: '2026-12-20', shares_received: 0, cash_in_lieu_amount: null },
    ],
    [
      'the share credited, then taken out by a second reverse-split row, and paid for',
      [
        buy,
        out,
        row('split_in', '2026-11-10'),
        row('split_out', '2026-11-30'),
        row('cash_in_lieu', '2026-12-01', { quantity: 0, amount: 0.38 }),
      ],
      { outcome: 'clawed_back', outcome_date: '2026-11-30', shares_received: 0, cash_in_lieu_amount: 0.38 },
    ],
    [
      'the share credited and sold, then shares moved out: a sale, not a claw-back',
      [buy, out, row('split_in', '2026-11-10'), row('sell', '2026-11-12'), row('removal', '2026-12-20')],
      { outcome: 'share_received', outcome_date: '2026-11-10', shares_received: 1, cash_in_lieu_amount: null },
    ],
  ])('%s', (_name, rows, outcome) => {
    expect(statementTrade(rows).outcome).toEqual(outcome);
  });

  it('a fraction sold in fills adds up exactly (0.02 + 0.03 + 0.05)', () => {
    const fills = [0.02, 0.03, 0.05].map((quantity) => row('sell', '2026-11-12', { quantity }));
    expect(statementTrade([buy, ...fills]).legs).toEqual([
      { side: 'buy', date: '2026-11-06', quantity: 1, price: 0.5 },
      { side: 'sell', date: '2026-11-12', quantity: 0.1, price: 4 },
    ]);
  });
});
