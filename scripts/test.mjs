// `npm test`: the checks every change gets, stopping at the first failing stage. `npm run test:full` (or
// TEST_TIER=full, which CI sets) adds what CI adds: the fault drills that spawn and kill processes, the route
// fuzzer, the migration replay, and the journeys tagged @full (the per-page sweeps past their first pages and
// the journeys whose rules the integration tests already hold). Decision 028; README, "Tests".
// 1. At once (each mostly one core): the Prettier check, ESLint (its two costliest rule sets in the full run
//    only), TypeScript, the web build the browser journeys use, and the size limits (it prints how much known
//    debt is left).
//    A failing step's output is printed when it ends.
// 2. At once: unit and integration tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), web
//    components; and the browser journeys (e2e/run.mjs: skipped without Chromium unless E2E=required).
//    Each prints its summary when it passes and its whole output when it fails.
// 3. The 10 slowest tests of the run, from both runners' JSON reports (.tmp/), so that a regression is seen.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { slowestReport } from './slowest.mjs';

const full = process.argv.includes('--full') || process.env.TEST_TIER === 'full';

/**
 * Vitest files only the full run takes: each spawns or kills processes and waits on real clocks (lease expiry,
 * lock takeover, graceful stop), sweeps every route or migration, or spends its time on volume (big files,
 * write storms, the whole seed) while quicker tests hold the same rules. Every one of them also runs in CI.
 */
const FULL_ONLY_FILES = [
  'apps/server/test/pglite-lock.int.test.ts', // a second process refused, then taking over after a SIGKILL
  'apps/server/src/modules/notifications/reliability.int.test.ts', // a worker SIGKILLed mid-batch
  'apps/server/test/graceful-stop.int.test.ts', // SIGTERM with requests and sends in flight
  'apps/server/test/redis-faults.int.test.ts', // its own redis-server, stopped and restarted
  'apps/server/test/db-lock-process.int.test.ts', // a real API process while another session locks trades
  'apps/server/test/fuzz.int.test.ts', // every route with generated bad input
  'apps/server/test/migrations.int.test.ts', // every migration replayed over a populated database
  'apps/server/test/migration-0011.int.test.ts', // one migration replayed over a populated database
  'apps/server/test/seed.int.test.ts', // the whole demo seed, twice, on fresh databases
  'apps/server/src/modules/imports/big-files.int.test.ts', // statements of 100,000 lines and 5 MB
  'apps/server/src/modules/trades/concurrency.int.test.ts', // storms of parallel writes to one member's trades
  'apps/server/src/modules/discovery/record-chain.int.test.ts', // a whole EDGAR chain recorded, then replayed
  'apps/server/src/modules/discovery/replay-real.int.test.ts', // a real proxy recorded and replayed through a poll cycle
  'apps/server/src/modules/discovery/classifier/whole.test.ts', // 85 whole real documents (21 SEC filings, 64 issuer releases), 11 MB of HTML classified
];

// Each runner also writes a JSON report, from which the run ends by naming its 10 slowest tests.
const reports = {
  vitest: path.resolve('.tmp/vitest-report.json'),
  playwright: path.resolve('.tmp/e2e-report.json'),
};
mkdirSync('.tmp', { recursive: true });
for (const f of Object.values(reports)) rmSync(f, { force: true });
process.env.PLAYWRIGHT_JSON_OUTPUT_NAME = reports.playwright;

const secs = (t) => `${Math.round((Date.now() - t) / 1000)} s`;

/** The last lines of a passing step's output: its summary (test counts), without colour codes. */
const summary = (out) =>
  stripVTControlCharacters(out)
    .trimEnd()
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^(Test Files|Tests)\s|^\d+ (passed|skipped|flaky)\b|^size limits:/.test(l))
    .map((l) => `   ${l}`)
    .join('\n');

function run(name, cmd, args, env, { quiet }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
    let out = '';
    if (quiet) {
      child.stdout.on('data', (c) => (out += c));
      child.stderr.on('data', (c) => (out += c));
    }
    child.on('close', (code) => {
      if (quiet && code !== 0) process.stdout.write(`\n── ${name} ──\n${out}`);
      console.log(code === 0 ? `✔ ${name} (${secs(started)})` : `✖ ${name} failed (exit ${code}, ${secs(started)})`);
      if (quiet && code === 0 && summary(out)) console.log(summary(out));
      resolve(code === 0);
    });
  });
}

/**
 * Outside the full run, Prettier and ESLint skip the files whose content they passed before (in node_modules/.cache,
 * as TypeScript's incremental state): a second run spends a tenth of their CPU. Every rule left in the every-change
 * lint judges a file by its own text and the paths it imports, so its result holds until it changes; the full run
 * (CI) checks every file afresh.
 */
const cache = ['--cache', '--cache-strategy', 'content'];

const total = Date.now();
console.log(full ? 'Full run (as CI).' : 'Every-change run; `npm run test:full` adds what CI adds.');
const stages = [
  [
    ['format', 'npm', ['run', '--silent', 'format:check', ...(full ? [] : ['--', ...cache])]],
    // Without the React Compiler's rules and import-x/no-cycle unless full (eslint.config.js says why).
    [
      'lint',
      'npm',
      ['run', '--silent', 'lint', ...(full ? [] : ['--', ...cache, '--cache-location', 'node_modules/.cache/eslint/'])],
      { LINT_TIER: full ? 'full' : 'every-change' },
    ],
    ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
    ['web build', 'npm', ['run', '--silent', 'build']],
    ['size limits', 'node', ['scripts/size-limits.mjs']], // scripts/size-limits.test.ts holds it too; this prints the debt left
  ],
  [
    [
      'unit and integration tests',
      'npx',
      [
        'vitest',
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${reports.vitest}`,
        // Projects match globs against their own root (apps/server), so by file name.
        ...(full ? [] : FULL_ONLY_FILES.map((f) => `--exclude=**/${path.basename(f)}`)),
      ],
    ],
    [
      'end-to-end journeys',
      'node',
      ['e2e/run.mjs', '--reporter=list,json', ...(full ? [] : ['--grep-invert=@full'])],
      // `--full` as well as TEST_TIER=full: the full run's traces keep their film strip (e2e/playwright.config.ts).
      full ? { TEST_TIER: 'full' } : {},
    ],
  ],
];
for (const stage of stages) {
  console.log(`\n▶ ${stage.map(([name]) => name).join(', ')}`);
  const ok = await Promise.all(stage.map(([name, cmd, args, env]) => run(name, cmd, args, env, { quiet: stage.length > 1 })));
  const slow = slowestReport(reports);
  if (slow) console.log(`\n${slow}`);
  if (!ok.every(Boolean)) process.exit(1);
}
console.log(`\n✔ npm test passed (${secs(total)})`);
