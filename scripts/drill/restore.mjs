// The drill's restore scenario (`npm run drill`): a backup taken while members write is a backup that restores.
//
// 1. Under a load of account adds and calendar reads, a repeatable-read transaction exports a snapshot and
//    counts the tables in it; `pg_dump --snapshot` writes exactly that snapshot (the backup of
//    docs/operations.md, online), while the load goes on.
// 2. `pg_restore` into a new database, and an API started on it.
// 3. Checks: every account add acknowledged before the snapshot is in the restored database; the restored
//    tables hold what the snapshot held; the analytics totals the triggers keep equal the totals of the raw
//    trades (decision 008); the delivery log agrees with the queue; each member signs in on the restored API.
// 4. The embedded PGlite backup docs/operations.md describes (stop, copy the folder) and the online one
//    (`dumpDataDir`), timed on a database of 10,000 trades, each restored and counted.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { startProcess } from '../multi.mjs';
import { PG_BIN, dir, pgPort, sql } from './cluster.mjs';
import { call, presentAccounts, scenarioRow, startScenarioLoad } from './scenario-load.mjs';
import { openDatabase, migrate } from '../../apps/server/src/db/client.ts';
import { analyticsRepo } from '../../apps/server/src/modules/analytics/repo.ts';
import { totalsFromTrades } from '../../apps/server/src/modules/analytics/rules.ts';

