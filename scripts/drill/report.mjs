// The drill's tables (scripts/fault-drill.mjs): one per scenario, the same columns for every scenario, so
// faults compare at a glance. A scenario module (lock.mjs, restore.mjs, failover.mjs) measures its window and
// hands `scenarioRow` what only it knows (writes missing, writes applied after a refusal); the rest comes
// from the load's answers and the processes' output.
import { answers } from './load.mjs';

/** An answer later than this counts as none: a client (and a load balancer) gives up about then. */
export const NO_ANSWER_MS = 5_000;

/** The columns of every table, in order. */
export const COLUMNS = [
  'requests',
  '503s',
  'other 5xx',
  `no answer within ${NO_ANSWER_MS / 1000} s`,
  'p99 of unrelated requests, ms',
  'serving again after, s',
  'processes exited',
  'acknowledged writes missing',
  'writes applied after a non-2xx answer',
  'log lines per outage',
];

/** The request kinds a scenario's fault does not touch (their p99 is the column). */
export const UNRELATED = ['calendar', 'sign-in', 'health'];

const p99 = (ms) => {
  if (ms.length === 0) return '-';
  const sorted = [...ms].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)];
};

/** What each process has written so far (its output's length), to count the lines a fault adds. */
export const logMark = (procs) => new Map(procs.map((p) => [p, p.output().length]));

/** Lines the processes wrote since `mark` (processes started later count from their start). */
export function logLinesSince(procs, mark) {
  let n = 0;
  for (const p of procs) {
    const text = p.output().slice(mark.get(p) ?? 0);
    n += text.split('\n').filter((l) => l.trim()).length;
  }
  return n;
}

/** The distinct messages of those lines with their counts (pino's `msg`, or the line itself). */
export function logMessagesSince(procs, mark) {
  const counts = new Map();
  for (const p of procs) {
    for (const line of p
      .output()
      .slice(mark.get(p) ?? 0)
      .split('\n')) {
      if (!line.trim()) continue;
      let msg = line.slice(0, 120);
      try {
        msg = JSON.parse(line).msg ?? msg;
      } catch {
        /* not JSON: the line itself */
      }
      counts.set(msg, (counts.get(msg) ?? 0) + 1);
    }
  }
  return [...counts].map(([m, n]) => `${n}× ${m}`).join(' | ') || 'none';
}

/**
 * One scenario's row. `from`–`to`: the window whose answers count; `recoverFrom`: when the fault ended
 * (serving again is counted from it; default `from`); `missing` and `appliedAfterRefusal`: what the
 * scenario checked in the database ('-' when it did not); `mark`: logMark taken at `from`.
 */
export function scenarioRow(
  fault,
  { from, to, recoverFrom = from, procs, mark, missing = '-', appliedAfterRefusal = '-', unrelated = UNRELATED },
) {
  const window = answers.filter((a) => a.t >= from && a.t <= to);
  const failed = window.filter((a) => a.status >= 500 || a.status === 0 || a.ms > NO_ANSWER_MS);
  const lastFailure = failed.length ? Math.max(...failed.map((a) => a.t + a.ms)) : recoverFrom;
  return {
    fault,
    requests: window.length,
    '503s': window.filter((a) => a.status === 503).length,
    'other 5xx': window.filter((a) => a.status >= 500 && a.status !== 503).length,
    [`no answer within ${NO_ANSWER_MS / 1000} s`]: window.filter((a) => a.status === 0 || a.ms > NO_ANSWER_MS).length,
    'p99 of unrelated requests, ms': p99(window.filter((a) => unrelated.includes(a.kind)).map((a) => a.ms)),
    'serving again after, s': (Math.max(0, lastFailure - recoverFrom) / 1000).toFixed(1),
    'processes exited':
      procs
        .filter((p) => p.child.exitCode !== null)
        .map((p) => p.name)
        .join(', ') || 'none',
    'acknowledged writes missing': missing,
    'writes applied after a non-2xx answer': appliedAfterRefusal,
    'log lines per outage': mark ? logLinesSince(procs, mark) : '-',
  };
}

/** Prints one scenario as a two-column table (column, value): nine figures do not fit one line of a terminal. */
export function printScenario(row, extra = {}) {
  const entries = [...COLUMNS.map((c) => [c, row[c] ?? '-']), ...Object.entries(extra)];
  const width = Math.max(...entries.map(([k]) => k.length));
  const line = '─'.repeat(width + 2) + '┼' + '─'.repeat(40);
  console.log(`\n${row.fault}\n${line}`);
  for (const [k, v] of entries) console.log(` ${k.padEnd(width)} │ ${v}`);
}
