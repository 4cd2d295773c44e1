// `npm run drill`: the faults of issue 23 on the two-replica layout (`npm run multi`), measured.
//
// Starts a PostgreSQL cluster and a redis-server of its own (temporary folder, own ports; nothing of
// the machine's is touched), the layout on them (two APIs, one worker), and a load of about 100
// requests a second from 8 Pro members (the calendar, trade edits, sign-ins) spread over both
// replicas. Then, one after another, with quiet time between:
//   1. `pg_ctl restart -m fast` of the database;
//   2. every backend inside a transaction ended with pg_terminate_backend, for 5 s;
//   3. Redis stopped for 25 s, then started again;
//   4. the worker killed with SIGKILL during a 600-recipient announcement, and started again.
// Prints, per fault: 503 and other 5xx answers, the time from the fault to the last failed answer, acknowledged
// writes that do not read back, processes that exited, and (4) duplicate and lost emails.
//
// Needs PostgreSQL's server binaries (DRILL_PG_BIN, default /usr/lib/postgresql/15/bin) and
// redis-server on PATH. Run as root, it runs PostgreSQL as the `postgres` user.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { startMulti, startProcess } from './multi.mjs';
import { startSmtpSink } from '../apps/server/test/smtp.ts';

const PG_BIN = process.env.DRILL_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;
const pgPort = 25_000 + Math.floor(Math.random() * 5000);
const redisPort = pgPort + 1;
const apiPorts = [pgPort + 2, pgPort + 3];
const dir = mkdtempSync(path.join(tmpdir(), 'roundup-drill-'));
chmodSync(dir, 0o777);
const pgData = path.join(dir, 'pg');

const run = (cmd, args) => {
  const full = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const r = spawnSync(full[0], full[1], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
};
const pgCtlArgs = (args) => ['-D', pgData, '-l', path.join(dir, 'pg.log'), '-w', '-o', `-p ${pgPort} -k ${dir}`, ...args];
const pgCtl = (...args) => run(path.join(PG_BIN, 'pg_ctl'), pgCtlArgs(args));
/** pg_ctl without blocking this process's event loop (the load goes on meanwhile). */
const pgCtlAsync = (...args) =>
  new Promise((resolve, reject) => {
    const cmd = path.join(PG_BIN, 'pg_ctl');
    const full = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...pgCtlArgs(args)]] : [cmd, pgCtlArgs(args)];
    spawn(full[0], full[1], { stdio: 'ignore' }).on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`pg_ctl ${args} exited ${code}`)),
    );
  });

const dbUrl = `postgres://postgres@127.0.0.1:${pgPort}/roundup_drill`;
const redisUrl = `redis://127.0.0.1:${redisPort}`;
let redis = null;
const startRedis = () => {
  redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
};
const stopRedis = () =>
  new Promise((resolve) => {
    if (!redis || redis.exitCode !== null) return resolve();
    redis.once('exit', resolve);
    redis.kill('SIGKILL');
  });

async function sql(text, params) {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    return await c.query(text, params);
  } finally {
    await c.end();
  }
}

// ── the load ────────────────────────────────────────────────────────────────────────────────
const answers = []; // { t, status, kind }
const acked = new Map(); // tradeId → last acknowledged price
const tried = new Map(); // tradeId → prices sent since that acknowledgement
let loadOn = true;

