/**
 * Issue #7 budget (product.md#budgets): a new split announced to 100,000 opted-in Pro members.
 *  - enqueue: the split's notification fan-out inside its transaction, ≤ 10 s;
 *  - delivery: every email through the real SMTP adapter (nodemailer, pooled) into a local
 *    SMTP sink (smtp-server), counting duplicates and missing messages (budget: zero of each).
 * In-memory PGlite by default (BENCH_DATABASE_URL for PostgreSQL).
 * Env: BENCH_FANOUT_N (default 100000), BENCH_CONCURRENCY (default 50), BENCH_STRICT=1 to exit 1 over budget.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../apps/server/src/app';
import { smtpMailer } from '../apps/server/src/adapters/mail';
import { migrate, openDatabase } from '../apps/server/src/db/client';
import { testConfig } from '../apps/server/src/env';
import { notificationsService } from '../apps/server/src/modules/notifications/service';

const N = Number(process.env.BENCH_FANOUT_N ?? 100_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const ENQUEUE_BUDGET_MS = 10_000;

/** An SMTP sink that keeps only the delivery key of each message (X-RoundUp-Delivery). */
async function smtpSink() {
  const seen = new Map<string, number>();
  let unkeyed = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    maxClients: 500,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (c: Buffer) => {
        if (head.length < 8192) head += c.toString('utf8');
      });
      stream.on('end', () => {
        const key = /X-RoundUp-Delivery:\s*(\S+)/i.exec(head.replace(/\r?\n(?=[ \t])/g, ''))?.[1];
        if (key) seen.set(key, (seen.get(key) ?? 0) + 1);
        else unkeyed += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, seen, unkeyed: () => unkeyed, close: () => new Promise<void>((r) => server.close(() => r())) };
}

async function main() {
  const sink = await smtpSink();
  const database = await openDatabase(
    process.env.BENCH_DATABASE_URL ? { url: process.env.BENCH_DATABASE_URL } : { dataDir: 'memory://' },
  );
  await migrate(database);
  const mailer = smtpMailer(
    `smtp://127.0.0.1:${sink.port}/?pool=true&maxConnections=${Math.min(CONCURRENCY, 50)}&maxMessages=1000000`,
    'RoundUp <alerts@roundup.local>',
  );
  const app = await buildApp({ database, config: testConfig(), webDist: null, logger: false, mailer });
  await app.ready();
  const service = notificationsService(app.ctx);

  let t = performance.now();
  await database.query(
    `insert into users (username, email, password_hash, role, email_validated)
     select 'fan' || g, 'fan' || g || '@example.com', 'x', 'Pro', true from generate_series(1, ${N}) g`,
  );
  const [split] = (
    await database.query<{ id: string }>(
      `insert into reverse_splits (name, ticker, eff_date, buy_date, ratio, price, est_profit, status)
       values ('Fanout Corp', 'FANO', current_date + 7, current_date + 6, 10, 1.25, 11.25, 'Upcoming') returning id::text as id`,
    )
  ).rows;
  console.log(`setup: ${N.toLocaleString('en-US')} Pro members with email on (${((performance.now() - t) / 1000).toFixed(1)} s)`);

  // 1. Enqueue: the same call the splits module makes inside its write transaction.
  t = performance.now();
  await database.db.transaction(async (tx) =>
    service.notifier.splitChanged(tx as never, { splitId: split.id, kind: 'added', previousStatus: null, status: 'Upcoming' }),
  );
  const enqueueMs = performance.now() - t;
  console.log(
    `enqueue: the alert committed with the split (durable event + Discord message) in ${(enqueueMs / 1000).toFixed(3)} s (budget ≤ ${ENQUEUE_BUDGET_MS / 1000} s) ${enqueueMs <= ENQUEUE_BUDGET_MS ? 'OK' : 'OVER BUDGET'}`,
  );
  // 1b. The worker's fan-out: one delivery row per member, 2,000 members per transaction.
  t = performance.now();
  while ((await service.expandFanouts({ maxChunks: 1000 })) > 0);
  const expandMs = performance.now() - t;
  const queued = Number(
    (await database.query<{ n: number }>(`select count(*)::int as n from notification_deliveries where channel = 'email'`))
      .rows[0].n,
  );
  console.log(
    `fan-out: ${queued.toLocaleString('en-US')} per-member emails queued by the worker in ${(expandMs / 1000).toFixed(1)} s (${(queued / (expandMs / 1000)).toFixed(0)}/s)`,
  );

  // 2. Deliver through the real SMTP adapter.
  t = performance.now();
  let delivered = 0;
  let lastReport = t;
  for (;;) {
    const n = await service.deliverBatch({
      batchSize: 1000,
      concurrency: CONCURRENCY,
      leaseMs: 300_000,
      backoffBaseMs: 1000,
      maxAttempts: 5,
    });
    if (n === 0) {
      const pending = Number(
        (
          await database.query<{ n: number }>(
            `select count(*)::int as n from notification_deliveries where status in ('queued', 'sending')`,
          )
        ).rows[0].n,
      );
      if (pending === 0) break;
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    delivered += n;
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      console.log(`  … ${delivered.toLocaleString('en-US')} processed, ${(delivered / ((lastReport - t) / 1000)).toFixed(0)}/s`);
    }
  }
  const deliverMs = performance.now() - t;
  await new Promise((r) => setTimeout(r, 500));
  const received = [...sink.seen.values()].reduce((a, b) => a + b, 0);
  const duplicates = received - sink.seen.size;
  const keys = (
    await database.query<{ idem_key: string }>(`select idem_key from notification_deliveries where channel = 'email'`)
  ).rows.map((r) => r.idem_key);
  const missing = keys.filter((k) => !sink.seen.has(k)).length;
  const status = (
    await database.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from notification_deliveries group by status order by status`,
    )
  ).rows;
  console.log(
    `deliver: ${received.toLocaleString('en-US')} emails received by the SMTP sink in ${(deliverMs / 1000).toFixed(1)} s = ${(received / (deliverMs / 1000)).toFixed(0)} emails/s (concurrency ${CONCURRENCY})`,
  );
  console.log(
    `duplicates: ${duplicates}; missing: ${missing}; unkeyed: ${sink.unkeyed()} (budget: 0 and 0) ${duplicates === 0 && missing === 0 ? 'OK' : 'FAIL'}`,
  );
  console.log(`delivery log: ${status.map((s) => `${s.status} ${s.n}`).join(', ')}`);

  mailer.close?.();
  await app.close();
  await database.close();
  await sink.close();
  const over = enqueueMs > ENQUEUE_BUDGET_MS || duplicates !== 0 || missing !== 0;
  if (over && process.env.BENCH_STRICT === '1') process.exit(1);
  if (duplicates !== 0 || missing !== 0) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
