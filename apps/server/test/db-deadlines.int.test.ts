import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/client';
import { testConfig } from '../src/env';
import { BRIEFLY_UNAVAILABLE } from '../src/http/envelope';
import { addAccount, insertBroker, insertSplit, member } from './factories';
import { call, dbKind, freshDatabase, type Call } from './helpers';

/**
 * A table locked by someone else (an operator's `LOCK TABLE`, a long migration) must not stall the
 * product: requests that need it answer 503 with Retry-After while the lock is still held (their
 * transaction rolled back, so nothing lands after the release), requests that do not need it go on,
 * liveness stays 200, readiness says why it is degraded, and the log has one line for it.
 * PostgreSQL only: PGlite has one session, so nothing else can hold a lock.
 */
const onPostgres = dbKind === 'postgres';

let logged = '';
const sink = new Writable({
  write(chunk, _enc, done) {
    logged += chunk.toString();
    done();
  },
});

describe.skipIf(!onPostgres)('a lock held on trades', () => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    // The default deadlines and route share; a pool of 4, so three blocked trade adds leave one connection.
    database = await freshDatabase();
    app = await buildApp({ webDist: null, logger: { level: 'info', stream: sink }, database, config: testConfig() });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers 503 with Retry-After before the lock ends, lands nothing later, and keeps the calendar, health and sign-in going', async () => {
    const pro = await member(app, 'Pro');
    const splitId = await insertSplit(database, { status: 'Upcoming', effDate: '2030-01-10', buyDate: '2030-01-09' });
    const accountId = await addAccount(app, pro.token, { brokerId: await insertBroker(database) });
    const first = await call(app, 'POST', '/api/trades/add', {
      token: pro.token,
      body: { newTrade: { accountId, splitId, buy_price: 1 } },
    });
    const tradeId = first.body.data.trade._id as string;
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    let released = false;
    const beforeRelease = (what: string) => () => {
      expect(released, `${what} answered only after the lock ended`).toBe(false);
    };
    try {
      await holder.query('begin');
      await holder.query('lock table trades in access exclusive mode');
      const marks = Array.from({ length: 8 }, (_, i) => 100 + i);
      const adds = marks.map((price) =>
        call(app, 'POST', '/api/trades/add', { token: pro.token, body: { newTrade: { accountId, splitId, buy_price: price } } }),
      );
      const edit = call(app, 'POST', '/api/trades/edit', {
        token: pro.token,
        body: { newTrade: { _id: tradeId, buy_price: 3 } },
      });
      const others: Promise<Call>[] = [];
      for (let i = 0; i < 6; i += 1) others.push(call(app, 'GET', '/api/rs', { token: pro.token }));
      others.push(call(app, 'GET', '/api/health'));
      others.push(call(app, 'POST', '/api/auth/login', { body: { email: pro.email, password: pro.password } }));
      const answered = await Promise.all([...adds, edit].map((p) => p.finally(beforeRelease('a trade write'))));
      const unrelated = await Promise.all(others.map((p) => p.finally(beforeRelease('an unrelated request'))));
      const ready = await call(app, 'GET', '/api/ready').finally(beforeRelease('readiness'));

      for (const a of answered) {
        expect(a.status).toBe(503);
        expect(a.headers['retry-after']).toMatch(/^\d+$/);
        expect(a.body).toEqual({ data: null, errors: [{ msg: BRIEFLY_UNAVAILABLE }] });
      }
      expect(unrelated.map((a) => a.status)).toEqual(Array(unrelated.length).fill(200));
      expect(ready.status).toBe(503);
      expect(ready.body.data).toMatchObject({ ready: false, database: 'degraded', degraded: ['queries timing out on trades'] });
      expect(ready.body.errors).toEqual([{ msg: 'queries timing out on trades' }]);

      await holder.query('commit');
      released = true;
      // Rolled back, not waiting: none of the refused adds is in the table once the lock is gone.
      const stored = await database.query<{ n: string }>(
        `select count(*) as n from trades where buy_price = any($1::numeric[])`,
        [[...marks, 3]],
      );
      expect(Number(stored.rows[0].n)).toBe(0);
      const again = await call(app, 'POST', '/api/trades/edit', {
        token: pro.token,
        body: { newTrade: { _id: tradeId, buy_price: 4 } },
      });
      expect(again.status).toBe(200);
    } finally {
      await holder.end().catch(() => undefined);
    }
    // One warning for the lock, naming the table, and one for the route whose connections it held;
    // no warning per refused request.
    const warnings = logged
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { level: number; msg: string })
      .filter((l) => l.level >= 40 && !/: over after /.test(l.msg)); // the closing lines come after 5 s of quiet
    expect(warnings.map((w) => w.msg).sort()).toEqual([
      'every connection POST /api/trades/add may hold is busy: answering 503 until it is over',
      'queries timing out on trades: answering 503 until it is over',
    ]);
  });
});
