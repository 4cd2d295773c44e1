import { describe, expect, it } from 'vitest';
import {
  describeChange,
  lastSessionBefore,
  nearestTradingDay,
  notTradingReason,
  PRICE_PROBLEM,
  publicationProblems,
  splitDateWarnings,
  termChanges,
  tradingDayProblems,
} from './split-checks';

describe('notTradingReason: the exchange calendar', () => {
  it.each([
    ['2026-11-25', null], // Wednesday
    ['2026-11-26', 'an exchange holiday (the market is closed)'], // Thanksgiving
    ['2026-11-27', null], // the day after Thanksgiving: a half day, still a session
    ['2026-11-28', 'a Saturday'],
    ['2026-11-29', 'a Sunday'],
    ['2026-12-25', 'an exchange holiday (the market is closed)'], // Christmas (Friday)
    ['2027-07-05', 'an exchange holiday (the market is closed)'], // Independence Day observed on Monday
    ['2026-02-30', null], // not a date: the schema's message says so, not this rule
  ])('%s → %s', (date, reason) => {
    expect(notTradingReason(date)).toBe(reason);
  });
});

describe('tradingDayProblems', () => {
  it.each([
    [{ buyDate: '2026-12-02', effDate: '2026-12-03' }, []],
    [
      { buyDate: '2026-11-28', effDate: '2026-11-30' },
      [{ path: 'buyDate', msg: 'Buy-by date Nov 28, 2026 is a Saturday, not a trading day' }],
    ],
    [
      { buyDate: '2026-12-24', effDate: '2026-12-25' },
      [{ path: 'effDate', msg: 'Effective date Dec 25, 2026 is an exchange holiday (the market is closed), not a trading day' }],
    ],
    [
      { buyDate: '2026-11-29', effDate: '2026-11-28' },
      [
        { path: 'buyDate', msg: 'Buy-by date Nov 29, 2026 is a Sunday, not a trading day' },
        { path: 'effDate', msg: 'Effective date Nov 28, 2026 is a Saturday, not a trading day' },
      ],
    ],
    [{ buyDate: null, effDate: undefined }, []],
  ])('%o', (input, problems) => {
    expect(tradingDayProblems(input)).toEqual(problems);
  });
});

describe('lastSessionBefore and the form warnings', () => {
  it.each([
    ['2026-12-03', '2026-12-02'],
    ['2026-11-30', '2026-11-27'], // Monday → the Friday half day
    ['2026-11-27', '2026-11-25'], // across Thanksgiving
    ['2027-01-04', '2026-12-31'], // across New Year's Day and a weekend
  ])('the session before %s is %s', (eff, buy) => {
    expect(lastSessionBefore(eff)).toBe(buy);
  });

  it.each([
    [{ buyDate: '2026-12-02', effDate: '2026-12-03' }, []],
    [{ buyDate: '2026-12-03', effDate: '2026-12-03' }, []], // same day: SPEC allows it, nothing to say
    [
      { buyDate: '2026-12-01', effDate: '2026-12-03' },
      [{ path: 'buyDate', msg: 'The last trading day before the effective date is Dec 2, 2026, not Dec 1, 2026' }],
    ],
    [{ buyDate: '2026-11-28', effDate: '2026-11-30' }, [expect.objectContaining({ msg: expect.stringMatching(/Saturday/) })]],
    [{ buyDate: '', effDate: '2026-11-30' }, []],
  ])('%o', (input, warnings) => {
    expect(splitDateWarnings(input)).toEqual(warnings);
  });
});

describe('changes of terms', () => {
  it.each([
    [{ field: 'ratio', from: 30, to: 35, at: '2026-11-26T15:00:00Z' }, 'Ratio changed from 1-for-30 to 1-for-35 on Nov 26'],
    [
      { field: 'buyDate', from: '2026-12-11', to: '2026-12-14', at: '2026-11-27T03:30:00Z' }, // 22:30 on Nov 26 in New York
      'Buy-by date changed from Dec 11 to Dec 14 on Nov 26',
    ],
    [
      { field: 'effDate', from: '2026-12-14', to: '2026-12-15', at: '2026-12-01T14:00:00Z' },
      'Effective date changed from Dec 14 to Dec 15 on Dec 1',
    ],
    [
      { field: 'rsType', from: 'Round Up', to: 'CIL', at: '2026-11-26T15:00:00Z' },
      'Rounding changed from Round Up to CIL on Nov 26',
    ],
  ] as const)('%o', (change, text) => {
    expect(describeChange(change)).toBe(text);
  });

  it('lists only the terms that changed, in a fixed order', () => {
    const before = { buyDate: '2026-12-11', effDate: '2026-12-14', ratio: 30, rsType: 'Round Up' };
    expect(termChanges(before, { ...before })).toEqual([]);
    expect(termChanges(before, { ...before, rsType: 'CIL', ratio: 35 })).toEqual([
      { field: 'ratio', from: 30, to: 35 },
      { field: 'rsType', from: 'Round Up', to: 'CIL' },
    ]);
  });
});

describe('publicationProblems: one gate for a split typed by hand and an accepted proposal', () => {
  it.each([
    ['2026-11-27', '2026-11-27'], // a session (the half day)
    ['2026-11-28', '2026-11-27'], // Saturday → Friday (one day back, not two forward)
    ['2026-11-29', '2026-11-30'], // Sunday → Monday
    ['2026-11-26', '2026-11-25'], // Thanksgiving: Wednesday and Friday tie, the earlier wins
    ['2026-12-25', '2026-12-24'], // Christmas (Friday) → Thursday
    ['2027-07-05', '2027-07-06'], // Independence Day observed (Monday) → Tuesday, nearer than the Friday before
  ])('the trading day nearest %s is %s', (date, nearest) => expect(nearestTradingDay(date)).toBe(nearest));

  it.each([
    ['a good split', { price: 0.4, buyDate: '2026-11-27', effDate: '2026-11-30' }, []],
    [
      'a $0 split bought by a Saturday',
      { price: 0, buyDate: '2026-11-28', effDate: '2026-11-30' },
      [
        { path: 'price', msg: PRICE_PROBLEM },
        {
          path: 'buyDate',
          msg: 'Buy-by date Nov 28, 2026 is a Saturday, not a trading day: the nearest trading day is Fri Nov 27, 2026',
        },
      ],
    ],
    ['no price', { price: null, buyDate: '2026-11-27', effDate: '2026-11-30' }, [{ path: 'price', msg: PRICE_PROBLEM }]],
    [
      'effective on Christmas',
      { price: 1, buyDate: '2026-12-24', effDate: '2026-12-25' },
      [
        {
          path: 'effDate',
          msg: 'Effective date Dec 25, 2026 is an exchange holiday (the market is closed), not a trading day: the nearest trading day is Thu Dec 24, 2026',
        },
      ],
    ],
  ])('%s', (_label, split, problems) => expect(publicationProblems(split)).toEqual(problems));
});
