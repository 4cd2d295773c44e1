// `npm run multi`: the production layout on one machine (docs/operations.md): two API processes on two
// ports, one notification worker, the machine's PostgreSQL and Redis. Ctrl-C stops them all.
//
// Env: MULTI_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/roundup_multi, created when
// missing), MULTI_REDIS_URL (default redis://127.0.0.1:6379/0), MULTI_PORTS (default 3101,3102).
// The admin of a new database is admin@roundup.local with MULTI_ADMIN_PASSWORD (default multi-admin-pass).
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');

/** Creates the database named in `url` when it does not exist yet. */
async function ensureDatabase(url) {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  if (!/^[a-z0-9_]+$/i.test(name)) throw new Error(`Unusable database name in ${u.pathname}`);
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  try {
    const r = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (r.rowCount === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

/** Starts one process and resolves when its output contains `ready` (rejects if it exits first). */
export function startProcess(name, script, env, ready, { quiet = false } = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const relay = (d) => {
    out += String(d);
    if (!quiet) for (const line of String(d).split('\n')) if (line.trim()) console.log(`[${name}] ${line}`);
  };
  child.stdout.on('data', relay);
  child.stderr.on('data', relay);
  const started = new Promise((resolve, reject) => {
    const check = () => out.includes(ready) && resolve();
    child.stdout.on('data', check);
    child.on('exit', (code) => reject(new Error(`${name} exited (${code}) before it was ready:\n${out}`)));
  });
  return { name, child, started, output: () => out };
}

/**
 * Starts the layout; returns the two API base URLs and `stop()` (SIGTERM to each process, which
 * stops gracefully). `quiet` keeps the processes' output to themselves (tests).
 */
export async function startMulti(opts = {}) {
  const databaseUrl = opts.databaseUrl ?? process.env.MULTI_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/roundup_multi';
  const redisUrl = opts.redisUrl ?? process.env.MULTI_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
  const ports = opts.ports ?? (process.env.MULTI_PORTS ?? '3101,3102').split(',').map(Number);
  await ensureDatabase(databaseUrl);
  const common = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ADMIN_PASSWORD: process.env.MULTI_ADMIN_PASSWORD ?? 'multi-admin-pass',
    // Behind a load balancer on this machine: trust one hop, so X-Forwarded-For names the client.
    TRUST_PROXY: '1',
    ...opts.env,
  };
  const procs = [];
  const stop = async () => {
    await Promise.all(
      procs.map(
        (p) =>
          new Promise((resolve) => {
            // A process killed by a signal has no exit code, only a signal code: it is gone all the same.
            if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
            p.child.once('exit', resolve);
            p.child.kill('SIGTERM');
          }),
      ),
    );
  };
  try {
    // The first API applies the migrations (and seeds an empty database) before the others start.
    const apiUrl = (port) => `http://127.0.0.1:${port}`;
    const first = startProcess(
      `api:${ports[0]}`,
      'apps/server/src/main.ts',
      { ...common, PORT: String(ports[0]), APP_URL: apiUrl(ports[0]), RUN_WORKER: 'false' },
      'RoundUp is running',
      opts,
    );
    procs.push(first);
    await first.started;
    const second = startProcess(
      `api:${ports[1]}`,
      'apps/server/src/main.ts',
      { ...common, PORT: String(ports[1]), APP_URL: apiUrl(ports[1]), RUN_WORKER: 'false' },
      'RoundUp is running',
      opts,
    );
    const worker = startProcess('worker', 'apps/server/src/worker.ts', common, 'notification worker running', opts);
    procs.push(second, worker);
    await Promise.all([second.started, worker.started]);
    return { urls: ports.map(apiUrl), stop, procs, env: common };
  } catch (err) {
    await stop();
    throw err;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  startMulti()
    .then(({ urls, stop }) => {
      console.log(`\nTwo API replicas: ${urls.join(' and ')}; one worker; Ctrl-C stops them.\n`);
      let stopping = false;
      for (const sig of ['SIGINT', 'SIGTERM'])
        process.on(sig, () => {
          if (stopping) return;
          stopping = true;
          void stop().then(() => process.exit(0));
        });
    })
    .catch((err) => {
      console.error(err.message ?? err);
      console.error('`npm run multi` needs PostgreSQL (MULTI_DATABASE_URL) and Redis (MULTI_REDIS_URL) on this machine.');
      process.exit(1);
    });
}
