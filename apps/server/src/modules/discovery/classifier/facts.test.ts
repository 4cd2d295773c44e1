import { describe, expect, it } from 'vitest';
import { classifyFiling } from './classify';
import { buyByDate, datesIn, findDates } from './dates';
import { normalise } from './normalise';
import { findRatio, parseNumber } from './ratio';
import { sentences } from './sentences';
import { findTicker } from './ticker';

describe('findRatio', () => {
  it.each<[string, number | null, { min: number; max: number } | null]>([
    ['a 1-for-20 reverse stock split', 20, null],
    ['a one-for-twenty reverse split', 20, null],
    ['one (1) share of common stock for every fifty (50) shares outstanding', 50, null],
    ['each twenty-five (25) shares of common stock will be combined into one share', 25, null],
    ['every 10 issued and outstanding ordinary shares will be consolidated into 1 ordinary share', 10, null],
    ['a 1:40 reverse stock split', 40, null],
    ['a 40:1 reverse split of the common stock', 40, null],
    ['a one-for-one hundred fifty (1-for-150) reverse stock split', 150, null],
    ['a reverse stock split at a ratio between 1-for-5 and 1-for-50', null, { min: 5, max: 50 }],
    ['a reverse stock split at a ratio of up to 1-for-100', null, { min: 2, max: 100 }],
    // The upper bound of a range is not a second range "up to" it (its minimum stays the filing's).
    ['a reverse stock split at a ratio of not less than 1-for-5 and not more than 1-for-40', null, { min: 5, max: 40 }],
    ['a reverse stock split at a ratio in the range of 1-for-5 to 1-for-40', null, { min: 5, max: 40 }],
    [
      'a ratio in the range from 1-for-2 to 1-for-30; the Board then selected a 1-for-12 ratio, and the 1-for-12 reverse split',
      12,
      null,
    ],
    ['a 2-for-1 forward stock split', null, null],
    ['the meeting starts at 10:30 a.m. Eastern', null, null],
    [
      'a change in the ADS ratio from one (1) ADS representing two (2) ordinary shares to one (1) ADS representing forty (40) ordinary shares, a reverse ADS split',
      20,
      null,
    ],
  ])('%s', (text, ratio, range) => {
    expect(findRatio(text)).toMatchObject({ ratio, range });
  });

  it('names the forward-only case, so it is rejected as a reverse split', () => {
    expect(findRatio('a 3-for-1 forward stock split').forwardOnly).toBe(true);
  });

  it.each([
    ['twenty', 20],
    ['twenty-five', 25],
    ['one hundred fifty', 150],
    ['one thousand', 1000],
    ['1,000', 1000],
    ['banana', null],
  ])('parseNumber(%s) = %s', (w, n) => {
    expect(parseNumber(w)).toBe(n);
  });
});

describe('dates', () => {
  it.each([
    ['December 1, 2026', '2026-12-01'],
    ['Dec. 1, 2026', '2026-12-01'],
    ['Sept. 30, 2026', '2026-09-30'],
    ['January 5th, 2027', '2027-01-05'],
    ['12/01/2026', '2026-12-01'],
    ['2026-12-01', '2026-12-01'],
    ['on January 6 (no year, filed in late November)', '2027-01-06'],
    ['February 30, 2026', null],
  ])('datesIn(%s)', (text, want) => {
    expect(datesIn(text, '2026-11-25')[0]?.date ?? null).toBe(want);
  });

  it.each<[string, string, { marketDate: string | null; effectiveDate: string | null }]>([
    [
      'trading date apart from the legal effective time',
      'The reverse stock split will become effective at 5:00 p.m. Eastern Time on November 30, 2026. The common stock will begin trading on a split-adjusted basis at the market open on December 1, 2026.',
      { marketDate: '2026-12-01', effectiveDate: '2026-11-30' },
    ],
    [
      'after the close: the next session',
      'The reverse stock split will be effective after the close of trading on Friday, November 27, 2026.',
      { marketDate: '2026-11-30', effectiveDate: '2026-11-27' },
    ],
    [
      'effective at 12:01 a.m. on a trading day: that session',
      'The reverse stock split will be effective at 12:01 a.m. Eastern Time on Tuesday, December 1, 2026.',
      { marketDate: '2026-12-01', effectiveDate: '2026-12-01' },
    ],
    [
      'effective at 12:01 a.m. on a Saturday: the next session',
      'The reverse stock split will be effective at 12:01 a.m. Eastern Time on Saturday, November 28, 2026.',
      { marketDate: '2026-11-30', effectiveDate: '2026-11-28' },
    ],
    [
      'a charter filing date is not a market date',
      'On November 18, 2026, the Company filed a certificate of amendment to effect the reverse stock split.',
      { marketDate: null, effectiveDate: null },
    ],
    [
      'an approval date is not a market date',
      'At the special meeting held on November 10, 2026, stockholders approved the reverse stock split. Trading on a split-adjusted basis will start on November 24, 2026.',
      { marketDate: '2026-11-24', effectiveDate: null },
    ],
  ])('%s', (_name, text, want) => {
    expect(findDates(sentences(text), '2026-11-20')).toEqual(want);
  });

  it.each([
    ['a Tuesday: the Monday', '2026-12-01', '2026-11-30'],
    ['a Monday: the Friday', '2026-11-30', '2026-11-27'],
    ['after Thanksgiving: the Wednesday', '2026-11-27', '2026-11-25'],
    ['after Good Friday: the Thursday', '2026-04-06', '2026-04-02'],
    ['after July 4 observed on a Monday (2027)', '2027-07-06', '2027-07-02'],
    ['after New Year: the last session of the year', '2027-01-04', '2026-12-31'],
  ])('buy-by for a market date %s', (_name, market, buyBy) => {
    expect(buyByDate(market)).toBe(buyBy);
  });
});

