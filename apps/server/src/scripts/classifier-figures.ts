import { CORPUS, type Part } from '../modules/discovery/classifier/corpus';
import { formatFigures, score } from '../modules/discovery/classifier/figures';
import { classifyFiling } from '../modules/discovery/rules';
import { classOf, formatWhole, WHOLE, wholeRight, wholeText, type WholeRow } from '../modules/discovery/classifier/whole';

/**
 * `npm run --silent classifier:figures`: precision and recall per label and the confusion table of
 * the labelled corpus (classifier/fixtures/passages.json), on the tuning part and on the held-back
 * part apart, each passage classified as `edgar:classify` does. `--failures` also lists the
 * tuning part's wrong calls; held-back passages are never listed (they are not for tuning). Then the
 * whole real documents (classifier/fixtures/whole): live split, historical split or none per part.
 */
const failures = process.argv.includes('--failures');
for (const part of ['tuning', 'held-back'] as Part[]) {
  const rows = CORPUS.filter((p) => p.part === part).map((p) => ({ ...p, got: classifyFiling(p.passage).rounding }));
  process.stdout.write(`${formatFigures(part, score(rows))}\n\n`);
  if (failures && part === 'tuning')
    for (const r of rows.filter((x) => x.got !== x.expected))
      process.stdout.write(`- ${r.id} want ${r.expected} got ${r.got}: ${r.passage.slice(0, 220).replace(/\n/g, ' ')}\n`);
}

for (const part of ['tuning', 'held-back'] as Part[]) {
  const rows: (WholeRow & { evidence: string | null })[] = WHOLE.filter((d) => d.part === part).map((doc) => {
    const c = classifyFiling(wholeText(doc), { form: doc.form, fileDate: doc.fileDate });
    return { doc, got: { class: classOf(c), rounding: c.rounding, ratio: c.ratio }, evidence: c.evidence?.sentence ?? null };
  });
  process.stdout.write(`${formatWhole(`whole documents, ${part}`, rows)}\n\n`);
  // The same documents by rounding label: a wrong ROUND_UP is the call that costs members money.
  const rounding = score(rows.map((r) => ({ expected: r.doc.expected.rounding, got: r.got.rounding })));
  process.stdout.write(`${formatFigures(`whole documents, ${part}, rounding`, rounding, 'documents')}\n\n`);
  // Only the tuning part's wrong documents are listed: held-back ones are not for tuning.
  if (failures && part === 'tuning')
    for (const r of rows.filter((x) => !wholeRight(x)))
      process.stdout.write(
        `- ${r.doc.file} want ${JSON.stringify(r.doc.expected)} got ${JSON.stringify(r.got)}: ${r.evidence?.slice(0, 220) ?? '(no deciding sentence)'}\n`,
      );
}
