import { describe, expect, it } from 'vitest';
import { classifyFiling } from './classify';
import { LABELLED } from './labelled';
import { labelSentence } from './rounding';

describe('labelSentence on the synthetic trap table: one sentence, one label, the most decisive first', () => {
  it.each(LABELLED)('%s', (_name, want, sentence) => {
    expect(labelSentence(sentence)?.label ?? null).toBe(want);
  });

  it.each([
    [
      'holders of record only',
      'Holders of record who would otherwise receive a fractional share will have it rounded up to the nearest whole share.',
      true,
    ],
    [
      'registered holders only',
      'Registered stockholders holding shares in book-entry form with the transfer agent will have fractional shares rounded up to a whole share.',
      true,
    ],
    [
      'holders of record and beneficial owners',
      'Holders of record and beneficial owners holding in street name will have fractional shares rounded up to the nearest whole share.',
      false,
    ],
  ])('a round-up for %s is flagged: %s', (_name, sentence, flagged) => {
    expect(labelSentence(sentence)).toMatchObject({ label: 'ROUND_UP', recordOnly: flagged });
  });
});

const doc = (...paragraphs: string[]) => `<html><body>${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}</body></html>`;

describe('classifyFiling: the document decides by precedence, past tense is history', () => {
  it.each<[string, string, Partial<ReturnType<typeof classifyFiling>>]>([
    [
      'cash for warrants does not decide the common stock',
      doc(
        'The Company will effect a 1-for-15 reverse stock split of its common stock.',
        'No fractional shares of common stock will be issued; fractional shares will be rounded up to the nearest whole share.',
        'In lieu of fractional warrant shares, warrant holders will receive cash.',
      ),
      { rounding: 'ROUND_UP', ratio: 15 },
    ],
    [
      'participant level beats a plain round-up elsewhere in the filing',
      doc(
        'Acme will effect a one-for-thirty (1:30) reverse stock split.',
        'Fractional shares will be rounded up to the nearest whole share.',
        'For shares held in street name, rounding up will occur at the participant level, so beneficial holders may receive cash for their fractional shares.',
      ),
      { rounding: 'CASH_IN_LIEU', ratio: 30 },
    ],
    [
      'an earlier split in the past tense does not decide a new one',
      doc(
        'In 2024 the Company effected a 1-for-10 reverse stock split, and fractional shares were paid in cash.',
        'The Company will effect a 1-for-25 reverse stock split; any fractional share will be rounded up to the nearest whole share.',
        'The 1-for-25 reverse stock split will begin trading on a split-adjusted basis on January 6, 2027.',
      ),
      { rounding: 'ROUND_UP', ratio: 25, historical: false, marketDate: '2027-01-06', buyBy: '2027-01-05' },
    ],
    [
      'a past split only: historical, never an alert',
      doc(
        'On March 3, 2025, the reverse stock split became effective, and the common stock began trading on a split-adjusted basis.',
        'Fractional shares resulting from the reverse stock split were rounded up to the nearest whole share.',
      ),
      { rounding: 'ROUND_UP', historical: true, stage: 'effective' },
    ],
    [
      'zero-width characters and &nbsp; do not hide the words',
      '<p>Fractional&nbsp;shares will be roun\u200Bded up to the nearest whole share in the reverse&#160;stock split.</p>',
      { rounding: 'ROUND_UP' },
    ],
    [
      'curly quotes and em dashes are straightened',
      doc(
        'The Company\u2019s 1\u2013for\u201340 reverse stock split will take effect; fractional shares will be rounded up \u2014 to the nearest whole share.',
      ),
      { rounding: 'ROUND_UP', ratio: 40 },
    ],
    [
      'a fractional-share passage that does not repeat the word is about the split',
      doc(
        'All new share certificates issued will be rounded up to the nearest whole number in lieu of issuing fractional shares.',
      ),
      { isReverseSplit: true, rounding: 'ROUND_UP', historical: false },
    ],
    [
      'the same passage in the past tense is history',
      doc('All new share certificates issued were rounded up to the nearest whole number in lieu of issuing fractional shares.'),
      { isReverseSplit: true, rounding: 'ROUND_UP', historical: true },
    ],
    [
      "a merger's fractional-share clause is not a split",
      doc('Holders of Company Common Stock will receive cash in lieu of fractional shares of Parent Common Stock in the Merger.'),
      { isReverseSplit: false, rounding: 'NONE' },
    ],
    [
      'shares "reclassified and combined into one" are a split',
      doc(
        'Each ten shares of Common Stock shall be reclassified and combined into one share of Common Stock.',
        'No fractional shares shall be issued; the corporation will issue one full share to any stockholder who would have been entitled to receive a fractional share.',
      ),
      { isReverseSplit: true, rounding: 'ROUND_UP', ratio: 10 },
    ],
    [
      'hard-wrapped plain text is read across its line breaks',
      'No fractional shares will be issued in the reverse stock split. Stockholders will have fractional shares rounded\nup to the nearest whole share.',
      { rounding: 'ROUND_UP' },
    ],
    [
      'a forward split is not a reverse split',
      doc('The Board declared a 2-for-1 forward stock split to be effected as a stock dividend.'),
      { isReverseSplit: false, rounding: 'NONE' },
    ],
    [
      '"consolidated financial statements" is not a share consolidation',
      doc('The consolidated financial statements include the accounts of the Company and its subsidiaries.'),
      { isReverseSplit: false, rounding: 'NONE' },
    ],
    [
      'a listing-deficiency notice only',
      doc(
        'The Company received a letter from the Listing Qualifications Department of Nasdaq regarding the minimum bid price requirement.',
        'The Company may consider a reverse stock split, among other options, to regain compliance.',
      ),
      { listingDeficiencyOnly: true, rounding: 'NONE' },
    ],
    [
      'a proxy asks for an authorised range',
      doc(
        'Proposal 2: to approve an amendment to effect a reverse stock split at a ratio between 1-for-5 and 1-for-50, to be determined by the Board.',
        'No fractional shares will be issued; stockholders will have fractional shares rounded up to the nearest whole share.',
      ),
      { ratio: null, ratioRange: { min: 5, max: 50 }, rounding: 'ROUND_UP' },
    ],
  ])('%s', (_name, html, want) => {
    expect(classifyFiling(html, { fileDate: '2026-11-20' })).toMatchObject(want);
  });

  it.each([
    ['The Board has determined to abandon the previously announced reverse stock split.', 'cancelled'],
    ['The reverse stock split has been postponed and will not take effect on December 1, 2026.', 'postponed'],
    ['The Company will effect a 1-for-10 reverse stock split on December 1, 2026.', 'announced'],
  ])('stage of "%s": %s', (sentence, stage) => {
    expect(classifyFiling(doc(sentence), { fileDate: '2026-11-20' }).stage).toBe(stage);
  });

  it('a proxy statement is the proposed stage', () => {
    const html = doc('The Board recommends a vote for the reverse stock split at a ratio of up to 1-for-100.');
    expect(classifyFiling(html, { form: 'DEF 14A' })).toMatchObject({
      stage: 'proposed',
      ratio: null,
      ratioRange: { min: 2, max: 100 },
    });
  });

  it('keeps the deciding sentence with its neighbours', () => {
    const c = classifyFiling(
      doc(
        'Acme will effect a 1-for-20 reverse stock split.',
        'Fractional shares will be rounded up to the nearest whole share.',
        'The CUSIP will change.',
      ),
    );
    expect(c.evidence).toEqual({
      sentence: 'Fractional shares will be rounded up to the nearest whole share.',
      before: 'Acme will effect a 1-for-20 reverse stock split.',
      after: 'The CUSIP will change.',
      label: 'ROUND_UP',
    });
  });
});
