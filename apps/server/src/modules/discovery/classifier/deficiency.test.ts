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

  it('held-back: no notice read where there is none, and the figure as measured', () => {
    const held = DOCS.filter((d) => d.part === 'held-back');
    for (const d of held.filter((x) => !x.expected)) expect(read(d), d.file).toBeNull();
    const right = held.filter((d) => JSON.stringify(read(d)) === JSON.stringify(d.expected));
    // Measured once, never tuned on (docs/discovery.md lists the three misses): 6 of 9 right on every field.
    expect(right.length).toBeGreaterThanOrEqual(6);
  });
});
