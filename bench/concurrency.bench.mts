/**
 * An admin re-dates splits while 50 members edit their trades on them, all at once.
 * Prints the requests that did not answer 2xx ("errors") and the members whose stored analytics
 * totals (decision 008) no longer equal the totals of their raw trades ("drift"): both must be 0.
 * Also the deadlocks PostgreSQL detected (db/retry.ts runs such a transaction again, decision 010).
 *
 * Baseline, same run: the same member edits with no admin re-dating; the ratio shows what the
 * re-dates' locks cost the members' saves.
 * Runs the real app through `inject` on an in-memory PGlite, or BENCH_DATABASE_URL (PostgreSQL,
 * where deadlocks can really happen). Env: BENCH_MEMBERS (50), BENCH_ROUNDS (10).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app';
import { migrate, openDatabase } from '../apps/server/src/db/client';
import { testConfig } from '../apps/server/src/env';
import { analyticsRepo } from '../apps/server/src/modules/analytics/repo';
import { totalsFromTrades, type TradeTotals } from '../apps/server/src/modules/analytics/rules';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const SPLITS = 3;
const ACCOUNTS = 2;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const canonical = (x: TradeTotals) =>
  JSON.stringify({
    months: [...x.months].map((m) => `${m.accountId} ${m.month} ${m.ticks} ${m.trades}`).sort(),
    splits: [...x.splits].map((s) => `${s.id} ${s.ticks} ${s.trades}`).sort(),
    returnDays: [...x.returnDays].map((r) => `${r.accountId} ${r.days} ${r.trades}`).sort(),
    openCount: x.openCount,
    totalTrades: x.totalTrades,
  });

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(url ? { url, poolSize: 10 } : { dataDir: 'memory://' });
  await migrate(database);
  const app = await buildApp({ database, config: testConfig({ RATE_LIMIT_SCALE: 100_000 }), webDist: null, logger: false });
  await app.ready();
  const run = randomBytes(3).toString('hex');
  const inject = (method: 'GET' | 'POST', path: string, token: string | null, payload?: unknown) =>
    app.inject({ method, url: path, headers: token ? { authorization: `Bearer ${token}` } : {}, payload: payload as never });
  const register = async (name: string) => {
    const res = await inject('POST', '/api/auth/register', null, {
      username: name,
      email: `${name}@example.com`,
      password: 'a long bench passphrase',
      consent: true,
    });
    if (res.statusCode !== 200) throw new Error(`register ${name}: ${res.body.slice(0, 200)}`);
    const { token, user } = res.json().data;
    return { token: token as string, id: (user._id ?? user.id) as string };
  };

  const admin = await register(`cadmin${run}`);
  await database.query(`update users set role = 'Admin' where id = $1`, [admin.id]);
  const { rows: b } = await database.query<{ id: string }>(
    `insert into brokers (name, share_return_time) values ($1, 2) returning id`,
    [`Race Broker ${run}`],
  );
  const splitBody = (i: number, effDate: string) => ({
    name: `Race ${run} ${i}, Inc.`,
    ticker: `R${run.slice(0, 3).toUpperCase()}${i}`,
    effDate,
    buyDate: '2026-01-05',
    ratio: 10,
    price: 1,
    estProfit: '',
    avgProfit: 0,
    status: 'Complete',
    rsType: 'Round Up',
    source: '',
    notes: '',
    caution: false,
  });
  const splits: string[] = [];
  for (let i = 0; i < SPLITS; i++) {
    const res = await inject('POST', '/api/rs/add', admin.token, { newTicker: splitBody(i, '2026-02-02') });
    if (res.statusCode !== 200) throw new Error(`split: ${res.body.slice(0, 200)}`);
    splits.push(res.json().data.split._id);
  }
  const members: { id: string; token: string; trades: string[] }[] = [];
  for (let m = 0; m < MEMBERS; m++) {
    const u = await register(`cm${run}x${m}`);
    await database.query(`update users set role = 'Pro' where id = $1`, [u.id]);
    const trades: string[] = [];
    for (let a = 0; a < ACCOUNTS; a++) {
      const res = await inject('POST', '/api/accounts/add', u.token, {
        newAccount: { brokerId: b[0].id, type: 'Individual Cash', nickname: `A${a}` },
      });
      const accountId = (res.json().data.accounts as { _id: string; nickname: string }[]).find(
        (x) => x.nickname === `A${a}`,
      )!._id;
      for (const splitId of splits) {
        const t = await inject('POST', '/api/trades/add', u.token, {
          newTrade: { accountId, splitId, buy_price: 1, sell_price: 2 },
        });
        if (t.statusCode !== 200) throw new Error(`trade: ${t.body.slice(0, 200)}`);
        trades.push(t.json().data.trade._id);
      }
    }
    members.push({ ...u, trades });
  }
  console.log(
    `${MEMBERS} members × ${ACCOUNTS} accounts × ${SPLITS} splits = ${MEMBERS * ACCOUNTS * SPLITS} trades on ${database.kind}; ${ROUNDS} rounds`,
  );

  const effDates = ['2026-02-09', '2026-02-23', '2026-03-09', '2026-01-26', '2026-03-16', '2026-02-12'];
  const kinds = [
    { buy_price: 1.1, sell_price: 2.35, sell_date: '2026-03-20' },
    { buy_price: 0.5, sell_price: 0.45, sell_date: null },
    { buy_price: 2, sell_price: null, sell_date: null },
    { buy_price: 1.25, sell_price: 3.5, sell_date: '2026-02-27' },
    { sell_price: 1.5 },
  ];
  const deadlocks = async () =>
    database.kind === 'postgres'
      ? Number(
          (await database.query<{ n: string }>('select deadlocks as n from pg_stat_database where datname = current_database()'))
            .rows[0].n,
        )
      : 0;

  /**
   * One scenario: every round, each member saves all of their trades at once (two tabs, a quick
   * form) while the admin keeps re-dating every split until the members are done (or does not).
   */
  async function scenario(redate: boolean) {
    const statuses: number[] = [];
    const saves: number[] = [];
    let redates = 0;
    const t0 = performance.now();
    for (let round = 0; round < ROUNDS; round++) {
      let membersDone = false;
      const memberWork = Promise.all(
        members.flatMap((member, m) =>
          member.trades.map(async (id, k) => {
            const s0 = performance.now();
            const res = await inject('POST', '/api/trades/edit', member.token, {
              newTrade: { _id: id, ...kinds[(round + m + k) % kinds.length] },
            });
            saves.push(performance.now() - s0);
            statuses.push(res.statusCode);
          }),
        ),
      ).then(() => {
        membersDone = true;
      });
      const adminWork = (async () => {
        if (!redate) return;
        // All splits at once (admins in several tabs), again and again until the members are done.
        for (let n = 0; n === 0 || !membersDone; n++) {
          await Promise.all(
            splits.map(async (splitId, i) => {
              const res = await inject('POST', '/api/rs/edit', admin.token, {
                newTicker: { _id: splitId, ...splitBody(i, effDates[(round + n + i) % effDates.length]) },
              });
              statuses.push(res.statusCode);
              redates += 1;
            }),
          );
        }
      })();
      await Promise.all([memberWork, adminWork]);
    }
    return { wallMs: performance.now() - t0, statuses, saves: saves.sort((x, y) => x - y), redates };
  }

  const repo = analyticsRepo(database.db);
  async function drift() {
    let members = 0;
    let cents = 0;
    for (const m of ids()) {
      const { accounts: _a, ...stored } = await repo.totalsFor(m, Number.MAX_SAFE_INTEGER);
      const records = await repo.recordsFor(m);
      const raw = totalsFromTrades(records.trades, records.splits);
      if (canonical(stored) !== canonical(raw)) members += 1;
      const sum = (x: TradeTotals) => x.months.reduce((s, r) => s + r.ticks, 0);
      cents += Math.abs(sum(stored) - sum(raw)) / 100;
    }
    return { members, cents };
  }
  const ids = () => members.map((m) => m.id);

  const d0 = await deadlocks();
  const base = await scenario(false);
  const d1 = await deadlocks();
  const race = await scenario(true);
  const d2 = await deadlocks();
  const bad = (s: number[]) => s.filter((x) => x < 200 || x > 299).length;
  const after = await drift();

  const line = (name: string, r: typeof base, dl: number) =>
    `${name}: ${r.statuses.length} requests in ${(r.wallMs / 1000).toFixed(1)} s; save median ${pct(r.saves, 50).toFixed(1)} ms, p99 ${pct(r.saves, 99).toFixed(1)} ms; ` +
    `${r.redates} re-dates; errors (non-2xx) ${bad(r.statuses)}; deadlocks PostgreSQL detected ${database.kind === 'postgres' ? dl : 'n/a (PGlite runs one statement at a time)'}`;
  console.log(line('baseline, members editing, no re-dates', base, d1 - d0));
  console.log(line(`admin re-dating ${SPLITS} splits + ${MEMBERS} members editing`, race, d2 - d1));
  console.log(
    `  → save median ratio re-dating/baseline ${(pct(race.saves, 50) / pct(base.saves, 50)).toFixed(2)}×, wall ratio ${(race.wallMs / base.wallMs).toFixed(2)}×`,
  );
  console.log(
    `errors ${bad(base.statuses) + bad(race.statuses)}, drift ${after.members} members ($${after.cents.toFixed(2)}) — both must be 0`,
  );
  await app.close();
  await database.close();
  if (bad(base.statuses) + bad(race.statuses) > 0 || after.members > 0) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
