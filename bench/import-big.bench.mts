/**
 * Decision 042 budget: a 5 MB statement previews in ≤ 3 s, and while it runs `/api/health` answers with a
 * p99 ≤ 100 ms; a file of 1,000,000 short lines is refused (413) in ≤ 2 s.
 *
 * The real app listening on a local port, on an in-memory PGlite (or BENCH_DATABASE_URL): a Pro member
 * previews a Schwab statement of about 5 MB (1,000 splits, each with the dance and both reverse-split rows,
 * filled up with dividend rows), while a second client asks `/api/health` every 10 ms over HTTP. The file is
 * read and matched on the statement reader's worker thread. Baseline in the same run: `/api/health` with
 * nothing else running, so the figure is a ratio on this machine; the load average is printed beside the
 * figures, as the machine may be shared.
 * Env: BENCH_RUNS (default 3), BENCH_STRICT=1 to exit 1 over budget.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { IMPORT_MAX_BYTES } from '../packages/shared/src/imports';
import { benchMember } from './lib/member-app.mts';

const SPLITS = 1_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PREVIEW_BUDGET_MS = 3_000;
const HEALTH_P99_BUDGET_MS = 100;
const REFUSAL_BUDGET_MS = 2_000;

const { database, app, token, userId } = await benchMember('benchimportbig');
await database.query(`insert into brokers (name, share_return_time) values ('Charles Schwab', 1)`);
const [{ id: accountId }] = (
  await database.query<{ id: string }>(
    `insert into accounts (user_id, broker_id, broker, type, nickname, position)
     select $1, b.id, b.name, 'Individual Cash', 'Schwab big', 0 from brokers b returning id::text as id`,
    [userId],
  )
).rows;
await database.query(
  `insert into reverse_splits (name, ticker, eff_date, buy_date, ratio, price, status, rs_type)
   select 'Bench Split ' || g, 'BB' || g, date '2026-11-10', date '2026-11-06', 10, 0.5, 'Complete', 'Round Up'
   from generate_series(1, ${SPLITS}) g`,
);

const lines = ['"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount",'];
for (let g = 1; g <= SPLITS; g++) {
  const s = `BB${g}`;
  lines.push(
    `"11/10/2026","Reverse Split","${s}","BENCH ${g} INC","1","","","",`,
    `"11/10/2026","Reverse Split","0${String(g).padStart(4, '0')}X108","BENCH ${g} INC","-10","","","",`,
    `"11/06/2026","Sell","${s}","BENCH ${g} INC","99","$0.48","","$47.52",`,
    `"11/06/2026","Buy","${s}","BENCH ${g} INC","100","$0.50","","-$50.00",`,
  );
}
let size = lines.join('\n').length;
for (let i = 0; size < IMPORT_MAX_BYTES - 200; i++) {
  const line = `"11/05/2026","Qualified Dividend","D${i % 5000}","DIVIDEND PAYER ${i}","","","","$1.00",`;
  lines.push(line);
  size += line.length + 1;
}
const csv = lines.join('\n');
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

const post = async (body: Record<string, unknown>) => {
  const t = performance.now();
  const res = await fetch(`${address}/api/imports/preview`, { method: 'POST', headers, body: JSON.stringify(body) });
  const ms = performance.now() - t;
  return { ms, status: res.status, body: await res.json() };
};

/** `/api/health` every 10 ms until `stop()`; answers each request's time. */
function healthProbe() {
  const times: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const t = performance.now();
      const res = await fetch(`${address}/api/health`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`/api/health answered ${res.status}`);
      times.push(performance.now() - t);
      await sleep(10);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return times;
    },
  };
}
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Baseline: health alone, as long as a preview takes.
const idle = healthProbe();
await sleep(2_000);
const alone = await idle.stop();

await post({ accountId, csv }); // warm-up
const previews: number[] = [];
const during: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const probe = healthProbe();
  const r = await post({ accountId, csv });
  during.push(...(await probe.stop()));
  if (r.status !== 200) throw new Error(`preview answered ${r.status}: ${JSON.stringify(r.body).slice(0, 300)}`);
  if (r.body.data.preview.trades.length !== SPLITS) throw new Error(`${r.body.data.preview.trades.length} trades`);
  previews.push(r.ms);
}

const million = Array.from({ length: 1_000_000 }, () => 'a,b').join('\n');
const refusal = await post({ accountId, csv: million });
if (refusal.status !== 413) throw new Error(`1,000,000 lines answered ${refusal.status}`);

const worst = Math.max(...previews);
const load = loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');
console.log(
  `${database.kind} (load average ${load}): POST /api/imports/preview, a ${(csv.length / 1024 / 1024).toFixed(2)} MB Schwab statement (${lines.length - 1} rows, ${SPLITS} trades), ${RUNS} runs`,
);
console.log(
  `  preview       median ${median(previews).toFixed(0)} ms  max ${worst.toFixed(0)} ms (budget ≤ ${PREVIEW_BUDGET_MS} ms: ${(worst / PREVIEW_BUDGET_MS).toFixed(2)}× the budget)`,
);
const healthBusy = p99(during);
console.log(
  `  /api/health   p99 ${healthBusy.toFixed(1)} ms during the previews (${during.length} requests), ${p99(alone).toFixed(1)} ms alone (${alone.length}): ${(healthBusy / p99(alone)).toFixed(1)}× the idle p99, ${(healthBusy / HEALTH_P99_BUDGET_MS).toFixed(2)}× the ${HEALTH_P99_BUDGET_MS} ms budget`,
);
console.log(
  `  1,000,000 lines  ${refusal.status} in ${refusal.ms.toFixed(0)} ms (budget ≤ ${REFUSAL_BUDGET_MS} ms: ${(refusal.ms / REFUSAL_BUDGET_MS).toFixed(2)}×)`,
);
await app.close();
await database.close();
const over = worst > PREVIEW_BUDGET_MS || healthBusy > HEALTH_P99_BUDGET_MS || refusal.ms > REFUSAL_BUDGET_MS;
if (over) console.log('  OVER budget');
if (over && process.env.BENCH_STRICT === '1') process.exit(1);
