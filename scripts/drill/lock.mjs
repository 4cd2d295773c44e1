// The drill's lock scenario (scripts/fault-drill.mjs): an operator holds `LOCK TABLE trades IN ACCESS EXCLUSIVE
// MODE` for 30 s under the load, while four members also add trades (one new account each, so every add is new
// and can be looked for afterwards). Goal: every request answered within 5 s, the p99 of requests that do not
// touch trades (calendar, sign-in, liveness) ≤ 1 s, no add that was refused lands later, no process exits.
import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { dbUrl, sql } from './cluster.mjs';
import { answers, request } from './load.mjs';
import { logMark, logMessagesSince, scenarioRow } from './report.mjs';

const HOLD_MS = Number(process.env.DRILL_LOCK_MS ?? 30_000);
const ADDERS = 4;
const ACCOUNTS_EACH = 150;

/** Accounts made in SQL (the API's per-member limits are not what this measures), one per add to come. */
async function freshAccounts(m, k) {
  const r = await sql(
    `insert into accounts (user_id, broker, type, nickname, position)
     select u.id, 'Drill Broker', 'Individual Cash', 'Lock ' || g, 1000 + g
     from users u, generate_series(1, $2::int) g where u.email = $1 returning id::text as id`,
    [m.email, ACCOUNTS_EACH],
  );
  return { ...m, k, accounts: r.rows.map((x) => x.id) };
}

/** Adds a trade on a new account every ~150 ms; remembers which accounts got no 2xx. */
async function adder(urls, m, splitId, state) {
  for (let n = 0; !state.stop && n < m.accounts.length; n += 1) {
    const accountId = m.accounts[n];
    const a = await request(urls[(n + m.k) % 2], 'POST', '/api/trades/add', {
      token: m.token,
      body: { newTrade: { accountId, splitId, buy_price: 2 } },
    });
    answers.push({ ...a, kind: 'trade add' });
    if (a.status >= 200 && a.status < 300) state.acked.push(accountId);
    else state.refused.push(accountId);
    await sleep(Math.max(0, 150 - a.ms));
  }
}

/** What /api/ready said while the lock was held, e.g. `503 degraded: queries timing out on trades`. */
async function readiness(urls, state) {
  const seen = new Set();
  for (let n = 0; !state.released; n += 1) {
    const r = await request(urls[n % 2], 'GET', '/api/ready');
    answers.push({ ...r, kind: 'ready' });
    seen.add(`${r.status} ${r.json?.data?.database ?? '?'}: ${(r.json?.data?.reasons ?? []).join('; ') || 'ready'}`);
    await sleep(Math.max(0, 500 - r.ms));
  }
  return [...seen];
}

export async function lockScenario({ urls, procs, members, splitId }) {
  const adders = await Promise.all(members.slice(0, ADDERS).map(freshAccounts));
  const state = { stop: false, released: false, acked: [], refused: [] };
  const from = Date.now();
  const mark = logMark(procs);
  const adding = adders.map((m) => adder(urls, m, splitId, state));
  await sleep(3000);
  const holder = new pg.Client({ connectionString: dbUrl });
  await holder.connect();
  await holder.query('begin');
  await holder.query('lock table trades in access exclusive mode');
  const lockedAt = Date.now();
  const ready = readiness(urls, state);
  await sleep(HOLD_MS);
  await holder.query('commit');
  await holder.end();
  const releasedAt = Date.now();
  state.released = true;
  await sleep(5000);
  state.stop = true;
  await Promise.all(adding);
  const to = Date.now();
  // A refused add still waiting somewhere would land now; give it the longest deadline there is.
  await sleep(4000);
  const stored = new Set(
    (
      await sql(`select account_id::text as id from trades where account_id = any($1::uuid[])`, [
        [...state.acked, ...state.refused],
      ])
    ).rows.map((r) => r.id),
  );
  const during = answers.filter((a) => a.t >= lockedAt && a.t <= releasedAt);
  return {
    row: scenarioRow(`lock held ${HOLD_MS / 1000} s on trades (LOCK TABLE … ACCESS EXCLUSIVE) under the load`, {
      from,
      to,
      recoverFrom: releasedAt,
      procs,
      mark,
      missing: state.acked.filter((id) => !stored.has(id)).length,
      appliedAfterRefusal: state.refused.filter((id) => stored.has(id)).length,
    }),
    extra: {
      'trade adds: 2xx / refused': `${state.acked.length} / ${state.refused.length}`,
      'answers while locked, by kind': byKind(during),
      'log lines': logMessagesSince(procs, mark),
      '/api/ready while locked': (await ready).join(' | '),
    },
  };
}

/** Per request kind: answers by status, and the slowest, e.g. `calendar 200×154 max 1369 ms`. */
function byKind(list) {
  const kinds = new Map();
  for (const a of list) {
    const k = kinds.get(a.kind) ?? { statuses: new Map(), max: 0 };
    k.statuses.set(a.status, (k.statuses.get(a.status) ?? 0) + 1);
    k.max = Math.max(k.max, a.ms);
    kinds.set(a.kind, k);
  }
  return [...kinds]
    .map(([kind, k]) => `${kind} ${[...k.statuses].map(([s, n]) => `${s}×${n}`).join(' ')} max ${k.max} ms`)
    .join('; ');
}
