import { describe, expect, it } from 'vitest';
import { classifyFiling } from './classify';
import { findRatio } from './ratio';
import { classOf } from './whole';

/**
 * Rules read from the whole-document set's tuning part (decision 050): the issuer releases, and the
 * seven filings first held back and then studied. Each sentence is quoted from the real document
 * (fixtures/whole/sources.json gives the file); the whole documents run in whole.test.ts (full tier).
 */
const classOfText = (text: string, fileDate: string) => classOf(classifyFiling(text, { form: 'release', fileDate }));

describe('a split told as done, with nothing ahead, is history', () => {
  it.each<[string, string, string]>([
    [
      'has completed',
      'HealthLynked (OTCQB: HLYK) has completed a reverse stock split as part of its strategy to strengthen its capital structure.',
      '2025-09-05',
    ],
    [
      'a recent split',
      'To broaden access to investors, Cycurion said its recent one-for-thirty reverse stock split should not be viewed negatively but rather as a deliberate, positive step designed to realign the share structure, enhance liquidity and broaden access to institutional investors, which in turn will give it access to capital for growth.',
      '2025-11-07',
    ],
    [
      'took effect, the date written day first',
      "[4] The Company's share consolidation and capital reduction took effect on 20 February 2025.",
      '2026-08-11',
    ],
    [
      'a highlight of the quarter, no verb of its own',
      'Key operational highlights included a recent FDA meeting, a 1-for-20 reverse stock split to meet Nasdaq requirements, an amended debt facility extending funding into Q2 2025, and a $7.3 million funding round.',
      '2024-11-13',
    ],
    [
      'what the split did',
      'As part of its compliance plan, the Company restructured its agreement with Boral. A subsequent reverse stock split reduced dilution by an additional 64%.',
      '2025-10-14',
    ],
  ])('%s', (_name, text, fileDate) => {
    expect(classOfText(text, fileDate)).toBe('historical');
  });

  it('an expectation is ahead: trading resumes after the split', () => {
    const text =
      'NUBURU (NYSE American: BURU) announced the closing of its previously announced $12 million public offering and said it anticipates trading on NYSE American to resume March 2, 2026, following a 1-for-4.99 reverse stock split intended to restore compliance with the exchange minimum trading price requirement.';
    expect(classOfText(text, '2026-02-19')).toBe('live');
  });

  it('an announcement with its date ahead stays live (the board "approved", in the past tense)', () => {
    const text =
      'Oragenics (NYSE American: OGEN) announced that its board has approved a 1-for-30 reverse stock split of its common shares, effective June 3, 2025.';
    expect(classOfText(text, '2025-05-28')).toBe('live');
  });
});

describe('a mention is not a split', () => {
  it.each<[string, string, string]>([
    [
      'forward-looking boilerplate',
      'iCoreConnect expands patient education. Forward-looking statements in this press release include, without limitation, the timing and completion of the reverse split.',
      '2025-01-29',
    ],
    [
      'a condition the exchange sets',
      'The Nasdaq Hearings Panel granted the request for continued listing. On or before August 8, 2025, the Company must effect a reverse stock split at a ratio sufficient to achieve and maintain long-term compliance with the Bid Price Rule and notify the Panel that it has done so.',
      '2025-07-07',
    ],
    [
      '"potentially" implementing one',
      'Furthermore, the Company has provided written notice to Nasdaq of its intention to cure the deficiency during the second compliance period by potentially implementing a reverse stock split.',
      '2025-09-18',
    ],
  ])('%s', (_name, text, fileDate) => {
    expect(classOfText(text, fileDate)).toBe('none');
  });
});

