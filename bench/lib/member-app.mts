import { buildApp } from '../../apps/server/src/app';
import { migrate, openDatabase } from '../../apps/server/src/db/client';
import { testConfig } from '../../apps/server/src/env';

/**
 * The real app on an in-memory PGlite (or BENCH_DATABASE_URL) with one Pro member signed up through
 * the API: what an API bench starts from.
 */
export async function benchMember(username: string) {
  const database = await openDatabase(
    process.env.BENCH_DATABASE_URL ? { url: process.env.BENCH_DATABASE_URL } : { dataDir: 'memory://' },
  );
  await migrate(database);
  const app = await buildApp({ database, config: testConfig({ RATE_LIMIT_SCALE: 1000 }), webDist: null, logger: false });
  await app.ready();
  const reg = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { username, email: `${username}@example.com`, password: 'a long bench passphrase', consent: true },
  });
  const { token, user } = reg.json().data;
  const userId = (user._id ?? user.id) as string;
  await database.query('update users set role = $1 where id = $2', ['Pro', userId]);
  return { database, app, token: token as string, userId };
}
