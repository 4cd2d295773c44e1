import path from 'node:path';
import { outboxMailer, smtpMailer, type Mailer } from './adapters/mail';
import { migrate, openDatabase, type Database } from './db/client';
import { ConfigError, loadConfig, type AppConfig } from './env';

/**
 * What every entry point (server, worker, seed) does first: read the environment (exiting
 * with every problem listed when it is invalid), open the database and apply migrations.
 */
export async function boot(): Promise<{ config: AppConfig; database: Database; mailer: Mailer }> {
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
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.dataDir, 'pglite') });
  await migrate(database);
  const mailer = config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : outboxMailer(database, (m) => console.log(m));
  return { config, database, mailer };
}
