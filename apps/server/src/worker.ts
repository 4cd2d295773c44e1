import { buildApp } from './app';
import { boot } from './boot';
import { serveMetrics } from './lib/metrics';
import { DEFAULT_DELIVERY } from './modules/notifications/service';
import { startWorker } from './modules/notifications/worker';
import { startConfirmationPoller } from './modules/confirmations/poller';
import { startDiscoveryPoller } from './modules/discovery/poller';
import { startReconciliationPoller } from './modules/billing/poller';

/**
 * `npm run worker`: the notification worker alone (deployments with several processes on one
 * PostgreSQL database; run the API with RUN_WORKER=false). WORKER_DRAIN=true exits when the queue is empty.
 * Embedded PGlite belongs to one process at a time (a lock file says which): without DATABASE_URL
 * this worker starts only when no web server holds the database, and says why otherwise.
 * Tuning: WORKER_POLL_MS, WORKER_BATCH, WORKER_CONCURRENCY, WORKER_LEASE_MS (15 s by default, renewed by a
 * heartbeat while this process lives: after a kill -9, its claims go out again from another worker about one lease later).
 */
async function main() {
  const { config, database, mailer } = await boot('worker');
  if (database.kind === 'pglite') {
    console.log(
      'Notification worker on the embedded PGlite database: the web server cannot start until it stops. To run both, set DATABASE_URL.',
    );
  }
  const app = await buildApp({ database, config, mailer, webDist: null });
  const { WORKER_POLL_MS: pollMs, WORKER_LEASE_MS: leaseMs, WORKER_CONCURRENCY: concurrency, WORKER_BATCH: batchSize } = config;
  const opts = {
    pollMs,
    ...(leaseMs ? { leaseMs } : {}),
    ...(concurrency ? { concurrency } : {}),
    ...(batchSize ? { batchSize } : {}),
  };
  const shutdown = async (code: number) => {
    await app.close();
    mailer.close?.();
    await database.close();
    process.exit(code);
  };
  if (config.WORKER_DRAIN) {
    // Deliver until nothing is queued or in flight (rows leased by a killed worker come back when their lease ends).
    const service = app.services.notifications;
    let n = 0;
    for (;;) {
      const k = await service.deliverBatch({ ...DEFAULT_DELIVERY, ...opts });
      n += k;
      if (k > 0) continue;
      const { counts } = await service.deliveries();
      if (!counts.queued && !counts.sending) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    console.log(`worker drained ${n} deliveries`);
    await shutdown(0);
    return;
  }
  const worker = startWorker(app.ctx, app.services.notifications, opts);
  const poller = startDiscoveryPoller(app.ctx, app.services.discovery);
  const confirmer = startConfirmationPoller(app.ctx, app.services.confirmations);
  const reconciler = startReconciliationPoller(app.ctx, app.services.billing);
  // Deliveries are counted in this process: it serves its own metrics when METRICS_PORT is set.
  const metrics = config.METRICS_PORT ? await serveMetrics(config.METRICS_PORT, config.HOST) : null;
  console.log(
    `RoundUp notification worker running (sms: ${app.ctx.sms.kind}, whatsapp: ${app.ctx.whatsapp.kind}, discord: ${app.ctx.discord.kind}, mail: ${mailer.kind})`,
  );
  const stop = async () => {
    metrics?.close();
    await Promise.all([worker.stop(), poller.stop(), confirmer.stop(), reconciler.stop()]);
    await shutdown(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
