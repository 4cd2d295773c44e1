import { describe, expect, it } from 'vitest';
import { conflictSentences } from '@roundup/shared';
import { confirmationState, confirmSlot, matchSplit, type SightingTerms } from './rules';
import { listDate, reverseRatio } from '../../adapters/exchange-lists';

const split = { id: 's1', ticker: 'ACMR', ratio: 40, effDate: '2026-12-14' };
const seen = (over: Partial<SightingTerms>): SightingTerms => ({
  source: 'nasdaq',
  ratio: 40,
  marketDate: '2026-12-14',
  resolved: false,
  ...over,
});

describe('confirmationState', () => {
  it.each([
    ['no source yet (typed by hand)', [], 'unconfirmed'],
    ['the exchange lists the same ratio and date', [seen({})], 'confirmed'],
    ['a list without a ratio, same date', [seen({ source: 'finra', ratio: null })], 'confirmed'],
    ['another ratio', [seen({ ratio: 30 })], 'conflict'],
    ['another date', [seen({ marketDate: '2026-12-15' })], 'conflict'],
    ['one agrees, one disagrees', [seen({}), seen({ source: 'finra', ratio: 30 })], 'conflict'],
    [
      'the disagreement resolved by an admin, the other agrees',
      [seen({}), seen({ source: 'finra', ratio: 30, resolved: true })],
      'confirmed',
    ],
    ['the only source overruled', [seen({ ratio: 30, resolved: true })], 'unconfirmed'],
  ] as const)('%s → %s', (_name, sightings, state) => {
    expect(confirmationState(split, sightings)).toBe(state);
  });
});

describe('matchSplit', () => {
  const other = { id: 's2', ticker: 'ACMR', ratio: 10, effDate: '2026-03-01' };
  it.each([
    ['old symbol, same day', { symbol: 'ACMR', newSymbol: null, marketDate: '2026-12-14' }, 's1'],
    ['new symbol', { symbol: 'ACMRD', newSymbol: 'ACMR', marketDate: '2026-12-14' }, 's1'],
    [
      'a moved date within the window (a conflict, same split)',
      { symbol: 'ACMR', newSymbol: null, marketDate: '2026-12-20' },
      's1',
    ],
    ['the nearest of two splits of one issuer', { symbol: 'ACMR', newSymbol: null, marketDate: '2026-03-02' }, 's2'],
    ['too far from any', { symbol: 'ACMR', newSymbol: null, marketDate: '2026-07-01' }, null],
    ['another ticker', { symbol: 'ACM', newSymbol: null, marketDate: '2026-12-14' }, null],
  ] as const)('%s', (_name, entry, id) => {
    expect(matchSplit(entry, [split, other])?.id ?? null).toBe(id);
  });
});

describe('list values', () => {
  it.each([
    ['1-for-30', 30],
    ['1 for 30 Reverse Split', 30],
    ['1:30', 30],
    ['30:1', 30],
    ['30 to 1', 30],
    ['0.025', 40],
    ['2-for-1', 2],
    ['Forward', null],
    ['1:1', null],
  ])('ratio %s → %s', (raw, n) => expect(reverseRatio(raw)).toBe(n));
  it.each([
    ['12/14/2026', '2026-12-14'],
    ['20261214', '2026-12-14'],
    ['2026-12-14', '2026-12-14'],
    ['02/30/2026', null],
    ['soon', null],
  ])('date %s → %s', (raw, d) => expect(listDate(raw)).toBe(d));
});

describe('the conflict sentence members read', () => {
  it.each([
    [{ source: 'nasdaq', ratio: 30, marketDate: '2026-12-14' }, 'Nasdaq lists 1-for-30 on Dec 14; the filing said 1-for-40'],
    [{ source: 'finra', ratio: 40, marketDate: '2026-12-12' }, 'FINRA lists 1-for-40 on Dec 12; the filing said on Dec 14'],
    [
      { source: 'nasdaq', ratio: 30, marketDate: '2026-12-12' },
      'Nasdaq lists 1-for-30 on Dec 12; the filing said 1-for-40 on Dec 14',
    ],
  ] as const)('%o', (s, sentence) => {
    expect(conflictSentences(split, [s])).toEqual([sentence]);
    expect(conflictSentences(split, [{ source: 'nasdaq', ratio: 40, marketDate: '2026-12-14' }])).toEqual([]);
  });
  it('slots', () => {
    expect(confirmSlot('2026-12-10', 9 * 60 + 47, 30)).toBe('2026-12-10T09:30');
    expect(confirmSlot('2026-12-10', 0, 30)).toBe('2026-12-10T00:00');
  });
});
