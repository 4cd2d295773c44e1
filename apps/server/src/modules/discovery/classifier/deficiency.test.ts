import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readDeficiency } from './deficiency';

/**
 * The minimum-bid-price notice reader on whole real documents (fixtures/deficiency/sources.json:
 * repository, path, commit, the file date, what a reader finds in it). The held-back part was labelled
 * by reading each document and never used to tune a rule; its figure is asserted as measured.
 */
interface Doc {
  file: string;
  repository: string;
  path: string;
  commit: string;
  part: 'tuning' | 'held-back';
  fileDate: string;
  expected: { rule: string; noticeDate: string; deadline: string | null; extension: boolean } | null;
  /** What a reader finds in it, for the documents added with their reason. */
  why?: string;
}
const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'deficiency');
const DOCS = JSON.parse(readFileSync(path.join(DIR, 'sources.json'), 'utf8')) as Doc[];
const read = (d: Doc) => {
  const n = readDeficiency(readFileSync(path.join(DIR, d.file), 'utf8'), { fileDate: d.fileDate });
  return n && { rule: n.rule, noticeDate: n.noticeDate, deadline: n.deadline, extension: n.extension };
};

describe('deficiency notices in whole real documents', () => {
  it('each document is stored with its source; both parts hold notices and other documents', () => {
    for (const d of DOCS) {
      expect(d.repository, d.file).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(d.commit, d.file).toMatch(/^[0-9a-f]{40}$/);
    }
    for (const part of ['tuning', 'held-back'] as const) {
      expect(DOCS.filter((d) => d.part === part && d.expected).length, part).toBeGreaterThan(0);
      expect(DOCS.filter((d) => d.part === part && !d.expected).length, part).toBeGreaterThan(0);
    }
  });

  it.each(DOCS.filter((d) => d.part === 'tuning').map((d) => [d.file, d] as const))('tuning: %s', (_, d) =>
    expect(read(d)).toEqual(d.expected),
  );

  // Measured once, never tuned on (docs/discovery.md, "Deficiency watchlist", lists the misses): of 13
  // held-back documents, 5 report a bid-price deficiency and the reader finds 4 of them and nothing
  // else (precision 4/4, recall 4/5); 10 of 13 were right on every field, 11 since a determination to
  // delist with a hearing requested gets no made-up deadline (a rule the real 8-Ks of
  // fixtures/deficiency-8k asked for; the held-back miss it also mends was known from that first reading).
  it('held-back: no notice read where there is none, and the figures as measured', () => {
    const held = DOCS.filter((d) => d.part === 'held-back');
    for (const d of held.filter((x) => !x.expected)) expect(read(d), d.file).toBeNull();
    const found = held.filter((d) => read(d) !== null);
    const notices = held.filter((d) => d.expected);
    expect(found.filter((d) => !d.expected)).toEqual([]);
    expect(found.filter((d) => d.expected).length / notices.length).toBeGreaterThanOrEqual(4 / 5);
    const right = held.filter((d) => JSON.stringify(read(d)) === JSON.stringify(d.expected));
    expect(right.length).toBeGreaterThanOrEqual(11);
  });

  it('listing notices that are not about the price (equity, market value, a late 10-K) and regained compliance stay out', () => {
    const other = DOCS.filter((d) => !d.expected && /NYSE American|5550\(b\)|late filing|regain/i.test(d.why ?? d.file));
    expect(other.length).toBeGreaterThanOrEqual(8);
    for (const d of other) expect(read(d), d.file).toBeNull();
  });
});
