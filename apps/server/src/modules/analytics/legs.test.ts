import { describe, expect, it } from 'vitest';
import { ticksToCents } from '@roundup/shared';
import { tradeResult, type LegIn, type TradeIn } from './rules';
import { lotSales } from './tax-lots-rules';

/** Legs → realized P&L and Form 8949 sales. The split: 1-for-10, effective 2026-03-10. */
const SPLIT = { id: 's', name: 'Acme', ticker: 'ACME', effDate: '2026-03-10', ratio: 10 };
const buy = (quantity: number, price: string, date = '2026-03-02'): LegIn => ({ side: 'buy', date, quantity, price });
const sell = (quantity: number, price: string, date = '2026-03-02'): LegIn => ({ side: 'sell', date, quantity, price });
const trade = (legs: LegIn[], over: Partial<TradeIn> = {}): TradeIn => ({
  accountId: 'a',
  splitId: 's',
  buyDate: null,
  buyPrice: null,
  sellDate: null,
  sellPrice: null,
  legs,
  ...over,
});

const dance = [buy(100, '0.50'), sell(99, '0.48'), sell(1, '9.00', '2026-03-12')];
const roundLot = { outcome: 'share_received' as const, sharesReceived: 100 };

describe('tradeResult: Σ sells − Σ buys + cash in lieu, once every share is gone', () => {
  it.each<[string, TradeIn, { closed: boolean; cents: number | null; saleDate: string; returnDays: number | null }]>([
    [
      'the dance: buy 100 at 0.50, sell 99 at 0.48, sell the kept share at 9.00 → 47.52 + 9.00 − 50.00 = 652 cents',
      trade(dance),
      { closed: true, cents: 652, saleDate: '2026-03-12', returnDays: 2 },
    ],
    [
      'the dance before the kept share is sold: open, nothing realized yet',
      trade(dance.slice(0, 2)),
      { closed: false, cents: null, saleDate: '2026-03-02', returnDays: null },
    ],
    [
      'Vanguard: buy 26 at 0.70, sell 25 at 0.69, the kept share at 7.10 → 17.25 + 7.10 − 18.20 = 615 cents',
      trade([buy(26, '0.70'), sell(25, '0.69'), sell(1, '7.10', '2026-03-11')]),
      { closed: true, cents: 615, saleDate: '2026-03-11', returnDays: 1 },
    ],
    [
      'round lot: buy 1 at 0.40, 100 shares received, sold at 0.25 → 25.00 − 0.40 = 2460 cents',
      trade([buy(1, '0.40'), sell(100, '0.25', '2026-03-12')], roundLot),
      { closed: true, cents: 2460, saleDate: '2026-03-12', returnDays: 2 },
    ],
    [
      'partial sells: 60 of the 100 at 0.25 → still open',
      trade([buy(1, '0.40'), sell(60, '0.25', '2026-03-12')], roundLot),
      { closed: false, cents: null, saleDate: '2026-03-12', returnDays: 2 },
    ],
    [
      'partial sells: 60 at 0.25 and 40 at 0.30 → 15.00 + 12.00 − 0.40 = 2660 cents',
      trade([buy(1, '0.40'), sell(60, '0.25', '2026-03-12'), sell(40, '0.30', '2026-03-13')], roundLot),
      { closed: true, cents: 2660, saleDate: '2026-03-13', returnDays: 2 },
    ],
    [
      'cash in lieu: buy 1 at 0.50, 0.35 paid for the fraction → −15 cents, booked on the outcome date',
      trade([buy(1, '0.50')], { outcome: 'cash_in_lieu', cashInLieu: '0.35', outcomeDate: '2026-03-11' }),
      { closed: true, cents: -15, saleDate: '2026-03-11', returnDays: null },
    ],
    [
      'the dance then cash in lieu of 0.30 → 47.52 + 0.30 − 50.00 = −218 cents',
      trade(dance.slice(0, 2), { outcome: 'cash_in_lieu', cashInLieu: '0.30', outcomeDate: '2026-03-11' }),
      { closed: true, cents: -218, saleDate: '2026-03-11', returnDays: null },
    ],
    [
      'nothing credited: buy 1 at 1.15 → the loss of −115 cents, on the split’s date without an outcome date',
      trade([buy(1, '1.15')], { outcome: 'no_credit' }),
      { closed: true, cents: -115, saleDate: '2026-03-10', returnDays: null },
    ],
    [
      'the old one-share trade: buy 1.25, sell 4.50 → 325 cents',
      trade([], { legs: undefined, buyDate: '2026-03-02', buyPrice: '1.25', sellDate: '2026-03-12', sellPrice: '4.50' }),
      { closed: true, cents: 325, saleDate: '2026-03-12', returnDays: 2 },
    ],
    [
      'a share received and not sold: open',
      trade([buy(1, '0.50')], { outcome: 'share_received' }),
      { closed: false, cents: null, saleDate: '2026-03-10', returnDays: null },
    ],
  ])('%s', (_name, t, expected) => {
    const r = tradeResult(t, SPLIT.effDate);
    expect({
      closed: r.closed,
      cents: r.profitTicks === null ? null : ticksToCents(r.profitTicks),
      saleDate: r.saleDate,
      returnDays: r.returnDays,
    }).toEqual(expected);
  });
});