describe('findTicker', () => {
  it.each<[string, string[], string[][], string[], string | null]>([
    [
      'a cover that reads "N/A" has no ticker, not "N"',
      [],
      [
        ['Title of each class', 'Trading Symbol(s)', 'Name of each exchange on which registered'],
        ['N/A', 'N/A', 'N/A'],
      ],
      [],
      null,
    ],
    ['"N/A" on the iXBRL cover is no ticker either', ['N/A'], [], ['Foo Corp  (FOO)  (CIK 0001234567)'], 'FOO'],
    [
      'the iXBRL cover wins',
      ['ACMR'],
      [
        ['Title', 'Trading Symbol(s)'],
        ['Common Stock', 'OTHR'],
      ],
      [],
      'ACMR',
    ],
    [
      'the cover table, common stock row',
      [],
      [
        ['Title of each class', 'Trading Symbol(s)', 'Exchange'],
        ['Warrants', 'ACMRW', 'Nasdaq'],
        ['Common Stock', 'ACMR', 'Nasdaq'],
      ],
      [],
      'ACMR',
    ],
    ['display names, the warrant dropped', [], [], ['Acme Robotics, Inc.  (ACMRW, ACMR)  (CIK 0001000001)'], 'ACMR'],
    ['unit and right suffixes with a separator', [], [], ['Blank Check Corp  (BCC.U, BCC.WS, BCC)  (CIK 0001000009)'], 'BCC'],
    ['nothing found', [], [], ['Private Co  (CIK 0001000010)'], null],
  ])('%s', (_name, ix, rows, names, want) => {
    expect(findTicker(ix, rows, names)).toBe(want);
  });
});

describe('normalise and robustness', () => {
  it('drops the hidden iXBRL header but keeps its TradingSymbol; reads the cover table', () => {
    const n = normalise(
      '<html><body><div style="display:none"><ix:header><ix:nonNumeric name="dei:TradingSymbol">ZZZ</ix:nonNumeric></ix:header></div><table><tr><td>Class</td><td>Trading Symbol</td></tr><tr><td>Common</td><td>ZZZ</td></tr></table><p>Hello&nbsp;world</p></body></html>',
    );
    expect(n.ixTickers).toEqual(['ZZZ']);
    expect(n.coverRows[1]).toEqual(['Common', 'ZZZ']);
    expect(n.text.split('\n')).toContain('Hello world');
    expect(n.text).not.toMatch(/dei:/);
  });

  it('splits sentences but not after Inc., No. or a.m.', () => {
    expect(
      sentences('Acme Inc. will split at 9:30 a.m. on Dec. 1, 2026. Holders get No. 1 priority. Done.').map((s) => s.text),
    ).toEqual(['Acme Inc. will split at 9:30 a.m. on Dec. 1, 2026.', 'Holders get No. 1 priority.', 'Done.']);
  });

  it.each([
    ['empty text', ''],
    ['non-UTF-8 bytes (replacement characters)', Buffer.from([0x66, 0x72, 0xe9, 0xff, 0x20, 0x72, 0x65, 0x76]).toString('utf8')],
    ['unclosed tags', '<html><body><p>reverse stock split <b>rounded up <i>'],
  ])('never throws on %s', (_name, text) => {
    expect(() => classifyFiling(text)).not.toThrow();
  });

  it('gives a sane answer for empty text: no split, nothing found', () => {
    expect(classifyFiling('')).toMatchObject({
      rounding: 'NONE',
      isReverseSplit: false,
      ratio: null,
      marketDate: null,
      ticker: null,
    });
  });

  it('reads through non-UTF-8 bytes decoded as U+FFFD', () => {
    const bytes = Buffer.concat([
      Buffer.from('<p>Acme Corp\u2019s 1-for-8 reverse stock split '),
      Buffer.from([0xe9, 0xff, 0xfe]),
      Buffer.from(': fractional shares will be rounded up to the nearest whole share.</p>'),
    ]);
    const text = bytes.toString('utf8');
    expect(text).toContain('\uFFFD');
    expect(classifyFiling(text)).toMatchObject({ rounding: 'ROUND_UP', ratio: 8 });
  });

  // The streaming parser reads 30 MB in a few seconds; the generous timeout is for a loaded machine.
  it('reads a 30 MB filing', { timeout: 120_000 }, () => {
    const filler = '<p>The consolidated financial statements are presented in thousands.</p>\n'.repeat(420_000);
    const html = `<html><body>${filler}<p>Fractional shares will be rounded up to the nearest whole share in the 1-for-8 reverse stock split.</p></body></html>`;
    expect(html.length).toBeGreaterThan(30_000_000);
    expect(classifyFiling(html)).toMatchObject({ rounding: 'ROUND_UP', ratio: 8 });
  });
});
