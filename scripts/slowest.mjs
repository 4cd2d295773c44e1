// The slowest tests of a run, read from Vitest's and Playwright's JSON reports, so that
// every `npm test` ends by naming where the time went and a regression is seen when it lands.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** `{ name, file, ms }` of every test in a Vitest JSON report (its `--reporter=json` output). */
export function vitestTimes(report, root = process.cwd()) {
  return (report?.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).map((t) => ({
      name: t.fullName ?? t.title,
      file: path.relative(root, file.name),
      ms: t.duration ?? 0,
    })),
  );
}

/** `{ name, file, ms }` of every test in a Playwright JSON report; a retried test counts each try. */
export function playwrightTimes(report) {
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        out.push({
          name: [...titles, spec.title].join(' › '),
          file: `e2e/${spec.file ?? suite.file ?? ''}`,
          ms: (test.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0),
        });
    for (const child of suite.suites ?? [])
      walk(child, child.title && child.title !== child.file ? [...titles, child.title] : titles);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return out;
}

/** The `n` slowest, slowest first. */
export function slowest(times, n = 10) {
  return [...times].sort((a, b) => b.ms - a.ms).slice(0, n);
}

/** The table printed at the end of `npm test`; empty when no report was written. */
export function slowestReport(files, n = 10) {
  const read = (f) => (existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : null);
  const times = [...vitestTimes(read(files.vitest)), ...playwrightTimes(read(files.playwright))];
  if (times.length === 0) return '';
  const rows = slowest(times, n).map((t) => `  ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.file} › ${t.name}`);
  return [`Slowest ${rows.length} tests:`, ...rows].join('\n');
}