describe('ratios as releases write them', () => {
  it.each<[string, number | null, { min: number; max: number } | null]>([
    ['today announced a reverse stock split of 40 to 1 and wishes to discuss the following topics', 40, null],
    [
      'approved a consolidation of all issued and unissued ordinary shares at a ratio of ten (10) shares to one (1) share of the same class (the "Share Consolidation")',
      10,
      null,
    ],
    [
      'the company plans to seek shareholder approval for a share consolidation of 35-1 at its Annual and Special General Meeting',
      35,
      null,
    ],
    // Not quoted: the range written in the N-to-1 form (a held-back brief words one so; decision 050).
    ['a reverse share split at a ratio between 5-to-1 and 50-to-1', null, { min: 5, max: 50 }],
    // A ceiling is no ratio: the consolidation is "up to" ten for one.
    [
      'Share Consolidation: Proposed up to a 10:1 rollback, reducing 41.8M shares to 4,183,249. Currently 41,832,489 Common Shares would be consolidated into 4,183,249 Common Shares in the event of the maximum Consolidation of 10:1.',
      null,
      { min: 2, max: 10 },
    ],
  ])('%s', (text, ratio, range) => {
    expect(findRatio(text)).toMatchObject({ ratio, range });
  });

  it('an address is not prose: a slug "1-for-77" in a link never outvotes the text\'s 1-for-7.7', () => {
    const text = [
      '<p>The Board resolved to set the reverse stock split at the ratio of 1-for-7.7.</p>',
      '<p>Stockholders will have their shares adjusted to reflect the 1-for-7.7 reverse stock split.</p>',
      '<p>[Pickup](https://burstable.news/news/202603/417946-auddia-implements-1-for-77-reverse-stock-split-to-maintain-nasdaq-listing)</p>',
      '<p>[Pickup](https://newswriter.ai/curated-news/202603/417956-auddia-implements-1-for-77-reverse-stock-split-to-maintain-nasdaq)</p>',
      '<p>[Pickup](https://fishervista.com/en/auddia-implements-1-for-77-reverse-stock-split-to-maintain-nasda/2)</p>',
    ].join('\n');
    expect(classifyFiling(text, { fileDate: '2026-03-27' }).ratio).toBe(7.7);
  });
});

describe('the ticker a release names', () => {
  it.each<[string, string, string | null]>([
    [
      'Nasdaq',
      'Odd Ratio Corp (Nasdaq: ODDR) will effect a 1-for-4.3 reverse stock split of its common stock on December 3, 2026.',
      'ODDR',
    ],
    [
      'NYSE American, with a warrant listed after',
      'SEGG Media (NASDAQ: SEGG, LTRYW) today announced that its Board of Directors approved a 1-for-10 reverse stock split.',
      'SEGG',
    ],
    ['OTCQB', 'Creatd, Inc. (OTCQB: CRTD) today announced that it will implement a 20:1 reverse stock split.', 'CRTD'],
    ['no exchange named', 'The Company will effect a 1-for-10 reverse stock split on December 3, 2026.', null],
  ])('%s', (_name, text, want) => {
    expect(classifyFiling(text, { fileDate: '2026-11-20' }).ticker).toBe(want);
  });
});

describe('filings studied after they were held back', () => {
  it('a split effectuated on a date before the filing is history, whatever the older financial statements say', () => {
    const text = [
      'On June 21, 2021 we filed our Amended and Restated Certificate of Incorporation which effectuated a 1-for-4.3 (1:4.3) reverse stock split (the "Reverse Stock Split") of our common stock without any change to its par value.',
      'No fractional shares will be issued in connection with the Reverse Stock Split as all fractional shares will be rounded up to the next whole share.',
      "All common share amounts and per share amounts have been adjusted to reflect a 1-for-4.3 reverse stock split of the Company's common stock to be effected immediately prior to the effectiveness of the Company's registration statement on Form S-1 in connection with its initial public offering.",
    ].join('\n');
    const c = classifyFiling(text, { form: 'S-1/A', fileDate: '2021-06-30' });
    expect({ class: classOf(c), rounding: c.rounding, ratio: c.ratio }).toEqual({
      class: 'historical',
      rounding: 'ROUND_UP',
      ratio: 4.3,
    });
  });

  it('"including any reverse stock split" in an anti-takeover clause is a mention', () => {
    const text =
      'Any reclassification of our securities, including any reverse stock split, or recapitalization or any other transaction that has the effect, directly or indirectly, of increasing the proportionate share of the outstanding shares of any class of our equity securities that is directly or indirectly owned by any stockholder that owns 5% or more of our voting stock. Fractions will be rounded down to the nearest whole cent.';
    expect(classOfText(text, '2025-03-28')).toBe('none');
  });

  it("a warrant's fractional clause never sets the split's rounding, even when the split's own sentences say nothing", () => {
    const text = [
      'In March 2023, we completed a 1-for-12 reverse split of our outstanding common stock.',
      'In December 2024, we completed a 1-for-15 reverse split of our outstanding common stock.',
      'Fractional Shares.',
      'No fractional shares of common stock will be issued upon the exercise of the Pre-funded Warrants.',
      'Rather, the number of shares of common stock to be issued will, at our election, either be rounded up to the nearest whole number or we will pay a cash adjustment in respect of such final fraction in an amount equal to such fraction multiplied by the exercise price.',
    ].join('\n');
    const c = classifyFiling(text, { form: '424B5', fileDate: '2025-03-31' });
    expect({ class: classOf(c), rounding: c.rounding }).toEqual({ class: 'historical', rounding: 'UNSPECIFIED' });
  });
});
