import { describe, expect, it } from 'vitest';
import { HISTORICAL_SPLITS, SEED_BROKERS, SEED_FAQS, demoUpcomingSplits, roundUpProfit } from './seed-data';

const weekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay();

describe('seed data files', () => {
  it('load and pass the admin input schemas', () => {
    expect(SEED_BROKERS.length).toBeGreaterThanOrEqual(10);
    expect(SEED_FAQS.length).toBeGreaterThanOrEqual(10);
    expect(HISTORICAL_SPLITS.every((s) => s.status === 'Complete' && s.buyDate <= s.effDate)).toBe(true);
  });

  it.each([
    ['2026-11-25', 'a Wednesday'],
    ['2026-11-28', 'a Saturday'],
    ['2026-12-31', 'the last day of a year'],
  ])('places the demo splits around %s (%s): weekdays only, effective after buying', (today) => {
    const rows = demoUpcomingSplits(today);
    expect(rows).toHaveLength(11);
    for (const r of rows) {
      expect(r.buyDate < r.effDate).toBe(true);
      expect([0, 6]).not.toContain(weekday(r.effDate));
      if (r.buyDate !== today) expect([0, 6]).not.toContain(weekday(r.buyDate));
    }
    expect(rows.filter((r) => r.buyDate === today)).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'Upcoming' && r.buyDate > today).length).toBeGreaterThanOrEqual(5);
  });

  it.each([
    [20, 0.42, 7.98],
    [10, 1.15, 10.35],
    [2, 0.01, 0.01],
  ])('roundUpProfit(%i, %d) = %d', (ratio, price, profit) => expect(roundUpProfit(ratio, price)).toBe(profit));
});

describe('the FAQs a visitor reads', () => {
  it('send a visitor to sign up, not to the members-only Brokers page', () => {
    const best = SEED_FAQS.find((f) => f.question === 'Which brokers work best?')!;
    expect(best.answer).toContain('<a href="/register">Sign up free to compare brokers</a>');
    for (const f of SEED_FAQS) expect(f.answer, f.question).not.toMatch(/See the (<strong>)?Brokers(<\/strong>)? page/);
  });
});
