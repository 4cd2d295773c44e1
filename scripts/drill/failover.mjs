// The drill's failover scenario (`npm run drill`): the primary dies under load, a synchronous standby is
// promoted, the address the APIs know moves to it, and nothing acknowledged is lost.
//
// A cluster of its own, so the drill's other scenarios keep theirs: a primary; a standby made by
// `pg_basebackup -R` (it streams from the primary and `standby.signal` keeps it read-only); the primary
// told to wait for it (`synchronous_standby_names = '*'`, `synchronous_commit = on`: a commit is
// acknowledged only once the standby has it); a TCP proxy (scripts/drill/tcp-proxy.mjs) that the two APIs
// connect through. Then, under the load of scripts/drill/scenario-load.mjs: the primary stopped with
// `pg_ctl stop -m immediate` (a crash: no checkpoint, connections cut), the standby promoted, the proxy moved.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startProcess } from '../multi.mjs';
import { PG_BIN, dir, pgPort, run } from './cluster.mjs';
import { query, urlOf } from './restore.mjs';
import { call, presentAccounts, scenarioRow, startScenarioLoad } from './scenario-load.mjs';
import { startProxy } from './tcp-proxy.mjs';

const asRoot = process.getuid?.() === 0;

/** pg_ctl on one of this scenario's data folders, without blocking the event loop (the load goes on). */
const pgCtl = (data, port, ...args) =>
  new Promise((resolve, reject) => {
    const cmd = path.join(PG_BIN, 'pg_ctl');
    const full = ['-D', data, '-l', `${data}.log`, '-w', '-o', `-p ${port} -k ${dir}`, ...args];
    const [c, a] = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...full]] : [cmd, full];
    spawn(c, a, { stdio: 'ignore' }).on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`pg_ctl ${args} exited ${code}`)),
    );
  });

/** Until `fn` answers truthy (each look after `ms`), or throws after `limitS`. */
async function until(fn, what, limitS = 60, ms = 100) {
  const end = Date.now() + limitS * 1000;
  for (;;) {
    const v = await fn().catch(() => null);
    if (v) return v;
    if (Date.now() > end) throw new Error(`failover drill: ${what} did not happen within ${limitS} s`);
    await sleep(ms);
  }
}

/** Registers Pro members on the API at `base` (tokens from sign-in), and answers them with a broker id. */
async function seedMembers(base, dbUrl, count) {
  const brokerId = (await call(base, 'GET', '/api/brokers')).json.data.brokers[0]._id;
  const members = [];
  for (let k = 0; k < count; k += 1) {
    const m = { email: `failover${k}@example.com`, password: 'drill member pass' };
    await call(base, 'POST', '/api/auth/register', { body: { username: `failover${k}`, ...m, consent: true } });
    await query(dbUrl, `update users set role = 'Pro', email_validated = true where email = $1`, [m.email]);
    m.token = (await call(base, 'POST', '/api/auth/login', { body: m })).json.data.token;
    members.push(m);
  }
  return { members, brokerId };
}

/** The failover scenario; `env` is the layout's environment (Redis, rate limits). Answers its row. */
export async function failoverScenario({ env }) {
  const [primaryPort, standbyPort, proxyPort, api1, api2] = [5, 6, 7, 8, 9].map((d) => pgPort + d);
  const primary = path.join(dir, 'fo-primary');
  const standby = path.join(dir, 'fo-standby');
  run(path.join(PG_BIN, 'initdb'), ['-D', primary, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  await pgCtl(primary, primaryPort, 'start');
  await query(urlOf(primaryPort, 'postgres'), 'create database roundup_failover');
  const proxy = await startProxy(proxyPort, primaryPort);
  const dbUrl = urlOf(proxyPort, 'roundup_failover');
  const procs = [];
  try {
    for (const port of [api1, api2]) {
      const p = startProcess(
        `api-failover:${port}`,
        'apps/server/src/main.ts',
        {
          ...env,
          DATABASE_URL: dbUrl,
          PORT: String(port),
          APP_URL: `http://127.0.0.1:${port}`,
          RUN_WORKER: 'false',
          LOG_LEVEL: 'warn',
        },
        'RoundUp is running',
        { quiet: true },
      );
      procs.push(p);
      await p.started;
    }
    const urls = [api1, api2].map((p) => `http://127.0.0.1:${p}`);
    const { members, brokerId } = await seedMembers(urls[0], dbUrl, 6);

    // The standby, and the primary made to wait for it.
    run(path.join(PG_BIN, 'pg_basebackup'), [
      '-D',
      standby,
      '-R',
      '-X',
      'stream',
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
    ]);
    await pgCtl(standby, standbyPort, 'start');
    await query(urlOf(primaryPort, 'postgres'), `alter system set synchronous_standby_names = '*'`);
    await query(urlOf(primaryPort, 'postgres'), `alter system set synchronous_commit = on`);
    await query(urlOf(primaryPort, 'postgres'), 'select pg_reload_conf()');
    await until(
      async () =>
        (await query(urlOf(primaryPort, 'postgres'), `select 1 from pg_stat_replication where sync_state = 'sync'`)).rowCount,
      'the standby becoming synchronous',
    );

    const load = startScenarioLoad(urls, members, brokerId, { prefix: 'Failover ' });
    await sleep(5000);
    const logsBefore = procs.map((p) => p.output().split('\n').length);
    const from = Date.now();
    await pgCtl(primary, primaryPort, 'stop', '-m', 'immediate');
    await pgCtl(standby, standbyPort, 'promote');
    proxy.moveTo(standbyPort);
    const promotedAt = Date.now();
    await sleep(15_000);
    await load.stop();
    const to = Date.now();
    const logLines = procs.reduce((n, p, i) => n + p.output().split('\n').length - logsBefore[i], 0);

    const { answers, acked, refused } = load.state;
    const failed = answers.filter((a) => a.t >= from && (a.status < 200 || a.status >= 300));
    const lastFailure = failed.length ? Math.max(...failed.map((a) => a.t + a.ms)) : from;
    const onStandby = (text, params) => query(urlOf(standbyPort, 'roundup_failover'), text, params);
    const present = await presentAccounts(onStandby, acked);
    const applied = await presentAccounts(onStandby, refused);
    return scenarioRow('failover (primary crashed, synchronous standby promoted, proxy moved)', load.state, {
      from,
      to,
      procs,
      servingAgainS: `${((lastFailure - from) / 1000).toFixed(1)} (${((lastFailure - promotedAt) / 1000).toFixed(1)} after promotion)`,
      missing: `${acked.length - present} of ${acked.length}`,
      appliedAfterRefusal: `${applied} of ${refused.length}`,
      logLines,
      extra: { 'promote + move s': ((promotedAt - from) / 1000).toFixed(1) },
    });
  } finally {
    for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGTERM');
    await proxy.close();
    for (const [data, port] of [
      [standby, standbyPort],
      [primary, primaryPort],
    ])
      await pgCtl(data, port, 'stop', '-m', 'immediate').catch(() => undefined);
  }
}
