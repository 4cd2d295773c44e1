/**
 * Issue #4 budget: member analytics for 60 accounts × 400 splits (24,000 trades):
 * server time of GET /api/analytics/mine, median and p99 of 200 sequential calls, p99 ≤ 100 ms.
 *
 * Runs the real app (buildApp with every plugin and hook, session lookup per request) through
 * `inject` on an in-memory PGlite (or BENCH_DATABASE_URL for PostgreSQL). Also times the pure
 * `summarize` alone, so the split between database and arithmetic is visible, checks that the
 * stored totals give the summary the raw trades give, and measures what keeping those totals
 * costs one trade save (with and without the triggers, same run).
 * Env: BENCH_CALLS (default 200), BENCH_STRICT=1 to exit 1 over budget.
 */
import { benchMember } from './lib/member-app.mts';
import { performance } from 'node:perf_hooks';
import { analyticsRepo } from '../apps/server/src/modules/analytics/repo';
import { totalsFromTrades } from '../apps/server/src/modules/analytics/rules';
import { OPEN_POSITIONS_IN_SUMMARY, summarize } from '../apps/server/src/modules/analytics/summary-rules';

const ACCOUNTS = 60;
const SPLITS = 400;
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const BUDGET_P99_MS = 100;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const { database, app, token, userId } = await benchMember('benchanalytics');

  // 10 brokers, 60 accounts, 400 splits, and one trade per account and split: 24,000 trades.
  await database.query(
    `insert into brokers (name, share_return_time) select 'Bench Broker ' || g, (array[0,1,2,3,4,5,10,14])[1 + g % 8] from generate_series(1, 10) g`,
  );
  await database.query(
    `insert into accounts (user_id, broker_id, broker, type, nickname, position)
     select $1, b.id, b.name, 'Individual Cash', 'Account ' || g, g
     from generate_series(0, ${ACCOUNTS - 1}) g
     join (select id, name, row_number() over (order by name) - 1 as n from brokers) b on b.n = g % 10`,
    [userId],
  );
  await database.query(
    `insert into reverse_splits (name, ticker, eff_date, buy_date, ratio, price, status, rs_type)
     select 'Bench Split ' || g || ', Inc.', 'BS' || g, date '2024-01-02' + g * 2, date '2024-01-01' + g * 2, 10, 1.5, 'Complete', 'Round Up'
     from generate_series(0, ${SPLITS - 1}) g`,
  );
  await database.query(
    `insert into trades (user_id, split_id, account_id, ticker, buy_date, buy_price, sell_date, sell_price)
     select $1, s.id, a.id, s.ticker, s.buy_date,
            (100 + abs(hashtext(s.id::text || a.id::text)) % 400) / 100.0,
            case when abs(hashtext(a.id::text || s.id::text)) % 10 = 0 then null else s.eff_date + (abs(hashtext(s.ticker || a.nickname)) % 12) end,
            case when abs(hashtext(a.id::text || s.id::text)) % 10 = 0 then null else (300 + abs(hashtext(a.nickname || s.ticker)) % 600) / 100.0 end
     from reverse_splits s cross join accounts a where a.user_id = $1`,
    [userId],
  );
  const { rows } = await database.query<{ n: number }>('select count(*)::int as n from trades where user_id = $1', [userId]);
  console.log(`seeded ${rows[0].n} trades (${ACCOUNTS} accounts × ${SPLITS} splits) on ${database.kind}`);

  const call = () => app.inject({ method: 'GET', url: '/api/analytics/mine', headers: { authorization: `Bearer ${token}` } });
  const first = await call();
  if (first.statusCode !== 200) throw new Error(`analytics answered ${first.statusCode}: ${first.body.slice(0, 200)}`);
  const totals = first.json().data.analytics.totals;
  console.log(`payload ${(first.body.length / 1024).toFixed(0)} KB; totals ${JSON.stringify(totals)}`);
  // The stored totals (decision 008) must give the summary the raw trades give.
  const repo = analyticsRepo(database.db);
  const records = await repo.recordsFor(userId);
  const fromRaw = summarize({
    today: first.json().data.analytics.today,
    accounts: records.accounts,
    ...totalsFromTrades(records.trades, records.splits),
  });
  if (JSON.stringify(fromRaw) !== JSON.stringify(first.json().data.analytics))
    throw new Error('stored totals disagree with the raw trades');
  for (let i = 0; i < 10; i++) await call();

  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const t0 = performance.now();
    const res = await call();
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`call ${i} answered ${res.statusCode}`);
  }
  times.sort((a, b) => a - b);

  // The pure part alone (no database, no HTTP).
  const input = await repo.totalsFor(userId, OPEN_POSITIONS_IN_SUMMARY);
  const pure: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    summarize({ ...input, today: '2026-06-01' });
    pure.push(performance.now() - t0);
  }
  pure.sort((a, b) => a - b);

  // Baseline in the same run: the cheapest endpoint, to show how loaded the machine is.
  const base: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const t0 = performance.now();
    await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    base.push(performance.now() - t0);
  }
  base.sort((a, b) => a - b);

  const p50 = pct(times, 50);
  const p99 = pct(times, 99);
  console.log(
    `GET /api/analytics/mine × ${CALLS}: median ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms`,
  );
  console.log(
    `  baseline GET /api/auth/me (session lookup only) × ${CALLS}: median ${pct(base, 50).toFixed(1)} ms, p99 ${pct(base, 99).toFixed(1)} ms → analytics/baseline median ${(p50 / pct(base, 50)).toFixed(1)}×`,
  );
  console.log(`  of which summarize() (pure, over the stored totals): median ${pct(pure, 50).toFixed(1)} ms`);
  console.log(
    `  budget p99 ≤ ${BUDGET_P99_MS} ms → p99/budget = ${(p99 / BUDGET_P99_MS).toFixed(2)} ${p99 <= BUDGET_P99_MS ? 'OK' : 'OVER BUDGET'}`,
  );

  // What keeping the totals costs a trade save: POST /api/trades/edit with the totals triggers,
  // then with them disabled (the baseline, same run; the totals go stale, so this runs last).
  const { rows: some } = await database.query<{ id: string }>('select id from trades where user_id = $1 order by id limit 20', [
    userId,
  ]);
  const edits = async () => {
    const out: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const payload = {
        newTrade: {
          _id: some[i % some.length].id,
          buy_price: 1 + (i % 7) / 100,
          sell_price: i % 3 ? 2.5 : null,
          sell_date: i % 3 ? '2026-06-01' : null,
        },
      };
      const t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/trades/edit',
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
      out.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`edit ${i} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    }
    return out.sort((a, b) => a - b);
  };
  const withTotals = await edits();
  await database.query('alter table trades disable trigger trades_totals_update');
  const without = await edits();
  await database.query('alter table trades enable trigger trades_totals_update');
  console.log(
    `POST /api/trades/edit × ${CALLS}: median ${pct(withTotals, 50).toFixed(1)} ms, p99 ${pct(withTotals, 99).toFixed(1)} ms; ` +
      `without the totals triggers median ${pct(without, 50).toFixed(1)} ms → ${(pct(withTotals, 50) / pct(without, 50)).toFixed(2)}× per save`,
  );
  await app.close();
  await database.close();
  if (process.env.BENCH_STRICT === '1' && p99 > BUDGET_P99_MS) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
