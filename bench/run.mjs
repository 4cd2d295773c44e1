// `npm run bench`: runs every bench/*.bench.* file in sequence (TypeScript through tsx).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const files = readdirSync(dir)
  .filter((f) => /\.bench\.(m?[jt]s)$/.test(f))
  .filter((f) => !only || f.includes(only))
  .sort();
let failed = 0;
for (const f of files) {
  console.log(`\n=== ${f} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, f)], {
    stdio: 'inherit',
    cwd: path.resolve(dir, '..'),
  });
  if (r.status !== 0) failed += 1;
}
if (files.length === 0) console.log('No bench/*.bench.* files.');
process.exit(failed ? 1 : 0);
