/**
 * Budget: POST /api/trades/bulk for 60 accounts answers in ≤ 150 ms p99.
 *
 * The real app through `inject` on an in-memory PGlite (or BENCH_DATABASE_URL), a Pro member with
 * 60 accounts and 400 earlier splits traded in each (24,000 trades, so the analytics triggers and
 * indexes work at a member's real size). Each call sets a new buy price on the same split in all
 * 60 accounts (the first call creates the trades). Baseline in the same run: POST /api/trades/edit
 * of one trade, so the ratio says what one bulk action costs against one single save.
 * Env: BENCH_CALLS (default 100), BENCH_STRICT=1 to exit 1 over budget.
 */
import { benchMember } from './lib/member-app.mts';
import { performance } from 'node:perf_hooks';

const ACCOUNTS = 60;
const SPLITS = 400;
const CALLS = Number(process.env.BENCH_CALLS ?? 100);
const BUDGET_P99_MS = 150;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const { database, app, token, userId } = await benchMember('benchbulk');
await database.query(
  `insert into brokers (name, share_return_time) select 'Bench Broker ' || g, 1 from generate_series(1, 10) g`,
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
   select 'Old Split ' || g, 'OS' || g, date '2024-01-02' + g * 2, date '2024-01-01' + g * 2, 10, 1.5, 'Complete', 'Round Up'
   from generate_series(0, ${SPLITS - 1}) g`,
);
await database.query(
  `insert into trades (user_id, split_id, account_id, ticker, buy_date, buy_price)
   select $1, s.id, a.id, s.ticker, s.buy_date, 1.5 from reverse_splits s cross join accounts a where a.user_id = $1`,
  [userId],
);
const { rows } = await database.query<{ id: string }>(
  `insert into reverse_splits (name, ticker, eff_date, buy_date, ratio, price, status, rs_type)
   values ('Bulk Bench', 'BULKB', current_date + 3, current_date + 2, 20, 1.2, 'Upcoming', 'Round Up') returning id::text as id`,
);
const splitId = rows[0].id;
const accountIds = (
  await database.query<{ id: string }>('select id::text as id from accounts where user_id = $1 order by position', [userId])
).rows.map((r) => r.id);
const auth = { authorization: `Bearer ${token}` };
const bulk = (price: number) =>
  app.inject({ method: 'POST', url: '/api/trades/bulk', headers: auth, payload: { splitId, accountIds, buy_price: price } });
const first = await bulk(1);
if (first.statusCode !== 200 || first.json().data.trades.length !== ACCOUNTS)
  throw new Error(`bulk answered ${first.statusCode}: ${first.body.slice(0, 300)}`);
const oneTrade = first.json().data.trades[0]._id as string;
const single = (price: number) =>
  app.inject({
    method: 'POST',
    url: '/api/trades/edit',
    headers: auth,
    payload: { newTrade: { _id: oneTrade, buy_price: price } },
  });

const time = async (fn: (i: number) => Promise<{ statusCode: number }>) => {
  const out: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const t = performance.now();
    const res = await fn(i);
    out.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}`);
  }
  return out.sort((a, b) => a - b);
};
for (let i = 0; i < 10; i++) await bulk(1 + i / 100);
const bulkMs = await time((i) => bulk(1 + (i % 50) / 100));
const singleMs = await time((i) => single(1 + (i % 50) / 100));
const p99 = pct(bulkMs, 99);
console.log(
  `${database.kind}: POST /api/trades/bulk, ${ACCOUNTS} accounts, ${CALLS} calls, member with ${ACCOUNTS * SPLITS} earlier trades`,
);
console.log(
  `  bulk    p50 ${pct(bulkMs, 50).toFixed(1)} ms  p99 ${p99.toFixed(1)} ms (budget ≤ ${BUDGET_P99_MS} ms, ${p99 <= BUDGET_P99_MS ? 'within' : 'OVER'})`,
);
console.log(
  `  single  p50 ${pct(singleMs, 50).toFixed(1)} ms  p99 ${pct(singleMs, 99).toFixed(1)} ms (POST /api/trades/edit of one trade)`,
);
console.log(
  `  ratio: one bulk action for ${ACCOUNTS} accounts costs ${(pct(bulkMs, 50) / pct(singleMs, 50)).toFixed(1)}× one single save (${ACCOUNTS} single saves would cost ${ACCOUNTS}×)`,
);
await app.close();
await database.close();
if (process.env.BENCH_STRICT && p99 > BUDGET_P99_MS) process.exit(1);
