// `npm run drill`: faults on the two-replica layout (`npm run multi`), measured.
//
// Starts a PostgreSQL cluster and a redis-server of its own (temporary folder, own ports; nothing of
// the machine's is touched), the layout on them (two APIs, one worker), and a load of about 100
// requests a second from 8 Pro members (the calendar, trade edits, sign-ins) spread over both
// replicas, with a liveness probe. Then, one after another, with quiet time between:
//   1. a lock held 30 s on trades (drill/lock.mjs), with trade adds on top of the load;
//   2. `pg_ctl restart -m fast` of the database;
//   3. every backend inside a transaction ended with pg_terminate_backend, for 5 s;
//   4. Redis stopped for 25 s, then started again;
//   5. the worker killed with SIGKILL during a 600-recipient announcement, and started again;
//   6. a pg_dump under load restored into a new database with an API on it, and the PGlite backups timed
//      (drill/restore.mjs);
//   7. a failover to a synchronous standby behind a proxy that moves, on a cluster of its own
//      (drill/failover.mjs).
// Prints one table per scenario with the same columns (drill/report.mjs): 503s, other 5xx, requests with no
// answer within 5 s, the p99 of unrelated requests, seconds until serving again, processes that exited,
// acknowledged writes missing, writes applied after a non-2xx answer, log lines per outage; and for (5) the
// duplicate and lost emails; 6 and 7 print rows of their own. DRILL_ONLY=restore,failover runs only the
// scenarios named, after the setup.
//
// Needs PostgreSQL's server binaries (DRILL_PG_BIN, default /usr/lib/postgresql/15/bin) and
// redis-server on PATH. Run as root, it runs PostgreSQL as the `postgres` user.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startMulti, startProcess } from './multi.mjs';
import { startSmtpSink } from '../apps/server/test/smtp.ts';
import {
  apiPorts,
  dbUrl,
  dir,
  PG_BIN,
  pgCtl,
  pgCtlAsync,
  pgData,
  pgPort,
  redisPort,
  redisUrl,
  run,
  sql,
  startRedis,
  stopRedis,
} from './drill/cluster.mjs';
import { member, prober, readBack, request, stopLoad } from './drill/load.mjs';
import { lockScenario } from './drill/lock.mjs';
import { logMark, printScenario, scenarioRow } from './drill/report.mjs';
import { failoverScenario } from './drill/failover.mjs';
import { pgliteBackupTiming, restoreScenario } from './drill/restore.mjs';
import { printRows } from './drill/scenario-load.mjs';

// DRILL_ONLY=restore,failover runs the layout's setup and only the scenarios named (the others take minutes).
const only = process.env.DRILL_ONLY?.split(',').map((s) => s.trim());
const wants = (name) => !only || only.includes(name);
class SkipTheRest extends Error {}
/** The restore and failover scenarios (drill/restore.mjs, failover.mjs), each its own row. */
async function backupScenarios(d) {
  const scenarios = [
    ['restore', () => restoreScenario(d)],
    ['restore', async () => ({ scenario: 'PGlite backup', ...(await pgliteBackupTiming()) })],
    ['failover', () => failoverScenario(d)],
  ];
  for (const [name, run] of scenarios) {
    if (!wants(name)) continue;
    // Each row is printed when it is measured, and a scenario that fails says so without ending the others.
    printRows([await run().catch((err) => ({ scenario: name, failed: err.stack ?? String(err) }))]);
  }
}

