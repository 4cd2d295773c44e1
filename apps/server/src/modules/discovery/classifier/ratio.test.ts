import { describe, expect, it } from 'vitest';
import { classifyFiling } from './classify';
import { findRatio } from './ratio';

/**
 * Ratios read exactly: a decimal ratio is the filing's, never its whole part nor nothing; an
 * authorised range stays a range; an illustration's or another transaction's ratio never sets the
 * split's. The sentences with decimals are quoted from real filings (Unicycive's S-1/A of June 2021,
 * 0001213900-21-035033; CAMP4's 424B4 of October 2024; AMC's 10-Q of May 2023, 0001411579-23-000057).
 */
describe('findRatio: exact ratios', () => {
  it.each<[string, number | null, { min: number; max: number } | null]>([
    [
      'effectuated a 1-for-4.3 (1:4.3) reverse stock split (the "Reverse Stock Split") of our common stock without any change to its par value',
      4.3,
      null,
    ],
    [
      'a 1-for-4.3 reverse stock split of our common stock pursuant to which (i) every 4.3 shares of outstanding common stock was decreased to one share of common stock',
      4.3,
      null,
    ],
    [
      'On October 3, 2024, the Company effected a one-for-11.2158 reverse stock split of its issued and outstanding shares of common stock.',
      11.2158,
      null,
    ],
    [
      'every 7.5 shares of issued and outstanding common stock will be combined into one share of common stock in the reverse stock split',
      7.5,
      null,
    ],
    ['the reverse stock split at a ratio of one (1) share for every 7.5 shares of common stock', 7.5, null],
    ['a 1:4.3 reverse stock split', 4.3, null],
    // A range stays a range, with its exact bounds.
    ['a reverse stock split at a ratio between 1-for-1.5 and 1-for-10', null, { min: 1.5, max: 10 }],
    ['a reverse stock split at a ratio of not less than 1-for-2 and not more than 1-for-4', null, { min: 2, max: 4 }],
    // An illustration never sets the ratio, nor collapses the range.
    [
      'a reverse stock split at a ratio in the range of 1-for-5 to 1-for-30. For example, if the Board selects a 1-for-10 ratio, a holder of 1,000 shares would hold 100 shares.',
      null,
      { min: 5, max: 30 },
    ],
    [
      'a reverse stock split at a ratio between 1-for-2 and 1-for-20. If the ratio is 1-for-2, a stockholder holding 100 shares would hold 50 shares after the reverse stock split.',
      null,
      { min: 2, max: 20 },
    ],
    // An illustration naming the split ("if the ratio for the Reverse Stock Split is 1-for-2", 180 Degree Capital's proxy).
    [
      'a reverse stock split ratio of not less than 1-for-2 and not more than 1-for-4. Immediately following the Reverse Stock Split we would have approximately 15,560,781 shares of common stock issued and outstanding if the ratio for the Reverse Stock Split is 1-for-2, and approximately 7,780,390 shares if the ratio for the Reverse Stock Split is 1-for-4.',
      null,
      { min: 2, max: 4 },
    ],
    // A range told by its mechanics (180 Degree Capital's proxy).
    [
      'Depending on the ratio for the Reverse Stock Split determined by the Board of Directors, a minimum of every 2 and a maximum of every 4 shares of issued common stock will be combined into one new share of common stock.',
      null,
      { min: 2, max: 4 },
    ],
    // Another transaction's ratio never sets the split's.
    [
      'the reverse stock split at a ratio of one share for every ten shares. The settlement payment is one share of Class A common stock for every 7.5 shares of Common Stock.',
      10,
      null,
    ],
    [
      'the 1-for-20 reverse stock split. In the merger, each share of Target common stock will be converted into the right to receive 0.25 shares, a 1-for-4 exchange ratio.',
      20,
      null,
    ],
    ['the notes are convertible at a conversion ratio of 1-for-8 following the 1-for-25 reverse stock split', 25, null],
  ])('%s', (text, ratio, range) => {
    expect(findRatio(text)).toMatchObject({ ratio, range });
  });

  it('a whole filing keeps the exact ratio it states', () => {
    const html = `<html><body><p>The Board will effect a 1-for-4.3 reverse stock split of the common stock, effective at 12:01 a.m. on December 1, 2026.</p>
<p>No fractional shares will be issued in connection with the Reverse Stock Split as all fractional shares will be rounded up to the next whole share.</p></body></html>`;
    expect(classifyFiling(html, { form: '8-K', fileDate: '2026-11-20' })).toMatchObject({
      ratio: 4.3,
      ratioRange: null,
      rounding: 'ROUND_UP',
      historical: false,
    });
  });
});
