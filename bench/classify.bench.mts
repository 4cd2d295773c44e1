/**
 * Budget: classify a 200 KB filing in ≤ 20 ms. Baseline in the same run: one pass of a
 * plain keyword regex over the same text (what a keyword search costs). Also prints precision (no
 * non-round-up called ROUND_UP) and recall of ROUND_UP on the real filing sentences and on the
 * synthetic trap sentences, reported apart.
 * Env: BENCH_RUNS (default 50), BENCH_STRICT=1 to exit 1 over budget.
 */
import { performance } from 'node:perf_hooks';
import REAL from '../apps/server/src/modules/discovery/classifier/fixtures/sentences.json' with { type: 'json' };
import { LABELLED } from '../apps/server/src/modules/discovery/classifier/labelled';
import { cleanText } from '../apps/server/src/modules/discovery/classifier/normalise';
import { labelSentence } from '../apps/server/src/modules/discovery/classifier/rounding';
import { classifyFiling } from '../apps/server/src/modules/discovery/rules';

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const BUDGET_MS = 20;

function filing(bytes: number): string {
  const paragraphs = [
    '<p>The Company&#8217;s consolidated financial statements for the quarter include the accounts of its subsidiaries, and all intercompany balances have been eliminated.</p>',
    '<table><tr><td>Revenue</td><td>$ 12,345</td><td>$ 11,002</td></tr><tr><td>Net loss</td><td>(3,210)</td><td>(2,998)</td></tr></table>',
    '<p>Forward-looking statements in this report involve risks and uncertainties, including those described under &#8220;Risk Factors&#8221; in our Annual Report on Form 10-K.</p>',
  ];
  const head =
    '<html><body><div style="display:none"><ix:header><ix:nonNumeric name="dei:TradingSymbol">ACMR</ix:nonNumeric></ix:header></div><p>Acme Robotics, Inc. will effect a 1-for-20 reverse stock split, and the common stock will begin trading on a split-adjusted basis on December 1, 2026.</p>';
  const tail = '<p>Fractional shares will be rounded up to the nearest whole share.</p></body></html>';
  let body = '';
  for (let i = 0; body.length + head.length + tail.length < bytes; i++) body += paragraphs[i % paragraphs.length] + '\n';
  return head + body + tail;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const text = filing(200_000);
const KEYWORDS = /reverse (?:stock )?split|fractional|rounded up|cash in lieu|participant level/gi;
for (let i = 0; i < 5; i++) classifyFiling(text);
const base: number[] = [];
const ours: number[] = [];
for (let i = 0; i < RUNS; i++) {
  let t = performance.now();
  let n = 0;
  for (const _ of text.matchAll(KEYWORDS)) n++;
  if (n < 0) throw new Error('unreachable');
  base.push(performance.now() - t);
  t = performance.now();
  const c = classifyFiling(text, { fileDate: '2026-11-20' });
  ours.push(performance.now() - t);
  if (c.rounding !== 'ROUND_UP' || c.ratio !== 20 || c.ticker !== 'ACMR') throw new Error(`wrong call: ${JSON.stringify(c)}`);
}
const ms = median(ours);
console.log(
  `classify a ${Math.round(text.length / 1000)} KB filing: median ${ms.toFixed(2)} ms (budget ≤ ${BUDGET_MS} ms, ${ms <= BUDGET_MS ? 'within' : 'OVER'})`,
);
console.log(
  `baseline keyword regex pass: median ${median(base).toFixed(2)} ms; ratio ${(ms / median(base)).toFixed(1)}× the baseline`,
);

/** ROUND_UP precision (no non-round-up called ROUND_UP) and recall over one labelled set. */
function score(set: string, cases: { name: string; want: string | null; sentence: string }[]) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let exact = 0;
  for (const { name, want, sentence } of cases) {
    const got = labelSentence(cleanText(sentence))?.label ?? null;
    if (got === want) exact++;
    if (got === 'ROUND_UP' && want === 'ROUND_UP') tp++;
    else if (got === 'ROUND_UP') {
      fp++;
      console.log(`  false ROUND_UP: ${name}`);
    } else if (want === 'ROUND_UP') {
      fn++;
      console.log(`  missed ROUND_UP: ${name}`);
    }
  }
  const precision = tp + fp ? tp / (tp + fp) : 1;
  const recall = tp + fn ? tp / (tp + fn) : 1;
  console.log(
    `${set}: ${cases.length} sentences (${cases.filter((c) => c.want === 'ROUND_UP').length} ROUND_UP); ROUND_UP precision ${(precision * 100).toFixed(1)}% (${fp} non-round-up called ROUND_UP), recall ${(recall * 100).toFixed(1)}%; every label exact on ${exact}/${cases.length}`,
  );
  return fp;
}

const fpReal = score(
  'real filing sentences (fixtures/sentences.json)',
  (REAL as { accession: string; company: string; sentence: string; expected: string | null }[]).map((r) => ({
    name: `${r.accession} ${r.company}`,
    want: r.expected,
    sentence: r.sentence,
  })),
);
const fpSynthetic = score(
  'synthetic trap sentences (labelled.ts)',
  LABELLED.map(([name, want, sentence]) => ({ name, want, sentence })),
);
const fp = fpReal + fpSynthetic;
if (process.env.BENCH_STRICT && (ms > BUDGET_MS || fp > 0)) process.exit(1);
