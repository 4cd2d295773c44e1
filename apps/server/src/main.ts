import type { Server } from 'node:http';
import path from 'node:path';
import { buildApp } from './app';
import { serveMetrics } from './lib/metrics';
import { connectRedis } from './lib/redis';

const SHUTDOWN_DEADLINE_MS = 9_500;
import { startWorker, type Worker } from './modules/notifications/worker';
import { startConfirmationPoller, type ConfirmationPoller } from './modules/confirmations/poller';
import { startReconciliationPoller, type ReconciliationPoller } from './modules/billing/poller';
import { startDiscoveryPoller, type DiscoveryPoller } from './modules/discovery/poller';
import { boot } from './boot';
import { formatLogins, isEmpty, seed } from './db/seed';

/** The only side-effectful entry point: read env → open db → buildApp → listen. */
async function main() {
  const { config, database, mailer } = await boot();
  let seeded = null;
  if (await isEmpty(database)) seeded = await seed(database, config);

  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL) : undefined;
  const app = await buildApp({
    database,
    config,
    redis,
    mailer,
  });
  let worker: Worker | null = null;
  let poller: DiscoveryPoller | null = null;
  let confirmer: ConfirmationPoller | null = null;
  let reconciler: ReconciliationPoller | null = null;
  let metricsServer: Server | null = null;
  // The jobs run on the app's services (app.services), which the app closes in its onClose hook. Hooks run
  // last-added first, so this one holds the services open until the jobs have stopped.
  let jobsStopped: Promise<unknown> | undefined;
  const stopJobs = () => (jobsStopped ??= Promise.all([worker?.stop(), poller?.stop(), confirmer?.stop(), reconciler?.stop()]));
  app.addHook('onClose', async () => {
    await stopJobs();
  });
  // Graceful stop (decision 017): stop accepting, end the live streams (preClose in modules/splits),
  // finish in-flight requests and the worker's batch, close Redis and the database; never more than 10 s.
  let stopping = false;
  const close = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      console.error('graceful stop took over 10 s; exiting anyway');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    try {
      metricsServer?.close();
      await Promise.all([app.close(), stopJobs()]);
      redis?.disconnect();
      await database.close();
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // The notification worker runs in this process unless RUN_WORKER=false (then `npm run worker`).
  if (config.RUN_WORKER) {
    worker = startWorker(app.ctx, app.services.notifications);
    poller = startDiscoveryPoller(app.ctx, app.services.discovery);
    confirmer = startConfirmationPoller(app.ctx, app.services.confirmations);
    reconciler = startReconciliationPoller(app.ctx, app.services.billing);
  }
  if (config.METRICS_PORT) metricsServer = await serveMetrics(config.METRICS_PORT, config.HOST);
  const lines = [
    '',
    `RoundUp is running at ${config.appUrl}`,
    `  database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  mail: ${config.SMTP_URL ? 'SMTP' : 'local outbox (no SMTP_URL)'}; rate limits: ${redis ? 'Redis' : 'in memory'}`,
    `  sms: ${app.ctx.sms.kind}; whatsapp: ${app.ctx.whatsapp.kind}; discord: ${app.ctx.discord.kind}; notification worker: ${worker ? 'in this process' : 'off (RUN_WORKER=false)'}`,
    `  SEC discovery: ${!worker ? 'in the worker (RUN_WORKER=false)' : config.SEC_USER_AGENT ? `on, every ${config.EDGAR_POLL_MINUTES} min ${config.EDGAR_POLL_WINDOW} New York` : 'off (set SEC_USER_AGENT)'}`,
    `  web push: ${config.vapid.generated ? `VAPID keys generated once into ${path.join(config.dataDir, 'secrets.json')} (set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when several hosts send)` : 'VAPID keys from the environment'}`,
    `  payments: ${config.STRIPE_SECRET_KEY ? 'Stripe' : 'local test checkout (no STRIPE_SECRET_KEY; nothing is charged)'}`,
    `  API docs: ${config.appUrl}/api/docs`,
    `  metrics: ${config.METRICS_PORT ? `http://${config.HOST}:${config.METRICS_PORT}/metrics` : config.METRICS_TOKEN ? '/api/metrics (bearer METRICS_TOKEN)' : 'off (set METRICS_PORT or METRICS_TOKEN)'}`,
  ];
  if (seeded?.logins.length)
    lines.push('', 'Demo logins (shown once; passwords are not stored in clear):', formatLogins(seeded.logins));
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