/** A client binary (pg_dump, pg_restore), without blocking the event loop: the load goes on meanwhile. */
export const runAsync = (cmd, args) =>
  new Promise((resolve, reject) => {
    let err = '';
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} exited ${code}: ${err}`))));
  });

export const urlOf = (port, name) => `postgres://postgres@127.0.0.1:${port}/${name}`;

/** One statement on the database at `url`. */
export const query = (url, text, params) => sql(text, params, url);

/** What the restored database must hold exactly as the snapshot did. */
const COUNTS = `select
  (select count(*) from users)::int as users, (select count(*) from accounts)::int as accounts,
  (select count(*) from trades)::int as trades, (select count(*) from notification_events)::int as events,
  (select coalesce(json_object_agg(status, n), '{}') from (select status, count(*)::int as n from notification_deliveries group by status) s) as deliveries,
  (select count(*) from idempotency_keys)::int as "idempotency keys"`;

/** Order-free totals, so stored and computed compare exactly. */
const sorted = (xs) => [...xs].map((x) => JSON.stringify(x)).sort();
const canonical = (x) => ({
  months: sorted(x.months),
  splits: sorted(x.splits),
  returnDays: sorted(x.returnDays),
  open: sorted(x.open),
  openCount: x.openCount,
  totalTrades: x.totalTrades,
});

/** Members whose stored analytics totals differ from the totals of their raw trades (decision 008). */
async function analyticsDisagreements(url) {
  const database = await openDatabase({ url, poolSize: 2 });
  try {
    const repo = analyticsRepo(database.db);
    const users = (await database.query('select distinct user_id::text as id from trades')).rows;
    let differ = 0;
    for (const { id } of users) {
      const { accounts: _accounts, ...stored } = await repo.totalsFor(id, Number.MAX_SAFE_INTEGER);
      const records = await repo.recordsFor(id);
      if (!isDeepStrictEqual(canonical(stored), canonical(totalsFromTrades(records.trades, records.splits)))) differ += 1;
    }
    return { members: users.length, differ };
  } finally {
    await database.close();
  }
}

/** The delivery log against the queue: each delivery's event is queued, and a status agrees with its times. */
async function deliveryDisagreements(url) {
  const r = await query(
    url,
    `select
      (select count(*) from notification_deliveries d where not exists (select 1 from notification_events e where e.id = d.event_id))::int as orphans,
      (select count(*) from notification_deliveries where (status = 'sent') <> (sent_at is not null))::int as "sent without time",
      (select count(*) from notification_events e where fanout_done_at is not null and not fanout_pending
         and not exists (select 1 from notification_deliveries d where d.event_id = e.id)
         and e.kind = 'announcement')::int as "announcements without deliveries"`,
  );
  return r.rows[0];
}

/** Times the PGlite backups on a database of `trades` trades: offline (folder archive) and online (dumpDataDir). */
export async function pgliteBackupTiming(trades = 10_000) {
  const { PGlite } = await import('@electric-sql/pglite');
  const root = mkdtempSync(path.join(dir, 'pglite-'));
  const dataDir = path.join(root, 'pglite');
  const database = await openDatabase({ dataDir });
  await migrate(database);
  const members = 50;
  const perMember = trades / members;
  await database.query(`insert into users (username, email, password_hash, email_validated, role)
    select 'b' || i, 'b' || i || '@example.com', 'x', true, 'Pro' from generate_series(1, ${members}) i`);
  await database.query(`insert into reverse_splits (name, ticker, eff_date, buy_date, ratio, status)
    select 'Backup ' || i, 'BK' || i, date '2026-01-05' + i, date '2026-01-05' + i, 10, 'Complete' from generate_series(1, 20) i`);
  await database.query(`insert into accounts (user_id, broker, type, nickname, position)
    select u.id, 'Broker', 'Individual Cash', 'A' || i, i from users u, generate_series(1, ${perMember / 20}) i where u.email like 'b%@example.com'`);
  await database.query(`insert into trades (user_id, split_id, account_id, ticker, buy_date, buy_price, sell_date, sell_price, outcome, outcome_date, legs)
    select a.user_id, s.id, a.id, s.ticker, s.buy_date, 1.25, s.eff_date + 3, 4.5, 'share_received', s.eff_date,
      jsonb_build_array(jsonb_build_object('side', 'buy', 'date', s.buy_date, 'quantity', 1, 'price', 1.25),
                        jsonb_build_object('side', 'sell', 'date', s.eff_date + 3, 'quantity', 1, 'price', 4.5))
    from accounts a, reverse_splits s where s.ticker like 'BK%'`);
  const count = async (db) => Number((await db.query('select count(*)::int as n from trades')).rows[0].n);
  const want = await count(database);

  // Online: while the database is in use (a write every 20 ms; a loop with no pause starves dumpDataDir,
  // which waits for a turn between queries).
  let writing = true;
  let writes = 0;
  const writer = (async () => {
    while (writing) {
      await database.query(`update trades set sell_price = sell_price where id = (select id from trades limit 1)`);
      writes += 1;
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  let t = Date.now();
  const blob = await database.pglite.dumpDataDir('gzip');
  const onlineS = (Date.now() - t) / 1000;
  writing = false;
  await writer;
  const copy = new PGlite({ loadDataDir: blob });
  const onlineOk = (await count(copy)) === want;
  await copy.close();

  // Offline, as docs/operations.md says: stop, archive the folder, restore it and count.
  await database.close();
  t = Date.now();
  const tgz = path.join(root, 'backup.tgz');
  await runAsync('tar', ['czf', tgz, '-C', root, 'pglite']);
  const offlineS = (Date.now() - t) / 1000;
  const restored = path.join(root, 'restored');
  await runAsync('mkdir', ['-p', restored]);
  t = Date.now();
  await runAsync('tar', ['xzf', tgz, '-C', restored]);
  const reopened = new PGlite(path.join(restored, 'pglite'));
  const offlineOk = (await count(reopened)) === want;
  const restoreS = (Date.now() - t) / 1000;
  await reopened.close();
  const result = {
    trades: want,
    'machine load (1 min)': loadavg()[0].toFixed(1),
    'archive MB': (statSync(tgz).size / 1e6).toFixed(1),
    'offline tar s': offlineS.toFixed(2),
    'offline restore + open s': restoreS.toFixed(2),
    'offline restored all': offlineOk,
    'online dumpDataDir s': onlineS.toFixed(2),
    'online dump MB': (blob.size / 1e6).toFixed(1),
    'online restored all': onlineOk,
    'writes during the online dump': writes,
  };
  rmSync(root, { recursive: true, force: true });
  return result;
}

/**
 * The restore scenario on the running layout: `urls` its APIs, `procs` its processes, `members` signed-in Pro
 * members ({ email, password, token }), `env` the layout's environment. Answers the scenario's row.
 */
export async function restoreScenario({ urls, procs, members, brokerId, env, dbName = 'roundup_drill' }) {
  const source = urlOf(pgPort, dbName);
  const target = urlOf(pgPort, 'roundup_restored');
  const load = startScenarioLoad(urls, members, brokerId, { prefix: 'Restore ' });
  const from = Date.now();
  // Enough acknowledged adds before the snapshot for the check to mean something (two per member), however
  // slow a busy machine makes them.
  for (const end = Date.now() + 120_000; load.state.acked.length < 2 * members.length && Date.now() < end;)
    await new Promise((r) => setTimeout(r, 200));

  // The snapshot: every write acknowledged before `snapAt` committed before it.
  const snap = new pg.Client({ connectionString: source });
  await snap.connect();
  const snapAt = Date.now();
  await snap.query('begin isolation level repeatable read');
  const snapshot = (await snap.query('select pg_export_snapshot() as s')).rows[0].s;
  const atSnapshot = (await snap.query(COUNTS)).rows[0];
  const file = path.join(dir, 'drill.dump');
  let t = Date.now();
  const connect = ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'postgres'];
  await runAsync(path.join(PG_BIN, 'pg_dump'), [
    '--format=custom',
    '--no-owner',
    `--snapshot=${snapshot}`,
    ...connect,
    '-f',
    file,
    dbName,
  ]);
  const dumpS = (Date.now() - t) / 1000;
  await snap.query('commit');
  await snap.end();
  await new Promise((r) => setTimeout(r, 2000));
  await load.stop();
  const to = Date.now();

  t = Date.now();
  await query(source.replace(`/${dbName}`, '/postgres'), 'create database roundup_restored');
  await runAsync(path.join(PG_BIN, 'pg_restore'), ['--no-owner', ...connect, '-d', 'roundup_restored', file]);
  const restoreS = (Date.now() - t) / 1000;
  const port = pgPort + 4;
  const api = startProcess(
    'api-restored',
    'apps/server/src/main.ts',
    { ...env, DATABASE_URL: target, PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, RUN_WORKER: 'false' },
    'RoundUp is running',
    { quiet: true },
  );
  try {
    await api.started;
    const servingAgainS = (Date.now() - snapAt) / 1000;
    const before = load.state.acked.filter((a) => a.at < snapAt);
    const missing = before.length - (await presentAccounts((text, params) => query(target, text, params), before));
    const restoredCounts = (await query(target, COUNTS)).rows[0];
    const differing = Object.keys(atSnapshot).filter((k) => !isDeepStrictEqual(atSnapshot[k], restoredCounts[k]));
    const analytics = await analyticsDisagreements(target);
    const deliveries = await deliveryDisagreements(target);
    let signedIn = 0;
    for (const m of members) {
      const r = await call(`http://127.0.0.1:${port}`, 'POST', '/api/auth/login', {
        body: { email: m.email, password: m.password },
      });
      if (r.status === 200) signedIn += 1;
    }
    const applied = await presentAccounts((text, params) => query(source, text, params), load.state.refused);
    return scenarioRow('restore (pg_dump under load, pg_restore, API on it)', load.state, {
      from,
      to,
      procs: [...procs, api],
      servingAgainS: servingAgainS.toFixed(1),
      missing: `${missing} of ${before.length}`,
      appliedAfterRefusal: `${applied} of ${load.state.refused.length}`,
      logLines: '-',
      extra: {
        'pg_dump s / pg_restore s': `${dumpS.toFixed(1)} / ${restoreS.toFixed(1)}`,
        'tables unlike the snapshot': differing.join(', ') || 'none',
        'analytics vs trades (members differing)': `${analytics.differ} of ${analytics.members}`,
        'delivery log vs queue': JSON.stringify(deliveries),
        'deliveries at the snapshot': JSON.stringify(atSnapshot.deliveries),
        'members signed in on the restored API': `${signedIn} of ${members.length}`,
      },
    });
  } finally {
    if (api.child.exitCode === null) api.child.kill('SIGTERM');
  }
}
