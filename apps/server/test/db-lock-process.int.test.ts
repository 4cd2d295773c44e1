import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIEFLY_UNAVAILABLE } from '../src/http/envelope';
import { startApi, stopApi, type ApiProcess } from './api-process';
import { withDatabase } from './global-setup';
import { splitFields } from './factories';
import { dbKind, PROCESS_TEST_TIMEOUT } from './helpers';

/**
 * A table locked by someone else, on a real API process with its real pool and deadlines: another session
 * holds `LOCK TABLE trades IN ACCESS EXCLUSIVE MODE` past the deadlines while members add and edit trades and
 * others use the calendar, sign in and probe liveness. What a member and an operator notice: every answer comes
 * within 5 s; trade writes answer 503 with Retry-After and none of them is in the table after the release (the
 * app's retry with the same Idempotency-Key then writes each once); liveness, the calendar and sign-in answer
 * 2xx; readiness says degraded, naming the table; the log has one line for the lock, not one per request.
 * PostgreSQL only (PGlite has one session in the process: nothing else can hold a lock).
 */
const onPostgres = dbKind === 'postgres';
const base = process.env.TEST_DATABASE_URL ?? '';
if (!base)
  console.warn('db-lock-process: skipped, it needs PostgreSQL: set TEST_DATABASE_URL (a real API process on a fresh database)');

/** The product's promise for every request while a table is locked. */
const ANSWER_WITHIN_MS = 5_000;

interface Answer {
  route: string;
  status: number;
  ms: number;
  retryAfter: string | null;
  body: { data: any; errors: { msg: string }[] };
}

