import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, formatInMarketTz, isIsoDate, todayInMarket } from './dates';

describe('dates', () => {
  it.each([
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-13-01', false],
    ['2025-1-01', false],
    ['2025-12-31', true],
    ['not a date', false],
  ])('isIsoDate(%s) = %s', (v, ok) => expect(isIsoDate(v)).toBe(ok));

  it.each([
    // 03:00 UTC is still the previous evening in New York.
    ['2026-03-10T03:00:00Z', '2026-03-09'],
    ['2026-03-10T05:00:00Z', '2026-03-10'],
    ['2026-07-01T03:59:00Z', '2026-06-30'],
    ['2026-07-01T04:00:00Z', '2026-07-01'],
  ])('today in New York at %s is %s', (instant, day) => expect(todayInMarket(new Date(instant))).toBe(day));

  it.each([
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-12-31', 1, '2026-01-01'],
    ['2026-03-08', 1, '2026-03-09'],
    ['2026-01-10', -10, '2025-12-31'],
  ])('addDays(%s, %i) = %s', (d, n, out) => expect(addDays(d, n)).toBe(out));

  it('counts whole days across DST', () => {
    expect(daysBetween('2026-03-01', '2026-03-15')).toBe(14);
    expect(daysBetween('2026-11-10', '2026-11-01')).toBe(-9);
  });

  it('formats instants in New York time', () => {
    expect(formatInMarketTz('2026-01-15T17:30:00Z', 'MMMM dd, yyyy h:mm a')).toBe('January 15, 2026 12:30 PM');
  });
});
