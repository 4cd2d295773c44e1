import path from 'node:path';
import { outboxMailer, smtpMailer, type Mailer } from './adapters/mail';
import type { DbDeadlines } from './db/bounded-pool';
import { migrate, openDatabase, type Database } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { ConfigError, loadConfig, type AppConfig } from './env';

/**
 * What every entry point (server, worker, seed) does first: read the environment (exiting
 * with every problem listed when it is invalid), open the database and apply migrations.
 */
export async function boot(
  entry: 'server' | 'worker' | 'seed' = 'server',
): Promise<{ config: AppConfig; database: Database; mailer: Mailer }> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  let database: Database;
  try {
    database = await openDatabase({
      url: config.DATABASE_URL,
      dataDir: path.join(config.dataDir, 'pglite'),
      // The seed writes in bulk, alone: no request deadlines.
      deadlines: entry === 'seed' ? false : deadlinesOf(config),
    });
  } catch (err) {
    if (err instanceof DataDirInUseError) {
      console.error(entry === 'worker' ? workerNeedsPostgres(err) : err.message);
      process.exit(1);
    }
    throw err;
  }
  await migrate(database);
  const mailer = config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : outboxMailer(database, (m) => console.log(m));
  return { config, database, mailer };
}

/** The request deadlines the environment sets; the client gives up half a second after the server would. */
export function deadlinesOf(config: AppConfig): Partial<DbDeadlines> {
  return {
    poolSize: config.DB_POOL_SIZE,
    routeConnections: config.DB_ROUTE_CONNECTIONS,
    acquireTimeoutMs: config.DB_ACQUIRE_TIMEOUT_MS,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    lockTimeoutMs: config.DB_LOCK_TIMEOUT_MS,
    queryTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS + 500,
  };
}

/** What `npm run worker` says when the web server already holds the embedded database. */
export function workerNeedsPostgres(err: DataDirInUseError): string {
  return [
    `npm run worker needs PostgreSQL: set DATABASE_URL (the same one for the web server and every worker).`,
    `Without it the data lives in embedded PGlite (${err.dir}), which one process at a time may open, and process ${err.owner.pid} has it open.`,
    `That web server already runs the notification worker itself (RUN_WORKER=true, the default), so nothing else is needed.`,
  ].join('\n');
}
