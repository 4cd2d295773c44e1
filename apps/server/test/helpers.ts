import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../src/app';
import type { DbDeadlines } from '../src/db/bounded-pool';
import { openDatabase, type Database } from '../src/db/client';
import { testConfig, type AppConfig } from '../src/env';
import { withDatabase } from './global-setup';
import { pgliteCopy } from './pglite-copies';

/**
 * The limit for tests that spawn processes, initialise fresh embedded databases or wait out real clocks. It
 * detects hangs and is never a speed budget: such a test takes seconds alone and has taken over 60 s on a
 * 2-core machine at load average 20, where a tighter limit failed it.
 */
export const PROCESS_TEST_TIMEOUT = 300_000;

export const dbKind = (process.env.TEST_DB_KIND ?? 'pglite') as 'pglite' | 'postgres';

/** A fresh, migrated database for one test file (PGlite copy or a cloned PostgreSQL database). */
export async function freshDatabase(opts: { deadlines?: Partial<DbDeadlines> } = {}): Promise<Database> {
  if (dbKind === 'pglite') return openDatabase({ pglite: await pgliteCopy(inject('pgliteSnapshot')) });
  const base = process.env.TEST_DATABASE_URL!;
  const name = `roundup_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
  await admin.end();
  const database = await openDatabase({ url: withDatabase(base, name), poolSize: 4, deadlines: opts.deadlines });
  const close = database.close;
  database.close = async () => {
    await close();
    const a = new pg.Client({ connectionString: base });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  };
  return database;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Partial<Omit<AppDeps, 'database' | 'config'>> & { config?: Partial<AppConfig> } = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  const config = testConfig(overrides.config);
  const app = await buildApp({ webDist: null, logger: false, ...overrides, database, config });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export interface Call {
  status: number;
  body: { data: any; errors: { msg: string }[] };
  headers: LightMyRequestResponse['headers'];
}

/** Calls the API through inject, as a browser would (JSON, optional bearer token). */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  opts: { token?: string; body?: unknown; ip?: string } = {},
): Promise<Call> {
  const res = await app.inject({
    method,
    url,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    payload: opts.body as never,
    remoteAddress: opts.ip,
  });
  let body: Call['body'];
  try {
    body = res.json();
  } catch {
    body = { data: res.body, errors: [] };
  }
  return { status: res.statusCode, body, headers: res.headers };
}

let seq = 0;
/**
 * Registers a user through the API and returns its token and user. `verified: true` also marks the
 * email verified (as the link in the verification email would): alerts and announcements go only to
 * verified addresses.
 */
export async function registerUser(
  app: FastifyInstance,
  over: Partial<{ username: string; email: string; password: string; refId: string; verified: boolean }> = {},
) {
  seq += 1;
  const username = over.username ?? `user${seq}_${randomBytes(3).toString('hex')}`;
  const body = {
    username,
    email: over.email ?? `${username}@example.com`,
    password: over.password ?? 'correct horse battery',
    consent: true,
    refId: over.refId,
  };
  const res = await call(app, 'POST', '/api/auth/register', { body });
  if (res.status !== 200) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  if (over.verified)
    await app.ctx.database.query('update users set email_validated = true where id = $1', [res.body.data.user.id]);
  return { token: res.body.data.token as string, user: res.body.data.user, password: body.password, email: body.email };
}

/** Sets a user's role directly (tests only), e.g. to make a Pro member or an admin. */
export async function setRole(database: Database, userId: string, role: 'User' | 'Member' | 'Pro' | 'Admin') {
  await database.query('update users set role = $1 where id = $2', [role, userId]);
}

/**
 * An admin who hears no split alerts or reminders (admins get Pro alerts too), so the counts of a
 * notification test are the members'.
 */
export async function registerQuietAdmin(t: TestApp) {
  const admin = await registerUser(t.app, { verified: true });
  await setRole(t.database, admin.user.id, 'Admin');
  await call(t.app, 'POST', '/api/users/update-self', {
    token: admin.token,
    body: { notifications: { rsa: false, upcomingRsa: false, buyReminderRsa: false, sellRsa: false } },
  });
  return admin;
}

/**
 * Redis for the tests of limits shared between processes: TEST_REDIS_URL when set (then it must
 * answer, and a dead Redis fails those tests), else a Redis on the default port if one answers.
 * Without either, those tests are skipped with a message saying so.
 */
export const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
export async function redisReachable(): Promise<boolean> {
  if (process.env.TEST_REDIS_URL) return true;
  const { Redis } = await import('ioredis');
  const probe = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    console.warn(`No Redis at ${redisUrl}: the shared-limit tests are skipped (set TEST_REDIS_URL to require them).`);
    return false;
  } finally {
    probe.disconnect();
  }
}
