import { describe, expect, it } from 'vitest';
import { classifyFiling } from './classify';
import { findDates } from './dates';
import REAL from './fixtures/sentences.json';
import { cleanText } from './normalise';
import { findRatio } from './ratio';
import { labelSentence } from './rounding';
import { sentences } from './sentences';

/**
 * Sentences quoted verbatim from EDGAR filings (fixtures/sentences.json, each with its accession
 * number, company and source document). `expected` is the label of that one sentence; null means
 * the sentence is no evidence about the holders' fractional shares.
 */
type Real = { accession: string; company: string; form: string; sentence: string; expected: string | null; source: string };
const rows = REAL as Real[];
const find = (accession: string, start: string) => {
  const row = rows.find((r) => r.accession === accession && r.sentence.startsWith(start));
  if (!row) throw new Error(`no fixture ${accession}: ${start}`);
  return row.sentence;
};

describe('real filing sentences: one label per sentence', () => {
  it('the table is well formed: accession numbers, sources, no duplicates', () => {
    for (const r of rows) {
      expect(r.accession).toMatch(/^\d{10}-\d{2}-\d{6}$/);
      expect([r.accession, r.accession.replace(/-/g, '')].some((a) => r.source.includes(a))).toBe(true);
    }
    expect(new Set(rows.map((r) => r.sentence)).size).toBe(rows.length);
  });

  it.each(rows.map((r) => [`${r.accession} ${r.company}: ${r.sentence.slice(0, 70)}`, r] as const))('%s', (_name, r) => {
    expect(labelSentence(cleanText(r.sentence))?.label ?? null).toBe(r.expected);
  });
});

describe('real filing sentences: ratio and range', () => {
  it.each<[string, string, number | null, { min: number; max: number } | null]>([
    ['0001683168-25-003684', 'In conjunction with the Amendment', 40, null],
    ['0001493152-21-010516', 'On October 13, 2020', 5, null],
    ['0001558370-19-008601', 'On 24 December 2019', 10, null],
    ['0001558370-19-008601', 'The Share Consolidation involved', 10, null],
    ['0001144204-15-052383', 'On August 26, 2015', 5, null],
    ['0001493152-23-012570', 'On February 8, 2023', 20, null],
    ['0001493152-23-012570', 'At an annual meeting', null, { min: 2, max: 50 }],
    ['0001493152-23-004603', 'At the annual meeting', null, { min: 2, max: 35 }],
    ['0001493152-21-010516', 'Shareholders who otherwise', 5, null],
    ['0001493152-20-015927', 'Following the board', 20, null],
    ['0001477932-18-005412', 'Under the terms of the Reverse Split', 20, null],
    ['0001610618-24-000041', 'On April 12, 2024', 20, null],
    ['0001193125-25-028173', 'Our Board deems it advisable', null, { min: 2, max: 1000 }],
    ['0001144204-14-011172', 'As a result of the Reverse Stock Split, every six', 6, null],
  ])('%s "%s…"', (accession, start, ratio, range) => {
    expect(findRatio(cleanText(find(accession, start)))).toMatchObject({ ratio, range });
  });
});

describe('real filing sentences: the market date', () => {
  it.each<[string, string, string, string | null]>([
    ['0001144204-15-052383', 'Commencing August 28, 2015', '2015-08-26', '2015-08-28'],
    ['0001493152-23-012570', 'The Company’s common stock begin trading', '2023-02-08', '2023-02-09'],
    ['0001493152-21-010516', 'On October 13, 2020', '2020-10-13', '2020-10-29'],
    // An approval date alone is not a market date.
    ['0001493152-23-012570', 'At an annual meeting', '2023-02-08', null],
  ])('%s "%s…"', (accession, start, fileDate, marketDate) => {
    expect(findDates(sentences(cleanText(find(accession, start))), fileDate).marketDate).toBe(marketDate);
  });
});

describe('real filing paragraphs as documents', () => {
  const paragraph = (accession: string) =>
    rows
      .filter((r) => r.accession === accession)
      .map((r) => r.sentence)
      .join(' ');

  it('a round-up next to a denial of cash is a round-up (0001493152-24-003349)', () => {
    expect(classifyFiling(paragraph('0001493152-24-003349'))).toMatchObject({ rounding: 'ROUND_UP' });
  });

  it('cash for holders under 100 shares outranks the forward split round-up (0001493152-16-011963)', () => {
    expect(classifyFiling(`The 1-for-100 reverse split. ${paragraph('0001493152-16-011963')}`).rounding).toBe('CASH_IN_LIEU');
  });

  it('cash settled "at the individual stockholder level" is not participant level (0000950170-24-128298)', () => {
    expect(classifyFiling(paragraph('0000950170-24-128298')).rounding).toBe('CASH_IN_LIEU');
  });

  it('an authorised range then the selected ratio: the ratio, no range (0001493152-24-045921 style)', () => {
    const text = `${find('0001493152-23-012570', 'At an annual meeting')} ${find('0001493152-23-012570', 'On February 8, 2023')}`;
    expect(classifyFiling(text)).toMatchObject({ ratio: 20, ratioRange: null });
  });
});