// ── the drill ───────────────────────────────────────────────────────────────────────────────
let multi = null;
let worker2 = null;
let sink = null;
try {
  run(path.join(PG_BIN, 'initdb'), ['-D', pgData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  pgCtl('start');
  startRedis();
  sink = await startSmtpSink();
  await sleep(300);
  console.log(`PostgreSQL on ${pgPort}, Redis on ${redisPort}, SMTP sink on ${sink.port}; starting the layout…`);
  multi = await startMulti({
    databaseUrl: dbUrl,
    redisUrl,
    ports: apiPorts,
    quiet: true,
    env: {
      RATE_LIMIT_SCALE: '100',
      ADMIN_PASSWORD: 'drill-admin-pass',
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      WORKER_POLL_MS: '200',
    },
  });
  const { urls } = multi;
  const admin = (
    await request(urls[0], 'POST', '/api/auth/login', { body: { email: 'admin@roundup.local', password: 'drill-admin-pass' } })
  ).json.data.token;
  await request(urls[0], 'POST', '/api/rs/add', {
    token: admin,
    body: {
      newTicker: {
        name: 'Drill Corp',
        ticker: 'DRL',
        effDate: '2030-01-10',
        buyDate: '2030-01-09',
        ratio: 10,
        price: 1.5,
        estProfit: '',
        avgProfit: 0,
        status: 'Upcoming',
        rsType: 'Round Up',
        source: 'https://www.sec.gov/example',
        notes: '',
        caution: false,
      },
    },
  });
  const splitId = (await request(urls[0], 'GET', '/api/rs', { token: admin })).json.data.splits.find(
    (s) => s.ticker === 'DRL',
  )._id;
  const brokerId = (await request(urls[0], 'GET', '/api/brokers')).json.data.brokers[0]._id;
  const members = [];
  for (let k = 0; k < 8; k += 1) {
    const m = { email: `drill${k}@example.com`, password: 'drill member pass' };
    await request(urls[0], 'POST', '/api/auth/register', { body: { username: `drill${k}`, ...m, consent: true } });
    await sql(`update users set role = 'Pro', email_validated = true where email = $1`, [m.email]);
    m.token = (await request(urls[0], 'POST', '/api/auth/login', { body: m })).json.data.token;
    const accs = (
      await request(urls[0], 'POST', '/api/accounts/add', {
        token: m.token,
        body: { newAccount: { brokerId, type: 'Individual Cash', nickname: 'Drill' } },
      })
    ).json.data.accounts;
    m.accountId = accs[0]._id;
    m.tradeId = (
      await request(urls[0], 'POST', '/api/trades/add', {
        token: m.token,
        body: { newTrade: { accountId: m.accountId, splitId, buy_price: 1 } },
      })
    ).json.data.trade._id;
    members.push(m);
  }
  const load = [...members.map((m, k) => member(urls, m, k)), prober(urls)];
  const procs = multi.procs;
  let from = Date.now();
  let mark = logMark(procs);
  await sleep(5000);
  const quiet = scenarioRow('none (5 s of load)', { from, to: Date.now(), procs, mark });
  printScenario(quiet);
  const backups = { urls, procs, members, brokerId, env: multi.env };
  if (only) {
    await backupScenarios(backups);
    throw new SkipTheRest();
  }

  // 1. A lock held on trades.
  const lock = await lockScenario({ urls, procs, members, splitId });
  const ratio = Number(lock.row['p99 of unrelated requests, ms']) / Number(quiet['p99 of unrelated requests, ms']);
  // On a busy machine the baseline is slow too (sign-ins hash passwords): the ratio compares like with like.
  printScenario(lock.row, { ...lock.extra, 'p99 of unrelated requests vs the quiet 5 s': `× ${ratio.toFixed(2)}` });
  await sleep(5000);

  // 2. A restart of PostgreSQL.
  from = Date.now();
  mark = logMark(procs);
  await pgCtlAsync('restart', '-m', 'fast');
  const restartSeconds = ((Date.now() - from) / 1000).toFixed(1);
  await sleep(10_000);
  printScenario(
    scenarioRow(`PostgreSQL restart (pg_ctl restart -m fast, ${restartSeconds} s)`, { from, to: Date.now(), procs, mark }),
  );

  // 3. Backends ended inside their transactions.
  from = Date.now();
  mark = logMark(procs);
  let ended = 0;
  while (Date.now() - from < 5000) {
    const r = await sql(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = 'roundup_drill' and pid <> pg_backend_pid() and xact_start is not null and query not ilike 'listen%'`,
    );
    ended += r.rowCount;
  }
  await sleep(5000);
  printScenario(scenarioRow(`pg_terminate_backend in transactions (${ended} ended)`, { from, to: Date.now(), procs, mark }));

  // 4. Redis away for 25 s.
  from = Date.now();
  mark = logMark(procs);
  await stopRedis();
  const ready = [];
  for (let i = 0; i < 5; i += 1) {
    await sleep(4000);
    ready.push((await request(urls[i % 2], 'GET', '/api/ready')).json?.data?.redis);
  }
  await sleep(5000);
  startRedis();
  await sleep(5000);
  printScenario(scenarioRow('Redis stopped 25 s', { from, to: Date.now(), procs, mark }), {
    '/api/ready redis': [...new Set(ready)].join(','),
  });

  // Every acknowledged trade edit of the whole run reads back.
  stopLoad();
  await Promise.all(load);
  const missingWrites = await readBack(urls, members, splitId);
  console.log(`\nacknowledged trade edits of the whole run that do not read back: ${missingWrites}`);

  // 5. The worker killed during a 600-recipient announcement.
  from = Date.now();
  mark = logMark(procs);
  for (let k = 0; k < 592; k += 1) {
    await sql(
      `insert into users (username, email, password_hash, email_validated, role) values ($1, $2, 'x', true, 'Pro') on conflict do nothing`,
      [`fan${k}`, `fan${k}@example.com`],
    );
  }
  const sent = await request(urls[0], 'POST', '/api/comms/send-announcement', {
    token: admin,
    body: { requestId: randomUUID(), kind: 'general', subject: 'Drill announcement', message: 'Fan-out under a killed worker.' },
  });
  const worker = multi.procs.find((p) => p.name === 'worker');
  const killAt = sink.received.length + 100;
  while (sink.received.length < killAt) await sleep(10);
  worker.child.kill('SIGKILL');
  const killedAfter = sink.received.length;
  const killedAt = Date.now();
  worker2 = startProcess('worker-2', 'apps/server/src/worker.ts', multi.env, 'notification worker running', { quiet: true });
  await worker2.started;
  const expected = Number((await sql(`select count(*) from notification_deliveries where channel = 'email'`)).rows[0].count);
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const left = Number(
      (await sql(`select count(*) from notification_deliveries where status in ('queued', 'sending')`)).rows[0].count,
    );
    if (left === 0) break;
    await sleep(200);
  }
  const doneAt = Date.now();
  const recipients = sink.received.flatMap((m) => m.to);
  const counts = new Map();
  for (const r of recipients) counts.set(r, (counts.get(r) ?? 0) + 1);
  const deliveredTo = new Set(
    (await sql(`select recipient from notification_deliveries where channel = 'email' and status = 'sent'`)).rows.map(
      (r) => r.recipient,
    ),
  );
  const lost = [...deliveredTo].filter((r) => !counts.has(r)).length;
  printScenario(
    scenarioRow(
      `worker SIGKILL mid fan-out (${sent.status === 200 ? 'announcement queued' : `announce answered ${sent.status}`})`,
      {
        from,
        to: Date.now(),
        recoverFrom: killedAt,
        procs: [...procs.filter((p) => p !== worker), worker2],
        mark,
        missing: lost,
      },
    ),
    {
      deliveries: expected,
      'sent before the kill': killedAfter,
      'duplicate emails': [...counts.values()].filter((n) => n > 1).length,
      'lost emails': lost,
      'rest sent after the kill, s': ((doneAt - killedAt) / 1000).toFixed(1),
    },
  );
  await backupScenarios(backups);
} catch (err) {
  if (!(err instanceof SkipTheRest)) throw err;
} finally {
  stopLoad();
  await multi?.stop().catch(() => undefined);
  if (worker2?.child.exitCode === null) worker2.child.kill('SIGTERM');
  await stopRedis();
  sink?.close();
  try {
    pgCtl('stop', '-m', 'immediate');
  } catch {
    /* already stopped */
  }
  rmSync(dir, { recursive: true, force: true });
}
