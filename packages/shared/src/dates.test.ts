import { describe, expect, it } from 'vitest';
import {
  addDays,
  marketClock,
  daysBetween,
  formatInMarketTz,
  isIsoDate,
  isTradingDay,
  nyseHolidays,
  todayInMarket,
} from './dates';

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

describe('NYSE trading days', () => {
  it.each([
    // Published NYSE calendars.
    [
      2021,
      [
        '2021-01-01',
        '2021-01-18',
        '2021-02-15',
        '2021-04-02',
        '2021-05-31',
        '2021-07-05',
        '2021-09-06',
        '2021-11-25',
        '2021-12-24',
      ],
    ],
    [
      2022,
      [
        '2022-01-17',
        '2022-02-21',
        '2022-04-15',
        '2022-05-30',
        '2022-06-20',
        '2022-07-04',
        '2022-09-05',
        '2022-11-24',
        '2022-12-26',
      ],
    ],
    [
      2025,
      [
        '2025-01-01',
        '2025-01-09',
        '2025-01-20',
        '2025-02-17',
        '2025-04-18',
        '2025-05-26',
        '2025-06-19',
        '2025-07-04',
        '2025-09-01',
        '2025-11-27',
        '2025-12-25',
      ],
    ],
    [
      2026,
      [
        '2026-01-01',
        '2026-01-19',
        '2026-02-16',
        '2026-04-03',
        '2026-05-25',
        '2026-06-19',
        '2026-07-03',
        '2026-09-07',
        '2026-11-26',
        '2026-12-25',
      ],
    ],
    [
      2027,
      [
        '2027-01-01',
        '2027-01-18',
        '2027-02-15',
        '2027-03-26',
        '2027-05-31',
        '2027-06-18',
        '2027-07-05',
        '2027-09-06',
        '2027-11-25',
        '2027-12-24',
      ],
    ],
    [
      2028,
      [
        '2028-01-17',
        '2028-02-21',
        '2028-04-14',
        '2028-05-29',
        '2028-06-19',
        '2028-07-04',
        '2028-09-04',
        '2028-11-23',
        '2028-12-25',
      ],
    ],
  ])('holidays of %i', (year, expected) => expect(nyseHolidays(year)).toEqual(expected));

  it.each([
    ['2026-11-20', true, 'a Friday'],
    ['2026-11-21', false, 'a Saturday'],
    ['2026-11-22', false, 'a Sunday'],
    ['2026-11-26', false, 'Thanksgiving'],
    ['2026-11-27', true, 'the day after Thanksgiving (early close, still open)'],
    ['2027-12-31', true, 'New Year’s Eve before a Saturday New Year (not observed)'],
    ['2028-04-14', false, 'Good Friday'],
    ['2030-01-21', false, 'MLK Day'],
  ])('%s is a trading day: %s (%s)', (date, expected) => expect(isTradingDay(date)).toBe(expected));
});

describe('marketClock: New York wall-clock time', () => {
  it.each([
    ['2026-11-25T11:15:00Z', { date: '2026-11-25', minutes: 6 * 60 + 15 }],
    ['2026-07-01T03:30:00Z', { date: '2026-06-30', minutes: 23 * 60 + 30 }],
    ['2026-03-08T07:00:00Z', { date: '2026-03-08', minutes: 3 * 60 }],
  ])('%s → %j', (iso, want) => {
    expect(marketClock(new Date(iso))).toEqual(want);
  });
});
