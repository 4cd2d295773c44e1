import { describe, expect, it } from 'vitest';
import { exactRatioText, storedRatio, withExactRatio } from './ratio-rules';

describe('storedRatio: the calendar keeps a whole ratio, the proposal the exact one', () => {
  it.each<[string, number | null, { min: number; max: number } | null, ReturnType<typeof storedRatio>]>([
    ['a whole ratio', 10, null, { ratio: 10, ratioExact: null, ratioMin: null, ratioMax: null }],
    ['1-for-4.3', 4.3, null, { ratio: null, ratioExact: 4.3, ratioMin: null, ratioMax: null }],
    ['1-for-11.2158', 11.2158, null, { ratio: null, ratioExact: 11.2158, ratioMin: null, ratioMax: null }],
    ['an authorised range', null, { min: 5, max: 50 }, { ratio: null, ratioExact: null, ratioMin: 5, ratioMax: 50 }],
    // Whole bounds hold the authorised range: a ratio chosen inside it still continues the event.
    ['a range from 1-for-1.5', null, { min: 1.5, max: 10 }, { ratio: null, ratioExact: null, ratioMin: 1, ratioMax: 10 }],
    ['nothing', null, null, { ratio: null, ratioExact: null, ratioMin: null, ratioMax: null }],
  ])('%s', (_name, ratio, range, want) => {
    expect(storedRatio(ratio, range)).toEqual(want);
  });
});

describe('the exact ratio in the split notes', () => {
  it('says the filing ratio and that it is not whole', () => {
    expect(exactRatioText(4.3)).toBe('The filing states a 1-for-4.3 ratio, not a whole number.');
  });
  it.each<[string | null, number | null, string | null]>([
    [null, null, null],
    ['“All fractional shares will be rounded up.”', null, '“All fractional shares will be rounded up.”'],
    [null, 4.3, 'The filing states a 1-for-4.3 ratio, not a whole number.'],
    [
      '“All fractional shares will be rounded up.”',
      4.3,
      'The filing states a 1-for-4.3 ratio, not a whole number. “All fractional shares will be rounded up.”',
    ],
    // Said once: a later accept of the same event does not repeat it.
    [
      'The filing states a 1-for-4.3 ratio, not a whole number. Admin note.',
      4.3,
      'The filing states a 1-for-4.3 ratio, not a whole number. Admin note.',
    ],
  ])('%s + %s', (notes, exact, want) => {
    expect(withExactRatio(notes, exact)).toBe(want);
  });
});
