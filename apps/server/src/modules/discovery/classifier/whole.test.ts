import { describe, expect, it } from 'vitest';
import { classifyFiling } from './classify';
import { classOf, WHOLE, wholeRight, wholeText, type WholeRow } from './whole';

/**
 * Whole real SEC documents (fixtures/whole/sources.json: repository, path, commit, accession), each
 * classified as the poller does. On the held-back part: every document that announces no split
 * stays unproposed, at least 95 % come out right on class, rounding and ratio, and no ROUND_UP is
 * called that the document does not make. `npm run classifier:figures` prints the tables.
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

  it.each(['tuning', 'held-back'] as const)(
    '%s: no-split documents stay unproposed, no ROUND_UP the document does not make',
    (part) => {
      const all = rows(part);
      for (const r of all.filter((x) => x.doc.expected.class === 'none'))
        expect(r.got, r.doc.file).toMatchObject({ class: 'none', rounding: 'NONE' });
      expect(all.filter((r) => r.got.rounding === 'ROUND_UP' && r.doc.expected.rounding !== 'ROUND_UP')).toEqual([]);
      // A split narrated as done never becomes a live event.
      for (const r of all.filter((x) => x.doc.expected.class === 'historical'))
        expect(r.got.class, r.doc.file).toBe('historical');
    },
  );

  it('held back: at least 95 % right on split / historical / none, rounding and ratio', () => {
    const all = rows('held-back');
    expect(all.filter(wholeRight).length / all.length).toBeGreaterThanOrEqual(0.95);
  });
});
