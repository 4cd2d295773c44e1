import { describe, expect, it } from 'vitest';
import { classifyFiling } from './classify';
import { classOf, WHOLE, wholeRight, wholeText, type WholeRow } from './whole';

/**
 * Whole real SEC documents (fixtures/whole/sources.json: repository, path, commit, accession), each
 * classified as the poller reads it (a whole SGML submission: its primary document and EX-99s). The
 * targets: every document that announces no split stays unproposed, at least 95 % come out right on
 * class, rounding and ratio, and no ROUND_UP is called that the document does not make. They hold on
 * the tuning part; on the held-back part they do not yet (see below). `npm run classifier:figures`
 * prints the tables.
 */
const rows = (part: 'tuning' | 'held-back'): WholeRow[] =>
  WHOLE.filter((d) => d.part === part).map((doc) => {
    const c = classifyFiling(wholeText(doc), { form: doc.form, fileDate: doc.fileDate });
    return { doc, got: { class: classOf(c), rounding: c.rounding, ratio: c.ratio } };
  });

describe('whole real documents', () => {
  it('each is stored with its source, and both parts hold documents', () => {
    for (const d of WHOLE) {
      expect(d.repository, d.file).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(d.commit, d.file).toMatch(/^[0-9a-f]{40}$/);
      if (d.accession !== null) expect(d.accession, d.file).toMatch(/^\d{10}-\d{2}-\d{6}$/);
    }
    expect(WHOLE.filter((d) => d.part === 'held-back').length).toBeGreaterThan(0);
    expect(WHOLE.filter((d) => d.part === 'tuning').length).toBeGreaterThan(0);
  });

  it('tuning: no-split documents stay unproposed, historical ones stay history, no ROUND_UP the document does not make', () => {
    const all = rows('tuning');
    for (const r of all.filter((x) => x.doc.expected.class === 'none'))
      expect(r.got, r.doc.file).toMatchObject({ class: 'none', rounding: 'NONE' });
    expect(all.filter((r) => r.got.rounding === 'ROUND_UP' && r.doc.expected.rounding !== 'ROUND_UP')).toEqual([]);
    // A split narrated as done never becomes a live event.
    for (const r of all.filter((x) => x.doc.expected.class === 'historical')) expect(r.got.class, r.doc.file).toBe('historical');
    expect(all.filter(wholeRight).length).toBe(all.length);
  }, 60_000);

  // The held-back part is measured, never tuned on. Its figures when the 14 documents of the second
  // batch were added (before any rule was changed for them): 3 of 7 right; after the rules fitted to
  // the tuning part: 4 of 7, one ROUND_UP the document does not make. The floor keeps them from
  // getting worse; the targets are not met yet, and the test below says so until they are.
  it('held back: no worse than measured (4 of 7 right, at most 1 ROUND_UP the document does not make)', () => {
    const all = rows('held-back');
    expect(all.filter(wholeRight).length).toBeGreaterThanOrEqual(4);
    expect(all.filter((r) => r.got.rounding === 'ROUND_UP' && r.doc.expected.rounding !== 'ROUND_UP').length).toBeLessThanOrEqual(
      1,
    );
  }, 60_000);

  it.fails(
    'held back: at least 95 % right and every no-split document unproposed (not met yet)',
    () => {
      const all = rows('held-back');
      for (const r of all.filter((x) => x.doc.expected.class === 'none')) expect(r.got.class).toBe('none');
      expect(all.filter(wholeRight).length / all.length).toBeGreaterThanOrEqual(0.95);
    },
    60_000,
  );
});
