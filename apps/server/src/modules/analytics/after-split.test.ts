import { describe, expect, it } from 'vitest';
import { legTicks, tradeResult, type TradeIn } from '@roundup/shared/trade-result';
import type { AccountIn, SplitIn } from './rules';
import { lotSales } from './tax-lots-rules';
import { taxRows } from './tax-rules';

// What a fraction kept and a share clawed back come to: the P&L, the Form 8949 rows, and the sale of a
// fraction. A 1-for-10 split effective 2026-03-10 on one share bought at $0.50.

const SPLIT: SplitIn = { id: 's1', name: 'Newco', ticker: 'OLDT', effDate: '2026-03-10', ratio: 10 };
const ACCOUNT: AccountIn = {
  id: 'a1',
  nickname: 'Main',
  brokerId: 'b1',
  broker: 'Public',
  shareReturnTime: 1,
  type: 'Individual Cash',
};
const BUY = { side: 'buy' as const, date: '2026-03-02', quantity: 1, price: '0.5' };
const sell = (quantity: number, price: string, date: string | null = '2026-03-12') => ({
  side: 'sell' as const,
  date,
  quantity,
  price,
});
const trade = (over: Partial<TradeIn>): TradeIn => ({
  accountId: 'a1',
  splitId: 's1',
  buyDate: null,
  buyPrice: null,
  sellDate: null,
  sellPrice: null,
  legs: [BUY],
  ...over,
});

describe('legTicks: a fraction of a share at a price, to a whole tick, half away from zero', () => {
  it.each([
    [1, 5000, 5000],
    [0.1, 41234, 4123], // 4,123.4
    [0.5, 3, 2], // 1.5
    [0.5, -3, -2], // -1.5: half away from zero, as PostgreSQL round()
    [0.05, 10, 1], // 0.5 exactly, counted in millionths so no float drift decides it
    [0.000001, 10_000, 0], // 0.01
    [0.123456, 1_000_000, 123456],
  ])('%s shares at %s ticks → %s', (q, ticks, out) => {
    expect(legTicks(q, ticks)).toBe(out);
  });
});

describe('tradeResult of the new outcomes', () => {
  it.each<[string, Partial<TradeIn>, { closed: boolean; profitTicks: number | null; saleDate: string }]>([
    [
      'a fraction kept and sold whole: the fraction’s proceeds less the buy',
      { outcome: 'fraction_kept', outcomeDate: '2026-03-11', sharesReceived: 0.1, legs: [BUY, sell(0.1, '4.1234')] },
      { closed: true, profitTicks: 4123 - 5000, saleDate: '2026-03-12' },
    ],
    [
      'a fraction kept, half sold: still open',
      { outcome: 'fraction_kept', outcomeDate: '2026-03-11', sharesReceived: 0.1, legs: [BUY, sell(0.05, '4')] },
      { closed: false, profitTicks: null, saleDate: '2026-03-12' },
    ],
    [
      'a fraction kept in two sales that add up exactly (0.03 + 0.07)',
      {
        outcome: 'fraction_kept',
        sharesReceived: 0.1,
        legs: [BUY, sell(0.03, '4', '2026-03-12'), sell(0.07, '4', '2026-03-13')],
      },
      { closed: true, profitTicks: 1200 + 2800 - 5000, saleDate: '2026-03-13' },
    ],
    [
      'a fraction kept, not sold: open, nothing booked',
      { outcome: 'fraction_kept', outcomeDate: '2026-03-11', sharesReceived: 0.1 },
      { closed: false, profitTicks: null, saleDate: '2026-03-10' },
    ],
    [
      'clawed back: the buy is the loss, on the day it was taken',
      { outcome: 'clawed_back', outcomeDate: '2026-04-02' },
      { closed: true, profitTicks: -5000, saleDate: '2026-04-02' },
    ],
    [
      'clawed back and paid for: the buy less the cash',
      { outcome: 'clawed_back', outcomeDate: '2026-04-02', cashInLieu: '0.38' },
      { closed: true, profitTicks: 3800 - 5000, saleDate: '2026-04-02' },
    ],
    [
      'clawed back after the dance: the 99 sold before the split stand, the kept share is lost',
      {
        outcome: 'clawed_back',
        outcomeDate: '2026-04-02',
        legs: [{ ...BUY, quantity: 100 }, sell(99, '0.48', '2026-03-02')],
      },
      { closed: true, profitTicks: 99 * 4800 - 100 * 5000, saleDate: '2026-04-02' },
    ],
  ])('%s', (_name, over, want) => {
    expect(tradeResult(trade(over), SPLIT.effDate)).toMatchObject(want);
  });
});

describe('Form 8949 rows of the new outcomes', () => {
  const rows = (t: TradeIn) => taxRows({ trades: [t], accounts: [ACCOUNT], splits: [SPLIT] }, 2026);

  it('a share clawed back is a disposal on the day it was taken, for nothing, with the whole basis', () => {
    expect(rows(trade({ outcome: 'clawed_back', outcomeDate: '2026-04-02' }))).toEqual([
      expect.objectContaining({
        description: 'Clawed back OLDT (Newco)',
        acquired: '2026-03-02',
        sold: '2026-04-02',
        proceedsCents: 0,
        costCents: 50,
        gainCents: -50,
        note: 'The credited share was taken back',
      }),
    ]);
  });

  it('a share clawed back and paid for: the cash is the proceeds', () => {
    expect(rows(trade({ outcome: 'clawed_back', outcomeDate: '2026-04-02', cashInLieu: '0.38' }))).toEqual([
      expect.objectContaining({
        description: 'Clawed back OLDT (Newco)',
        sold: '2026-04-02',
        proceedsCents: 38,
        costCents: 50,
        gainCents: -12,
        note: 'The credited share was taken back; the broker paid cash for it',
      }),
    ]);
  });

  it('a fraction kept carries the whole basis into its sale, named by its size', () => {
    const t = trade({ outcome: 'fraction_kept', sharesReceived: 0.1, legs: [BUY, sell(0.1, '4.1234')] });
    expect(rows(t)).toEqual([
      expect.objectContaining({
        description: '0.1 sh OLDT (Newco)',
        acquired: '2026-03-02',
        sold: '2026-03-12',
        proceedsCents: 41,
        costCents: 50,
        gainCents: -9,
      }),
    ]);
  });

  it('a fraction sold in two parts shares the basis by the part sold', () => {
    const t = trade({
      outcome: 'fraction_kept',
      sharesReceived: 0.1,
      legs: [BUY, sell(0.03, '4', '2026-03-12'), sell(0.07, '4', '2026-03-13')],
    });
    const sales = lotSales(t, SPLIT);
    expect(sales.map((s) => [s.quantity, s.proceedsTicks, s.basisTicks])).toEqual([
      [0.03, 1200, 1500],
      [0.07, 2800, 3500],
    ]);
  });
});