async function request(base, method, route, { token, body } = {}) {
  const t = Date.now();
  try {
    const res = await fetch(base + route, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    const json = await res.json().catch(() => null);
    return { t, status: res.status, ms: Date.now() - t, json };
  } catch {
    return { t, status: 0, ms: Date.now() - t, json: null };
  }
}

async function member(urls, m, k) {
  for (let n = 1; loadOn; n += 1) {
    const base = urls[n % 2];
    const pick = n % 8;
    let a;
    if (pick === 0) {
      a = await request(base, 'POST', '/api/auth/login', { body: { email: m.email, password: m.password } });
      answers.push({ ...a, kind: 'sign-in' });
    } else if (pick % 2 === 1) {
      a = await request(base, 'GET', '/api/rs', { token: m.token });
      answers.push({ ...a, kind: 'calendar' });
    } else {
      const price = Number(`${k + 1}.${String(n).padStart(5, '0')}`);
      tried.set(m.tradeId, [...(tried.get(m.tradeId) ?? []), price]);
      a = await request(base, 'POST', '/api/trades/edit', {
        token: m.token,
        body: { newTrade: { _id: m.tradeId, buy_price: price } },
      });
      answers.push({ ...a, kind: 'trade edit' });
      if (a.status === 200) {
        acked.set(m.tradeId, price);
        tried.set(m.tradeId, []);
      }
    }
    await sleep(Math.max(0, 80 - a.ms));
  }
}

async function readBack(urls, members, splitId) {
  let missing = 0;
  for (const m of members) {
    const r = await request(urls[0], 'GET', `/api/trades/s/${m.accountId}/${splitId}`, { token: m.token });
    const stored = r.json?.data?.trade?.buy_price;
    const allowed = [acked.get(m.tradeId) ?? 1, ...(tried.get(m.tradeId) ?? [])];
    if (!allowed.includes(stored)) missing += 1;
  }
  return missing;
}

function report(name, from, to, procs) {
  const window = answers.filter((a) => a.t >= from && a.t <= to);
  const failed = window.filter((a) => a.status >= 500 || a.status === 0);
  const last = failed.length ? Math.max(...failed.map((a) => a.t + a.ms)) : from;
  const byKind = {};
  for (const a of failed) byKind[a.kind] = (byKind[a.kind] ?? 0) + 1;
  const signIns = window
    .filter((a) => a.kind === 'sign-in')
    .map((a) => a.ms)
    .sort((x, y) => x - y);
  return {
    fault: name,
    requests: window.length,
    '503 (Retry-After)': failed.filter((a) => a.status === 503).length,
    'other 5xx': failed.filter((a) => a.status >= 500 && a.status !== 503).length,
    'no answer': failed.filter((a) => a.status === 0).length,
    'by kind': JSON.stringify(byKind),
    'recovered after s': ((last - from) / 1000).toFixed(1),
    'sign-in median / max ms': signIns.length ? `${signIns[Math.floor(signIns.length / 2)]} / ${signIns.at(-1)}` : '-',
    'processes exited':
      procs
        .filter((p) => p.child.exitCode !== null)
        .map((p) => p.name)
        .join(', ') || 'none',
  };
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
  const load = members.map((m, k) => member(urls, m, k));
  const rows = [];
  await sleep(5000);
  const quiet = report('none (5 s of load)', Date.now() - 5000, Date.now(), multi.procs);
  rows.push(quiet);

  // 1. A restart of PostgreSQL.
  let from = Date.now();
  await pgCtlAsync('restart', '-m', 'fast');
  const restartSeconds = ((Date.now() - from) / 1000).toFixed(1);
  await sleep(10_000);
  rows.push(report(`PostgreSQL restart (pg_ctl restart -m fast, ${restartSeconds} s)`, from, Date.now(), multi.procs));

  // 2. Backends ended inside their transactions.
  from = Date.now();
  let ended = 0;
  while (Date.now() - from < 5000) {
    const r = await sql(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = 'roundup_drill' and pid <> pg_backend_pid() and xact_start is not null and query not ilike 'listen%'`,
    );
    ended += r.rowCount;
  }
  await sleep(5000);
  rows.push(report(`pg_terminate_backend in transactions (${ended} ended)`, from, Date.now(), multi.procs));

  // 3. Redis away for 25 s.
  from = Date.now();
  await stopRedis();
  const ready = [];
  for (let i = 0; i < 5; i += 1) {
    await sleep(4000);
    ready.push((await request(urls[i % 2], 'GET', '/api/ready')).json?.data?.redis);
  }
  await sleep(5000);
  startRedis();
  await sleep(5000);
  rows.push({
    ...report('Redis stopped 25 s', from, Date.now(), multi.procs),
    '/api/ready redis': [...new Set(ready)].join(','),
  });

  // 4. The worker killed during a 600-recipient announcement.
  loadOn = false;
  await Promise.all(load);
  const missingWrites = await readBack(urls, members, splitId);
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
  rows.push({
    fault: `worker SIGKILL mid fan-out (${sent.status === 200 ? 'announcement queued' : `announce answered ${sent.status}`})`,
    deliveries: expected,
    'sent before the kill': killedAfter,
    duplicates: [...counts.values()].filter((n) => n > 1).length,
    lost: [...deliveredTo].filter((r) => !counts.has(r)).length,
    'rest sent after the kill, s': ((doneAt - killedAt) / 1000).toFixed(1),
  });
  rows.push({ fault: 'acknowledged trade edits that do not read back', missing: missingWrites });
  for (const r of rows) console.log(JSON.stringify(r));
} finally {
  loadOn = false;
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
