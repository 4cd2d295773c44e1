/**
 * The production web build and the real app serving it, for the browser benchmarks (web, signed-in):
 * builds into .tmp/bench-web-dist (never racing a developer's apps/web/dist) and serves it with buildApp on an
 * in-memory PGlite seeded like a fresh install. BENCH_SKIP_BUILD=1 reuses the last build.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { migrate, openDatabase } from '../../apps/server/src/db/client';
import { seed } from '../../apps/server/src/db/seed';
import { testConfig } from '../../apps/server/src/env';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const DIST = path.join(ROOT, '.tmp/bench-web-dist');
export const CHROMIUM = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p) => p && existsSync(p),
);

export function buildWeb() {
  if (process.env.BENCH_SKIP_BUILD && existsSync(path.join(DIST, 'index.html'))) return;
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  const args = [vite, 'build', '--config', 'apps/web/vite.config.ts', '--outDir', DIST, '--emptyOutDir', '--logLevel', 'warn'];
  const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('web build failed');
}

/** The seeded app serving a web build (DIST unless told) on a free port; `close` stops both. */
export async function serveWeb(config = testConfig(), dist = DIST) {
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
  await seed(database, config);
  const app = await buildApp({ database, config, webDist: dist, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    base,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
