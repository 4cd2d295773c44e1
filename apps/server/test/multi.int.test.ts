import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, PROCESS_TEST_TIMEOUT, redisReachable, redisUrl } from './helpers';
import { withDatabase } from './global-setup';

/**
 * The production layout through `npm run multi` (scripts/multi.mjs): two API processes, one worker,
 * PostgreSQL and Redis. A split change on one replica reaches a live client of the other, and the
 * rate limits are shared. Needs PostgreSQL (TEST_DATABASE_URL, the server-postgres project) and Redis.
 */
interface Multi {
  urls: string[];
  stop(): Promise<void>;
}
type StartMulti = (opts: Record<string, unknown>) => Promise<Multi>;

const hasRedis = await redisReachable();
const runs = dbKind === 'postgres' && hasRedis;
if (!runs)
  console.warn(
    `multi-process test skipped: it needs PostgreSQL (TEST_DATABASE_URL, project server-postgres) and Redis at ${redisUrl}`,
  );

describe.skipIf(!runs)('two API replicas, a worker, PostgreSQL and Redis', () => {
  const base = process.env.TEST_DATABASE_URL ?? '';
  const name = `roundup_multi_${randomBytes(5).toString('hex')}`;
  let multi: Multi;

  beforeAll(async () => {
    const script = path.resolve(import.meta.dirname, '../../../scripts/multi.mjs');
    const { startMulti } = (await import(script)) as { startMulti: StartMulti };
    const ports = [0, 1].map(() => 20_000 + Math.floor(Math.random() * 20_000));
    multi = await startMulti({ databaseUrl: withDatabase(base, name), redisUrl, ports, quiet: true });
  }, PROCESS_TEST_TIMEOUT);
  afterAll(async () => {
    await multi?.stop();
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('sends a split change made on one replica to a live client of the other', async () => {
    const [a, b] = multi.urls;
    const login = await fetch(`${a}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@roundup.local', password: 'multi-admin-pass' }),
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const ctrl = new AbortController();
    const stream = await fetch(`${b}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal: ctrl.signal });
    const reader = stream.body!.getReader();
    let text = '';
    const until = async (needle: string) => {
      while (!text.includes(needle)) {
        const chunk = await reader.read();
        if (chunk.done) throw new Error(`stream ended before "${needle}": ${text}`);
        text += new TextDecoder().decode(chunk.value);
      }
    };
    await until('event: hello');
    const add = await fetch(`${a}/api/rs/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        newTicker: {
          name: 'Replica Corp',
          ticker: 'REPL',
          effDate: '2030-01-10',
          buyDate: '2030-01-09',
          ratio: 10,
          price: 1.5,
          estProfit: '',
          avgProfit: 0,
          status: 'Upcoming',
          rsType: 'Round Up',
          source: 'https://www.sec.gov/example',
          notes: '',
          caution: false,
        },
      }),
    });
    expect(add.status).toBe(200);
    await until('"kind":"changed"');
    ctrl.abort();
  });

  it('shares rate limits between the replicas', async () => {
    // POST /api/feedback/new allows 10 per 15 minutes per client; one client alternates between replicas.
    const client = `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await fetch(`${multi.urls[i % 2]}/api/feedback/new`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: '{}',
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).not.toContain(429);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
