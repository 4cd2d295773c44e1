import path from 'node:path';
import { Redis } from 'ioredis';
import { buildApp } from './app';
import { startWorker, type Worker } from './modules/notifications/worker';
import { boot } from './boot';
import { formatLogins, isEmpty, seed } from './db/seed';

/** The only side-effectful entry point: read env → open db → buildApp → listen. */
async function main() {
  const { config, database, mailer } = await boot();
  let seeded = null;
  if (await isEmpty(database)) seeded = await seed(database, config);

  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false }) : undefined;
  const app = await buildApp({
    database,
    config,
    redis,
    mailer,
  });
  let worker: Worker | null = null;
  const close = async () => {
    await worker?.stop();
    await app.close();
    redis?.disconnect();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);

  await app.listen({ port: config.PORT, host: config.HOST });
  // The notification worker runs in this process unless RUN_WORKER=false (then `npm run worker`).
  if (config.RUN_WORKER) worker = startWorker(app.ctx);
  const lines = [
    '',
    `RoundUp is running at ${config.appUrl}`,
    `  database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  mail: ${config.SMTP_URL ? 'SMTP' : 'local outbox (no SMTP_URL)'}; rate limits: ${redis ? 'Redis' : 'in memory'}`,
    `  sms: ${app.ctx.sms.kind}; whatsapp: ${app.ctx.whatsapp.kind}; discord: ${app.ctx.discord.kind}; notification worker: ${worker ? 'in this process' : 'off (RUN_WORKER=false)'}`,
    `  payments: ${config.STRIPE_SECRET_KEY ? 'Stripe' : 'local test checkout (no STRIPE_SECRET_KEY; nothing is charged)'}`,
    `  API docs: ${config.appUrl}/api/docs`,
  ];
  if (seeded?.logins.length)
    lines.push('', 'Demo logins (shown once; passwords are not stored in clear):', formatLogins(seeded.logins));
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
