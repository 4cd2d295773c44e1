// `npm start`: build the web app and the server if either is missing or older than its sources, then
// run the server as plain JavaScript (no transpiler at run time). `node scripts/start.mjs worker`
// (`npm run worker`) does the same for the notification worker.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const entry = process.argv[2] === 'worker' ? 'worker' : 'main';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Runs `npm run build` in `workspace` when `output` is missing or older than any of `sources`. */
function buildIfStale(what, workspace, output, sources) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  const stale =
    !built || sources.some((s) => existsSync(s) && (statSync(s).isDirectory() ? newestMtime(s) : statSync(s).mtimeMs) > built);
  if (!stale) return;
  console.log(`Building ${what}…`);
  const r = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const shared = path.join(root, 'packages/shared/src');
if (entry === 'main')
  buildIfStale('the web app', '@roundup/web', path.join(root, 'apps/web/dist/index.html'), [
    path.join(root, 'apps/web/src'),
    path.join(root, 'apps/web/index.html'),
    shared,
  ]);
buildIfStale('the server', '@roundup/server', path.join(root, `apps/server/dist/${entry}.js`), [
  path.join(root, 'apps/server/src'),
  path.join(root, 'apps/server/build.mjs'),
  shared,
]);
const server = spawn(process.execPath, ['--enable-source-maps', `apps/server/dist/${entry}.js`], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