/** [kind, quantity, acquired, sold, proceeds cents, basis cents] */
type Row = [string, number, string | null, string, number, number];
const rows = (t: TradeIn): Row[] =>
  lotSales(t, SPLIT).map((s) => [
    s.kind,
    s.quantity,
    s.acquired,
    s.sold,
    ticksToCents(s.proceedsTicks),
    ticksToCents(s.basisTicks),
  ]);

describe('lotSales: Form 8949 rows from legs', () => {
  it.each<[string, TradeIn, Row[]]>([
    [
      'the dance: 99 sh 47.52 − 49.50 = −1.98 on 03/02; the kept share carries 0.50 into its sale at 9.00 = +8.50',
      trade(dance),
      [
        ['sale', 99, '2026-03-02', '2026-03-02', 4752, 4950],
        ['sale', 1, '2026-03-02', '2026-03-12', 900, 50],
      ],
    ],
    [
      'the dance before the kept share is sold: only the pre-split sale',
      trade(dance.slice(0, 2)),
      [['sale', 99, '2026-03-02', '2026-03-02', 4752, 4950]],
    ],
    [
      'round lot: the 100 shares received carry the 0.40 paid',
      trade([buy(1, '0.40'), sell(100, '0.25', '2026-03-12')], roundLot),
      [['sale', 100, '2026-03-02', '2026-03-12', 2500, 40]],
    ],
    [
      'partial sells: 60 and 40 of the 100 shares share the 0.40 basis as 0.24 and 0.16',
      trade([buy(1, '0.40'), sell(60, '0.25', '2026-03-12'), sell(40, '0.30', '2026-03-13')], roundLot),
      [
        ['sale', 60, '2026-03-02', '2026-03-12', 1500, 24],
        ['sale', 40, '2026-03-02', '2026-03-13', 1200, 16],
      ],
    ],
    [
      'cash in lieu: a sale of the fraction, 0.35 for the 0.50 basis the 1099-B often leaves out',
      trade([buy(1, '0.50')], { outcome: 'cash_in_lieu', cashInLieu: '0.35', outcomeDate: '2026-03-11' }),
      [['cash_in_lieu', 0, '2026-03-02', '2026-03-11', 35, 50]],
    ],
    [
      'the dance then cash in lieu of 0.30: −1.98 on the 99, −0.20 on the fraction',
      trade(dance.slice(0, 2), { outcome: 'cash_in_lieu', cashInLieu: '0.30', outcomeDate: '2026-03-11' }),
      [
        ['sale', 99, '2026-03-02', '2026-03-02', 4752, 4950],
        ['cash_in_lieu', 0, '2026-03-02', '2026-03-11', 30, 50],
      ],
    ],
    [
      'cash in lieu beside a whole share: 15 kept at 1-for-10 = 1.5, so a third of the 7.50 basis (2.50) went to cash',
      trade([buy(15, '0.50'), sell(1, '9.00', '2026-03-12')], {
        outcome: 'cash_in_lieu',
        sharesReceived: 1,
        cashInLieu: '4.40',
        outcomeDate: '2026-03-11',
      }),
      [
        ['cash_in_lieu', 0, '2026-03-02', '2026-03-11', 440, 250],
        ['sale', 1, '2026-03-02', '2026-03-12', 900, 500],
      ],
    ],
    [
      'nothing credited: a disposal for nothing at the 1.15 paid',
      trade([buy(1, '1.15')], { outcome: 'no_credit', outcomeDate: '2026-03-12' }),
      [['no_credit', 0, '2026-03-02', '2026-03-12', 0, 115]],
    ],
    [
      'buys on two days: the pre-split sale takes the oldest shares first (FIFO), VARIOUS when it spans both',
      trade([
        buy(50, '0.50', '2026-03-02'),
        buy(50, '0.60', '2026-03-03'),
        sell(99, '0.55', '2026-03-04'),
        sell(1, '9.00', '2026-03-12'),
      ]),
      [
        ['sale', 99, null, '2026-03-04', 5445, 5440],
        ['sale', 1, '2026-03-03', '2026-03-12', 900, 60],
      ],
    ],
  ])('%s', (_name, t, expected) => expect(rows(t)).toEqual(expected));
});
