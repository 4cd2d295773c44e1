import type { Rounding } from '@roundup/shared';
import PASSAGES from './fixtures/passages.json';
import SENTENCES from './fixtures/sentences.json';

/**
 * The labelled corpus of verbatim passages from real filings and issuer releases (docs/discovery.md,
 * "Corpus and figures"). Each passage carries the label `npm run edgar:classify` should answer for it.
 *
 * The split is made once, by a hash of the filing (its source address without a #fragment), so the
 * passages of one filing stay together: about one filing in three is held back. Held-back
 * passages are never used to tune a rule; the earlier sentence table (fixtures/sentences.json),
 * which the rules were fitted to before this corpus existed, is always tuning.
 */
export type Part = 'tuning' | 'held-back';

export interface CorpusPassage {
  id: string;
  issuer: string;
  form: string;
  source: string;
  kind: string;
  expected: Rounding;
  passage: string;
  part: Part;
}

interface RawPassage {
  issuer: string;
  form: string;
  source: string;
  kind: string;
  expected: string;
  passage: string;
}
interface RawSentence {
  accession: string;
  company: string;
  form: string;
  sentence: string;
  source: string;
  passage?: string;
}

/** 32-bit FNV-1a: deterministic, no dependency, stable across Node versions. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export const filingKey = (source: string) => source.replace(/#.*$/, '');
export const partOf = (source: string): Part => (fnv1a(filingKey(source)) % 3 === 0 ? 'held-back' : 'tuning');

/** The earlier sentence table, one passage per filing, with the label of the filing as a whole. */
const SENTENCE_FILING_LABELS: Record<string, Rounding> = {
  '0001171843-15-004727': 'ROUND_UP',
  '0001171843-16-008902': 'ROUND_UP',
  '0001171843-15-006374': 'ROUND_UP',
  '0001437749-23-010447': 'ROUND_UP',
  '0001493152-24-003349': 'ROUND_UP',
  '0001493152-16-011963': 'CASH_IN_LIEU',
  '0001437749-21-023479': 'CASH_IN_LIEU',
  '0001683168-25-003684': 'ROUND_DOWN',
  '0001493152-21-010516': 'ROUND_UP',
  '0001558370-19-008601': 'UNSPECIFIED',
  '0001144204-15-052383': 'CASH_IN_LIEU',
  '0001493152-23-012570': 'ROUND_UP',
  '0000950170-24-128298': 'CASH_IN_LIEU',
  '0001558370-24-007414': 'ROUND_UP',
  '0001610618-24-000041': 'UNSPECIFIED',
  '0001493152-23-004603': 'ROUND_UP',
  '0001493152-24-045921': 'CASH_IN_LIEU',
  '0001493152-20-015927': 'ROUND_UP',
  '0001477932-18-005412': 'CASH_IN_LIEU',
  '0001493152-24-004587': 'UNSPECIFIED',
  '0001654954-21-001479': 'UNSPECIFIED',
  '0001193125-25-028173': 'UNSPECIFIED',
  '0001144204-14-011172': 'CASH_IN_LIEU',
};

function sentencePassages(): CorpusPassage[] {
  const byFiling = new Map<string, RawSentence[]>();
  for (const s of SENTENCES as RawSentence[]) byFiling.set(s.accession, [...(byFiling.get(s.accession) ?? []), s]);
  return [...byFiling].map(([accession, rows]) => ({
    id: `S-${accession}`,
    issuer: rows[0].company,
    form: rows[0].form,
    source: rows[0].source,
    kind: 'earlier sentence table',
    expected: SENTENCE_FILING_LABELS[accession] ?? 'UNSPECIFIED',
    passage: rows.map((r) => r.sentence).join(' '),
    part: 'tuning',
  }));
}

export const CORPUS: readonly CorpusPassage[] = [
  ...(PASSAGES as RawPassage[]).map((p, i) => ({
    id: `P${String(i + 1).padStart(3, '0')}`,
    issuer: p.issuer,
    form: p.form,
    source: p.source,
    kind: p.kind,
    expected: p.expected as Rounding,
    passage: p.passage,
    part: partOf(p.source),
  })),
  ...sentencePassages(),
];
