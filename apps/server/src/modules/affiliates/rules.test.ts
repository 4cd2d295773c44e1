import { describe, expect, it } from 'vitest';
import { commissionCents, monthlyRows, totalsOf } from './rules';

describe('commissionCents: 20% of a paid amount', () => {
  it.each([
    [5000, 1000],
    [49900, 9980],
    [1, 0],
    [3, 1],
    [0, 0],
    [-100, 0],
    [Number.NaN, 0],
  ])('%d → %d', (paid, want) => expect(commissionCents(paid)).toBe(want));
  it('five Pro referrals cover one Pro month (product.md#what-roundup-is, product.md#limits)', () =>
    expect(5 * commissionCents(5000)).toBe(5000));
});

describe('totals and monthly rows', () => {
  const rows = [
    { amountCents: 1000, status: 'pending', month: '2026-03' },
    { amountCents: 1000, status: 'paid', month: '2026-03' },
    { amountCents: 1000, status: 'reversed', month: '2026-03' },
    { amountCents: 1000, status: 'pending', month: '2026-04' },
  ];
  it('earned excludes reversals; pending + paid = earned', () => {
    expect(totalsOf(rows)).toEqual({ earned: 3000, pending: 2000, paid: 1000 });
    expect(totalsOf([])).toEqual({ earned: 0, pending: 0, paid: 0 });
  });
  it('groups by month, newest first', () => {
    expect(monthlyRows(rows)).toEqual([
      { month: '2026-04', count: 1, earned: 1000, pending: 1000, paid: 0 },
      { month: '2026-03', count: 2, earned: 2000, pending: 1000, paid: 1000 },
    ]);
  });
});
