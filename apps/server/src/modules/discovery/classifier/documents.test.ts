import { describe, expect, it } from 'vitest';
import { classifyFiling, type Classification } from './classify';
import { ADS_6K, DEFICIENCY_8K, IXBRL_8K, PARTICIPANT_8K } from './fixtures/documents';

/** Whole synthetic filings (fixtures/documents.ts) → the full Classification a reviewer would see. */
describe('classifyFiling on whole documents', () => {
  it('an iXBRL 8-K: ticker from dei:TradingSymbol (warrant dropped), ratio, market and effective dates apart, round-up', () => {
    expect(classifyFiling(IXBRL_8K, { form: '8-K', fileDate: '2026-12-01' })).toEqual<Classification>({
      rounding: 'ROUND_UP',
      evidence: {
        sentence:
          'Stockholders who would otherwise be entitled to a fractional share will instead have their fractional share rounded up to the nearest whole share.',
        before: 'No fractional shares will be issued in connection with the Reverse Stock Split.',
        after:
          'The exercise price of each outstanding warrant will be increased proportionately and rounded up to the nearest whole cent.',
        label: 'ROUND_UP',
      },
      confidence: 0.95,
      ratio: 25,
      ratioRange: null,
      // 5:00 p.m. on Friday December 4 is the legal time; trading is split-adjusted from Monday's open.
      marketDate: '2026-12-07',
      effectiveDate: '2026-12-04',
      buyBy: '2026-12-04',
      ticker: 'ACMR',
      historical: false,
      holdersOfRecordOnly: false,
      isReverseSplit: true,
      listingDeficiencyOnly: false,
      stage: 'announced',
    });
  });

  it('a 6-K ADS ratio change: the ADS ratio, depositary sale of fractions is cash, ticker from the display names', () => {
    expect(
      classifyFiling(ADS_6K, {
        form: '6-K',
        fileDate: '2026-12-15',
        displayNames: ['Foo Holdings Ltd  (FOOH)  (CIK 0001234567)'],
      }),
    ).toEqual<Classification>({
      rounding: 'CASH_IN_LIEU',
      evidence: {
        sentence:
          'Instead, fractional entitlements to new ADSs will be aggregated and sold by the depositary, and the net cash proceeds from the sale will be distributed to the applicable ADS holders by the depositary.',
        before: 'No fractional new ADSs will be issued in connection with the ADS Ratio Change.',
        after: null,
        label: 'CASH_IN_LIEU',
      },
      confidence: 0.95,
      ratio: 20,
      ratioRange: null,
      marketDate: '2027-01-05',
      effectiveDate: null,
      buyBy: '2027-01-04',
      ticker: 'FOOH',
      historical: false,
      holdersOfRecordOnly: false,
      isReverseSplit: true,
      listingDeficiencyOnly: false,
      stage: 'announced',
    });
  });

  it('a listing-deficiency notice that only mentions a possible reverse split is dropped', () => {
    expect(classifyFiling(DEFICIENCY_8K, { form: '8-K', fileDate: '2026-11-23' })).toMatchObject({
      rounding: 'NONE',
      evidence: null,
      listingDeficiencyOnly: true,
      ratio: null,
      marketDate: null,
    });
  });

  it('participant level and Cede & Co.: ROUND_UP_PARTICIPANT; the cover table gives the share, not the unit or right', () => {
    expect(classifyFiling(PARTICIPANT_8K, { form: '8-K', fileDate: '2027-01-05' })).toMatchObject({
      rounding: 'ROUND_UP_PARTICIPANT',
      ratio: 10,
      ticker: 'SPK',
      // Effective at 12:01 a.m. on a trading day: that day's session is the first split-adjusted one.
      effectiveDate: '2027-01-12',
      marketDate: '2027-01-12',
      buyBy: '2027-01-11',
      historical: false,
    });
  });
});