describe.skipIf(!onPostgres)('a lock held on trades, on a real API process', () => {
  const name = `roundup_lockp_${randomBytes(5).toString('hex')}`;
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const url = `http://127.0.0.1:${port}`;
  // Set in beforeAll: the describe's body runs (to be skipped) without TEST_DATABASE_URL too.
  let dbUrl = '';
  let api: ApiProcess;

  const send = async (method: 'GET' | 'POST', route: string, o: { token?: string; body?: unknown; key?: string } = {}) => {
    const started = performance.now();
    const res = await fetch(url + route, {
      method,
      headers: {
        ...(o.body ? { 'content-type': 'application/json' } : {}),
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        ...(o.key ? { 'idempotency-key': o.key } : {}),
      },
      body: o.body ? JSON.stringify(o.body) : undefined,
    });
    const body = (await res.json()) as Answer['body'];
    return {
      route: `${method} ${route}`,
      status: res.status,
      ms: performance.now() - started,
      retryAfter: res.headers.get('retry-after'),
      body,
    };
  };
  const sql = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    try {
      return (await c.query<T>(text, params)).rows;
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    dbUrl = withDatabase(base, name);
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    // The defaults of a deployment: the pool, its route shares and the deadlines are not set here.
    api = await startApi({ databaseUrl: dbUrl, port, adminPassword: 'lock-admin-pass' });
  }, PROCESS_TEST_TIMEOUT);

  afterAll(async () => {
    await stopApi(api);
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
  });

  it(
    'answers trade writes 503 within 5 s and lands none of them; health, calendar and sign-in go on; readiness names the table; one log line',
    async () => {
      const credentials = { email: 'admin@roundup.local', password: 'lock-admin-pass' };
      const token = (await send('POST', '/api/auth/login', { body: credentials })).body.data.token as string;
      expect(token).toBeTruthy();
      const added = await send('POST', '/api/rs/add', {
        token,
        body: { newTicker: splitFields({ name: 'Lock Corp', ticker: 'LCK', effDate: '2030-01-10', buyDate: '2030-01-09' }) },
      });
      expect(added.status).toBe(200);
      const splitId = ((await send('GET', '/api/rs', { token })).body.data.splits as { _id: string; ticker: string }[]).find(
        (s) => s.ticker === 'LCK',
      )!._id;
      const brokerId = ((await send('GET', '/api/brokers', { token })).body.data.brokers as { _id: string }[])[0]._id;
      const nicknames = Array.from({ length: 9 }, (_, i) => `Lock ${i}`);
      const made = await send('POST', '/api/accounts/add-many', {
        token,
        body: { brokerId, type: 'Individual Cash', nicknames },
      });
      expect(made.status).toBe(200);
      const accountIds = (made.body.data.accounts as { _id: string; nickname: string }[])
        .filter((a) => nicknames.includes(a.nickname))
        .map((a) => a._id);
      const [editedAccount, ...addAccounts] = accountIds;
      const trade = await send('POST', '/api/trades/add', {
        token,
        body: { newTrade: { accountId: editedAccount, splitId, buy_price: 1 } },
      });
      expect(trade.status).toBe(200);
      const tradeId = trade.body.data.trade._id as string;
      const logFrom = api.output().length;

      const holder = new pg.Client({ connectionString: dbUrl });
      await holder.connect();
      let released = false;
      const whileHeld = (p: Promise<Answer>) =>
        p.then((a) => {
          expect(released, `${a.route} answered only after the lock ended`).toBe(false);
          return a;
        });
      let writes: Answer[];
      let unrelated: Answer[];
      let ready: Answer;
      try {
        await holder.query('begin');
        await holder.query('lock table trades in access exclusive mode');
        // As the web app sends them: each write with its own Idempotency-Key.
        const adds = addAccounts.map((accountId, i) =>
          whileHeld(
            send('POST', '/api/trades/add', {
              token,
              key: `lock-add-${i}`,
              body: { newTrade: { accountId, splitId, buy_price: 7 } },
            }),
          ),
        );
        const edit = whileHeld(
          send('POST', '/api/trades/edit', { token, key: 'lock-edit', body: { newTrade: { _id: tradeId, buy_price: 8 } } }),
        );
        const others = [
          send('GET', '/api/health'),
          ...[1, 2, 3, 4].map(() => send('GET', '/api/rs', { token })),
          send('POST', '/api/auth/login', { body: credentials }),
          send('GET', '/api/health'),
        ].map(whileHeld);
        [writes, unrelated] = await Promise.all([Promise.all([...adds, edit]), Promise.all(others)]);
        ready = await whileHeld(send('GET', '/api/ready'));
      } finally {
        await holder.query('commit').catch(() => undefined);
        released = true;
        await holder.end();
      }

      expect(api.child.exitCode, `the API exited:\n${api.output().slice(-3000)}`).toBeNull();
      for (const a of [...writes, ...unrelated, ready])
        expect(a.ms, `${a.route} answered within 5 s`).toBeLessThan(ANSWER_WITHIN_MS);
      for (const a of writes) {
        expect(a.status, a.route).toBe(503);
        expect(a.retryAfter).toMatch(/^\d+$/);
        expect(a.body).toEqual({ data: null, errors: [{ msg: BRIEFLY_UNAVAILABLE }] });
      }
      expect(unrelated.map((a) => `${a.route} ${a.status}`)).toEqual(unrelated.map((a) => `${a.route} 200`));
      expect(ready.status).toBe(503);
      expect(ready.body.data).toMatchObject({ ready: false, database: 'degraded' });
      expect(ready.body.data.degraded).toContain('queries timing out on trades');

      // Rolled back when refused, not waiting for the lock: none of them is in the table now it is gone.
      const landed = await sql<{ n: number }>(
        `select count(*)::int as n from trades where account_id = any($1::uuid[]) or (id = $2 and buy_price = 8)`,
        [addAccounts, tradeId],
      );
      expect(landed[0].n).toBe(0);

      // One line for the lock, naming the table (and one for the route whose share it held); not one per refused request.
      const lines = api
        .output()
        .slice(logFrom)
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { level: number; msg: string })
        .filter((l) => l.level >= 40 && !/: over after /.test(l.msg));
      expect(lines.filter((l) => / trades\b/.test(l.msg)).map((l) => l.msg)).toEqual([
        'queries timing out on trades: answering 503 until it is over',
      ]);
      expect(new Set(lines.map((l) => l.msg)).size, lines.map((l) => l.msg).join('\n')).toBe(lines.length);

      // The app's retries, with the same keys, once the table is free: each write lands once. One after another,
      // as each member's app sends its own: eight adds at once on one split queue on its lock, and on a loaded
      // machine the route's share may stay taken past its stall limit (a 503 the app would retry again).
      const retries: Answer[] = [];
      for (const [i, accountId] of addAccounts.entries())
        retries.push(
          await send('POST', '/api/trades/add', {
            token,
            key: `lock-add-${i}`,
            body: { newTrade: { accountId, splitId, buy_price: 7 } },
          }),
        );
      expect(retries.map((a) => a.status)).toEqual(addAccounts.map(() => 200));
      const once = await sql<{ n: number }>(`select count(*)::int as n from trades where account_id = any($1::uuid[])`, [
        addAccounts,
      ]);
      expect(once[0].n).toBe(addAccounts.length);
    },
    PROCESS_TEST_TIMEOUT,
  );
});
