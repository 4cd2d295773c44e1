import { describe, expect, it } from 'vitest';
import {
  changedFacts,
  continuedEvent,
  halve,
  mergedFacts,
  pollSlot,
  retryDelayMs,
  searchWindow,
  type EventFacts,
  type PriorProposal,
} from './lifecycle-rules';

describe('pollSlot: every 15 minutes from 06:00 to 22:00 New York time', () => {
  it.each([
    [5 * 60 + 59, null],
    [6 * 60, '2026-11-25T06:00'],
    [6 * 60 + 14, '2026-11-25T06:00'],
    [6 * 60 + 15, '2026-11-25T06:15'],
    [13 * 60 + 44, '2026-11-25T13:30'],
    [21 * 60 + 59, '2026-11-25T21:45'],
    [22 * 60, null],
  ])('minute %i → %s', (minutes, slot) => {
    expect(pollSlot('2026-11-25', minutes, 15, '06:00-22:00')).toBe(slot);
  });
  it('a window that starts off the hour counts slots from its start', () => {
    expect(pollSlot('2026-11-25', 7 * 60 + 10, 30, '06:40-08:00')).toBe('2026-11-25T07:10');
  });
});

describe('searchWindow', () => {
  it.each([
    ['first run: the lookback', null, 3, { from: '2026-11-22', to: '2026-11-25' }],
    ['next run: one day of overlap', '2026-11-25', 3, { from: '2026-11-24', to: '2026-11-25' }],
    ['after a long stop: no further back than the lookback', '2026-10-01', 3, { from: '2026-11-22', to: '2026-11-25' }],
  ])('%s', (_name, last, lookback, want) => {
    expect(searchWindow('2026-11-25', last, lookback)).toEqual(want);
  });
});

describe('halve: narrowing a window whose total is not exact', () => {
  it.each([
    [
      { from: '2026-11-01', to: '2026-11-30' },
      [
        { from: '2026-11-01', to: '2026-11-15' },
        { from: '2026-11-16', to: '2026-11-30' },
      ],
    ],
    [
      { from: '2026-11-01', to: '2026-11-02' },
      [
        { from: '2026-11-01', to: '2026-11-01' },
        { from: '2026-11-02', to: '2026-11-02' },
      ],
    ],
    [{ from: '2026-11-01', to: '2026-11-01' }, null],
  ])('%j', (w, want) => {
    expect(halve(w)).toEqual(want);
  });
});

const facts = (over: Partial<EventFacts> = {}): EventFacts => ({
  cik: '1000',
  form: '8-K',
  ticker: 'ABC',
  ratio: 20,
  ratioMin: null,
  ratioMax: null,
  marketDate: '2026-12-01',
  buyBy: '2026-11-30',
  rounding: 'ROUND_UP',
  fileDate: '2026-11-20',
  ...over,
});
const prior = (over: Partial<PriorProposal> = {}): PriorProposal => ({
  ...facts(),
  id: 'p1',
  status: 'open',
  historical: false,
  ...over,
});

describe('continuedEvent: which earlier proposal a filing continues', () => {
  it.each<[string, Partial<EventFacts>, Partial<PriorProposal>, string | null]>([
    ['an 8-K/A that moves the date', { form: '8-K/A', marketDate: '2026-12-03', fileDate: '2026-11-22' }, {}, 'p1'],
    ['a later 8-K with the same ratio', { marketDate: '2026-12-08', fileDate: '2026-11-25' }, {}, 'p1'],
    [
      'a ratio chosen inside the authorised range',
      { ratio: 25, fileDate: '2026-11-25' },
      { ratio: null, ratioMin: 5, ratioMax: 50, marketDate: null },
      'p1',
    ],
    [
      'a ratio outside the range, another date',
      { ratio: 80, marketDate: '2027-01-10', fileDate: '2026-11-25' },
      { ratio: null, ratioMin: 5, ratioMax: 50, marketDate: '2026-12-20' },
      null,
    ],
    ['another issuer', { cik: '2000', fileDate: '2026-11-25' }, {}, null],
    ['a rejected proposal is not continued', { fileDate: '2026-11-25' }, { status: 'rejected' }, null],
    ['a past-tense proposal is not continued', { fileDate: '2026-11-25' }, { historical: true }, null],
    ['too long after', { fileDate: '2027-07-01' }, {}, null],
    [
      'an accepted event is continued (its split is updated)',
      { form: '8-K/A', fileDate: '2026-11-22' },
      { status: 'accepted' },
      'p1',
    ],
  ])('%s', (_name, next, before, want) => {
    expect(continuedEvent(facts(next), [prior(before)])?.id ?? null).toBe(want);
  });
});

describe('changedFacts and mergedFacts', () => {
  it('records the moved date and buy-by, not what the amendment leaves unsaid', () => {
    const next = facts({ form: '8-K/A', ticker: null, marketDate: '2026-12-03', buyBy: '2026-12-02', rounding: 'UNSPECIFIED' });
    expect(changedFacts(facts(), next)).toEqual({
      marketDate: { from: '2026-12-01', to: '2026-12-03' },
      buyBy: { from: '2026-11-30', to: '2026-12-02' },
    });
    expect(mergedFacts(facts(), next)).toMatchObject({
      ticker: 'ABC',
      ratio: 20,
      rounding: 'ROUND_UP',
      marketDate: '2026-12-03',
    });
  });
  it('a postponement is a change of stage', () => {
    expect(changedFacts(facts(), facts({ stage: 'postponed' }))).toEqual({ stage: { from: null, to: 'postponed' } });
  });
  it('a change of rounding is a change', () => {
    expect(changedFacts(facts(), facts({ rounding: 'CASH_IN_LIEU' }))).toEqual({
      rounding: { from: 'ROUND_UP', to: 'CASH_IN_LIEU' },
    });
  });
});

describe('retryDelayMs', () => {
  it.each([
    [1, 5 * 60_000],
    [2, 20 * 60_000],
    [3, 80 * 60_000],
    [4, 320 * 60_000],
    [5, 1280 * 60_000],
    [6, null],
  ])('attempt %i → %s ms', (n, want) => {
    expect(retryDelayMs(n)).toBe(want);
  });
});
