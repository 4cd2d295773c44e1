import type { Rounding } from '@roundup/shared';

/**
 * Precision and recall per label and the confusion table of a labelled set (docs/discovery.md,
 * "Corpus and figures"). Pure: the caller classifies.
 */
export const LABELS: readonly Rounding[] = [
  'ROUND_UP',
  'ROUND_UP_PARTICIPANT',
  'CASH_IN_LIEU',
  'ROUND_DOWN',
  'NEAREST',
  'DISCRETIONARY',
  'UNSPECIFIED',
  'NONE',
];
/** Labels that state a definite treatment (or no split at all); UNSPECIFIED passages say nothing. */
export const DEFINITE: ReadonlySet<Rounding> = new Set(LABELS.filter((l) => l !== 'UNSPECIFIED'));

export interface LabelFigures {
  label: Rounding;
  support: number;
  predicted: number;
  correct: number;
  precision: number | null;
  recall: number | null;
}

export interface Figures {
  total: number;
  correct: number;
  definite: number;
  definiteCorrect: number;
  /** confusion[expected][got] */
  confusion: Record<string, Record<string, number>>;
  labels: LabelFigures[];
}

export function score(rows: readonly { expected: Rounding; got: Rounding }[]): Figures {
  const confusion: Record<string, Record<string, number>> = {};
  for (const l of LABELS) confusion[l] = Object.fromEntries(LABELS.map((g) => [g, 0]));
  for (const r of rows) confusion[r.expected][r.got] += 1;
  const labels = LABELS.map((label) => {
    const support = rows.filter((r) => r.expected === label).length;
    const predicted = rows.filter((r) => r.got === label).length;
    const correct = confusion[label][label];
    return {
      label,
      support,
      predicted,
      correct,
      precision: predicted ? correct / predicted : null,
      recall: support ? correct / support : null,
    };
  });
  const definiteRows = rows.filter((r) => DEFINITE.has(r.expected));
  return {
    total: rows.length,
    correct: rows.filter((r) => r.got === r.expected).length,
    definite: definiteRows.length,
    definiteCorrect: definiteRows.filter((r) => r.got === r.expected).length,
    confusion,
    labels,
  };
}

const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)} %`);
const SHORT: Record<string, string> = {
  ROUND_UP: 'UP',
  ROUND_UP_PARTICIPANT: 'UP_PART',
  CASH_IN_LIEU: 'CIL',
  ROUND_DOWN: 'DOWN',
  NEAREST: 'NEAR',
  DISCRETIONARY: 'DISCR',
  UNSPECIFIED: 'UNSPEC',
  NONE: 'NONE',
};

/** Markdown: the per-label table, then the confusion table (rows expected, columns got). */
export function formatFigures(title: string, f: Figures, unit = 'passages'): string {
  const used = LABELS.filter((l) => f.labels.some((x) => x.label === l && (x.support || x.predicted)));
  const lines = [
    `### ${title}: ${f.total} ${unit}, ${f.correct} right (${pct(f.total ? f.correct / f.total : null)}); definite labels ${f.definiteCorrect}/${f.definite} (${pct(f.definite ? f.definiteCorrect / f.definite : null)})`,
    '',
    `| label | ${unit} | called | right | precision | recall |`,
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...f.labels
      .filter((l) => used.includes(l.label))
      .map((l) => `| ${l.label} | ${l.support} | ${l.predicted} | ${l.correct} | ${pct(l.precision)} | ${pct(l.recall)} |`),
    '',
    `| expected \\ called | ${used.map((l) => SHORT[l]).join(' | ')} |`,
    `| --- | ${used.map(() => '---:').join(' | ')} |`,
    ...used.map((e) => `| ${e} | ${used.map((g) => f.confusion[e][g]).join(' | ')} |`),
  ];
  return lines.join('\n');
}
