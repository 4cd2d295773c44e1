// `npm test`: format check, lint, typecheck, unit + integration tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), then the browser journeys. Stops at the first failure.
import { spawnSync } from 'node:child_process';

const steps = [
  ['format', 'npm', ['run', '--silent', 'format:check']],
  ['lint', 'npm', ['run', 'lint']],
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['unit and integration tests', 'npx', ['vitest', 'run']],
  ['end-to-end journeys', 'node', ['e2e/run.mjs']],
];
for (const [name, cmd, args] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${r.status})`);
    process.exit(r.status ?? 1);
  }
  console.log(`✔ ${name} (${Math.round((Date.now() - started) / 1000)} s)`);
}
