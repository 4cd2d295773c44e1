import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { Rounding } from '@roundup/shared';
import type { Classification } from './classify';
import { fnv1a, type Part } from './corpus';
import SOURCES from './fixtures/whole/sources.json';

/**
 * Whole real SEC documents (fixtures/whole/, gzipped, each with its repository, path, commit and
 * accession in sources.json), labelled by reading them: a live split (proposed, approved or
 * announced, still ahead), a historical one (narrated as done, or effective before the filing
 * date), or none (a mention only). Split once by the FNV-1a hash of repository:path, mod 3 = 0 held
 * back, before any rule was tuned on them.
 */
export type WholeClass = 'live' | 'historical' | 'none';
/** A document SEC serves, or an issuer's release as the wire carried it (decision 050). */
export type WholeKind = 'filing' | 'release';
export interface WholeDocument {
  kind: WholeKind;
  file: string;
  repository: string;
  path: string;
  commit: string;
  accession: string | null;
  issuer: string;
  form: string;
  fileDate: string;
  expected: { class: WholeClass; rounding: Rounding; ratio: number | null };
  sha256: string;
  /** Set on the seven filings held back first and moved to tuning when their failures were studied. */
  movedToTuning?: string;
  part: Part;
}

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'whole');
export const WHOLE: readonly WholeDocument[] = (SOURCES as Omit<WholeDocument, 'part'>[]).map((d) => ({
  ...d,
  part: fnv1a(`${d.repository}:${d.path}`) % 3 === 0 && !d.movedToTuning ? 'held-back' : 'tuning',
}));

/** A document's text, refused when its bytes are not the recorded ones. */
export function wholeText(d: WholeDocument): string {
  const gz = readFileSync(path.join(DIR, d.file));
  if (createHash('sha256').update(gz).digest('hex') !== d.sha256) throw new Error(`${d.file} is not the recorded document`);
  return asPollerReads(gunzipSync(gz).toString('utf8'));
}

/**
 * A whole submission (the SGML `.txt` SEC serves, every document of the filing in one) as the poller
 * reads the filing: the primary document and each EX-99, not the other exhibits or the encoded
 * graphics. Any other text is read as it is.
 */
export function asPollerReads(text: string): string {
  if (!text.includes('<SEC-DOCUMENT>') && !text.startsWith('<SEC-HEADER>')) return text;
  const docs = [...text.matchAll(/<DOCUMENT>([\s\S]*?)<\/DOCUMENT>/g)].map((m) => m[1]);
  const read = docs.filter((doc, i) => i === 0 || /<TYPE>EX-99/i.test(doc));
  return read.map((doc) => doc.slice(doc.indexOf('<TEXT>') + 6).replace(/<\/TEXT>\s*$/, '')).join('\n');
}

export const classOf = (c: Classification): WholeClass =>
  !c.isReverseSplit || c.listingDeficiencyOnly ? 'none' : c.historical ? 'historical' : 'live';

export interface WholeRow {
  doc: WholeDocument;
  got: { class: WholeClass; rounding: Rounding; ratio: number | null };
}

/** Right on all three: the class, the rounding and (for a split) the ratio. */
export const wholeRight = (r: WholeRow) =>
  r.got.class === r.doc.expected.class &&
  r.got.rounding === r.doc.expected.rounding &&
  (r.doc.expected.class === 'none' || r.got.ratio === r.doc.expected.ratio);

const pct = (n: number, d: number) => (d ? `${((n / d) * 100).toFixed(1)} %` : '—');

/** Markdown: per-class precision and recall, rounding and ratio accuracy, and the documents right. */
export function formatWhole(title: string, rows: readonly WholeRow[]): string {
  const classes: WholeClass[] = ['live', 'historical', 'none'];
  const splits = rows.filter((r) => r.doc.expected.class !== 'none');
  const right = rows.filter(wholeRight).length;
  return [
    `### ${title}: ${rows.length} whole documents, ${right} right (${pct(right, rows.length)})`,
    '',
    '| class | documents | called | right | precision | recall |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...classes.map((k) => {
      const support = rows.filter((r) => r.doc.expected.class === k).length;
      const called = rows.filter((r) => r.got.class === k).length;
      const ok = rows.filter((r) => r.got.class === k && r.doc.expected.class === k).length;
      return `| ${k} | ${support} | ${called} | ${ok} | ${pct(ok, called)} | ${pct(ok, support)} |`;
    }),
    '',
    (['filing', 'release'] as WholeKind[])
      .map((k) => {
        const of = rows.filter((r) => r.doc.kind === k);
        return `${k}s ${of.filter(wholeRight).length}/${of.length} right`;
      })
      .join('; '),
    '',
    `rounding right ${rows.filter((r) => r.got.rounding === r.doc.expected.rounding).length}/${rows.length}; ratio right ${splits.filter((r) => r.got.ratio === r.doc.expected.ratio).length}/${splits.length} split documents; ROUND_UP called where the document makes none: ${rows.filter((r) => r.got.rounding === 'ROUND_UP' && r.doc.expected.rounding !== 'ROUND_UP').length}`,
  ].join('\n');
}
