/**
 * Budget: importing a 5,000-row statement takes ≤ 2 s.
 *
 * The real app through `inject` on an in-memory PGlite (or BENCH_DATABASE_URL): a Pro member imports
 * a Schwab statement of 5,000 rows — 1,000 splits, each with the dance (buy 100, sell 99), the two
 * "Reverse Split" rows and the kept share's sale — into a fresh account, so each run parses, matches,
 * stores 5,000 fingerprints and writes 1,000 trades in one transaction. Baseline in the same run: the
 * preview of the same file (read, match, no writes), and the re-import (every row taken: writes nothing).
 * Env: BENCH_RUNS (default 3), BENCH_STRICT=1 to exit 1 over budget.
 */
import { performance } from 'node:perf_hooks';
import { benchMember } from './lib/member-app.mts';

const SPLITS = 1_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BUDGET_MS = 2_000;

const { database, app, token, userId } = await benchMember('benchimport');
await database.query(`insert into brokers (name, share_return_time) values ('Charles Schwab', 1)`);
await database.query(
  `insert into accounts (user_id, broker_id, broker, type, nickname, position)
   select $1, b.id, b.name, 'Individual Cash', 'Schwab ' || g, g from generate_series(0, ${RUNS}) g, brokers b`,
  [userId],
);
await database.query(
  `insert into reverse_splits (name, ticker, eff_date, buy_date, ratio, price, status, rs_type)
   select 'Bench Split ' || g, 'BI' || g, date '2026-11-10', date '2026-11-06', 10, 0.5, 'Complete', 'Round Up'
   from generate_series(1, ${SPLITS}) g`,
);
const accountIds = (
  await database.query<{ id: string }>('select id::text as id from accounts where user_id = $1 order by position', [userId])
).rows.map((r) => r.id);

const lines = ['"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount",'];
for (let g = 1; g <= SPLITS; g++) {
  const s = `BI${g}`;
  lines.push(
    `"11/12/2026","Sell","${s}","BENCH ${g} INC","1","$9.00","","$9.00",`,
    `"11/10/2026","Reverse Split","${s}","BENCH ${g} INC","1","","","",`,
    `"11/10/2026","Reverse Split","0${String(g).padStart(4, '0')}X108","BENCH ${g} INC XXXREVERSE SPLIT","-10","","","",`,
    `"11/06/2026","Sell","${s}","BENCH ${g} INC","99","$0.48","","$47.52",`,
    `"11/06/2026","Buy","${s}","BENCH ${g} INC","100","$0.50","","-$50.00",`,
  );
}
const csv = lines.join('\n');
const headers = { authorization: `Bearer ${token}` };
const post = async (url: string, accountId: string) => {
  const t = performance.now();
  const res = await app.inject({ method: 'POST', url, headers, payload: { accountId, csv } });
  const ms = performance.now() - t;
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return { ms, data: res.json().data };
};

// Warm-up: one full import into the spare account.
await post('/api/imports/apply', accountIds[RUNS]);
const apply: number[] = [];
const preview: number[] = [];
const again: number[] = [];
for (let i = 0; i < RUNS; i++) {
  preview.push((await post('/api/imports/preview', accountIds[i])).ms);
  const first = await post('/api/imports/apply', accountIds[i]);
  if (first.data.result.imported !== SPLITS * 5 || first.data.result.saved.length !== SPLITS)
    throw new Error(`imported ${first.data.result.imported} rows and ${first.data.result.saved.length} trades`);
  apply.push(first.ms);
  again.push((await post('/api/imports/apply', accountIds[i])).ms);
}
const worst = Math.max(...apply);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `${database.kind}: POST /api/imports/apply, a ${SPLITS * 5}-row Schwab statement (${(csv.length / 1024).toFixed(0)} KB, ${SPLITS} trades), ${RUNS} runs`,
);
console.log(
  `  apply      median ${median(apply).toFixed(0)} ms  max ${worst.toFixed(0)} ms (budget ≤ ${BUDGET_MS} ms: ${(worst / BUDGET_MS).toFixed(2)}× the budget, ${worst <= BUDGET_MS ? 'within' : 'OVER'})`,
);
console.log(`  preview    median ${median(preview).toFixed(0)} ms (read and match, nothing written)`);
console.log(`  re-import  median ${median(again).toFixed(0)} ms (every row imported before: nothing written)`);
console.log(`  ratio: writing costs ${(median(apply) / median(preview)).toFixed(1)}× the preview of the same file`);
await app.close();
await database.close();
if (process.env.BENCH_STRICT && worst > BUDGET_MS) process.exit(1);
