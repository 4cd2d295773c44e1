// The drill's own PostgreSQL cluster and redis-server (scripts/fault-drill.mjs): a temporary folder and ports of
// their own, so nothing of the machine's is touched. Run as root, PostgreSQL runs as the `postgres` user.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const PG_BIN = process.env.DRILL_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;
export const pgPort = 25_000 + Math.floor(Math.random() * 5000);
export const redisPort = pgPort + 1;
export const apiPorts = [pgPort + 2, pgPort + 3];
export const dir = mkdtempSync(path.join(tmpdir(), 'roundup-drill-'));
chmodSync(dir, 0o777);
export const pgData = path.join(dir, 'pg');

export const run = (cmd, args) => {
  const full = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const r = spawnSync(full[0], full[1], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
};
const pgCtlArgs = (args) => ['-D', pgData, '-l', path.join(dir, 'pg.log'), '-w', '-o', `-p ${pgPort} -k ${dir}`, ...args];
export const pgCtl = (...args) => run(path.join(PG_BIN, 'pg_ctl'), pgCtlArgs(args));
/** pg_ctl without blocking this process's event loop (the load goes on meanwhile). */
export const pgCtlAsync = (...args) =>
  new Promise((resolve, reject) => {
    const cmd = path.join(PG_BIN, 'pg_ctl');
    const full = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...pgCtlArgs(args)]] : [cmd, pgCtlArgs(args)];
    spawn(full[0], full[1], { stdio: 'ignore' }).on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`pg_ctl ${args} exited ${code}`)),
    );
  });

export const dbUrl = `postgres://postgres@127.0.0.1:${pgPort}/roundup_drill`;
export const redisUrl = `redis://127.0.0.1:${redisPort}`;
let redis = null;
export const startRedis = () => {
  redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
};
export const stopRedis = () =>
  new Promise((resolve) => {
    if (!redis || redis.exitCode !== null) return resolve();
    redis.once('exit', resolve);
    redis.kill('SIGKILL');
  });

/** One statement on the drill's database, or on `url` (another database or cluster of the drill). */
export async function sql(text, params, url = dbUrl) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(text, params);
  } finally {
    await c.end();
  }
}
