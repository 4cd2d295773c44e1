import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/env';
import { SPLITS_CHANNEL } from '../src/modules/splits/repo';
import { BRIEFLY_UNAVAILABLE } from '../src/http/envelope';
import { withDatabase } from './global-setup';
import { splitFields } from './factories';
import { call, dbKind, freshDatabase, PROCESS_TEST_TIMEOUT, registerUser, setRole } from './helpers';

/**
 * A PostgreSQL connection that drops (a restart, a failover, an operator ending a
 * session) must not end the API process. Its request answers 503 with Retry-After, the pool
 * replaces the connection, and the live-update LISTEN connection subscribes again.
 * PostgreSQL only: PGlite runs in the process and has no connection to lose.
 */
const onPostgres = dbKind === 'postgres';
const base = process.env.TEST_DATABASE_URL ?? '';

async function admin<T>(fn: (c: pg.Client) => Promise<T>, url = base): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

interface Proc {
  child: import('node:child_process').ChildProcess;
  started: Promise<void>;
  output(): string;
}
type StartProcess = (name: string, script: string, env: Record<string, string>, ready: string, o: { quiet: boolean }) => Proc;

interface Answer {
  status: number;
  retryAfter: string | null;
  body: { data: Record<string, unknown> | null; errors: { msg: string }[] };
}

describe.skipIf(!onPostgres)('a dropped database connection, on a real API process', () => {
  const name = `roundup_fault_${randomBytes(5).toString('hex')}`;
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const url = `http://127.0.0.1:${port}`;
  let api: Proc;

  const send = async (method: 'GET' | 'POST', route: string, token?: string, body?: unknown): Promise<Answer> => {
    const res = await fetch(url + route, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Answer['body'] };
  };

  beforeAll(async () => {
    await admin((c) => c.query(`create database ${name}`));
    const script = path.resolve(import.meta.dirname, '../../../scripts/multi.mjs');
    const { startProcess } = (await import(script)) as { startProcess: StartProcess };
    api = startProcess(
      'api',
      'apps/server/src/main.ts',
      {
        DATABASE_URL: withDatabase(base, name),
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: url,
        RUN_WORKER: 'false',
        SEED_DEMO: 'false',
        ADMIN_PASSWORD: 'fault-admin-pass',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_SCALE: '1000',
      },
      'RoundUp is running',
      { quiet: true },
    );
    await api.started;
  }, PROCESS_TEST_TIMEOUT);

  afterAll(async () => {
    if (api && api.child.exitCode === null) {
      await new Promise((resolve) => {
        api.child.once('exit', resolve);
        api.child.kill('SIGTERM');
      });
    }
    await admin((c) => c.query(`drop database if exists ${name} with (force)`)).catch(() => undefined);
  });

  it('lives through ended backends of open transactions; answers 2xx or 503, and every acknowledged write reads back', async () => {
    const login = await send('POST', '/api/auth/login', undefined, {
      email: 'admin@roundup.local',
      password: 'fault-admin-pass',
    });
    expect(login.status).toBe(200);
    const token = (login.body.data as { token: string }).token;
    const added = await send('POST', '/api/rs/add', token, {
      newTicker: splitFields({ name: 'Fault Corp', ticker: 'FLT', effDate: '2030-01-10', buyDate: '2030-01-09' }),
    });
    expect(added.status).toBe(200);
    const splits = (await send('GET', '/api/rs', token)).body.data!.splits as { _id: string; ticker: string }[];
    const splitId = splits.find((s) => s.ticker === 'FLT')!._id;
    const brokers = (await send('GET', '/api/brokers', token)).body.data!.brokers as { _id: string }[];

    // Four accounts, each with its trade, edited by its own client in a loop.
    const trades: { accountId: string; tradeId: string }[] = [];
    for (let i = 0; i < 4; i += 1) {
      const nickname = `Fault ${i}`;
      const acc = await send('POST', '/api/accounts/add', token, {
        newAccount: { brokerId: brokers[0]._id, type: 'Individual Cash', nickname },
      });
      expect(acc.status).toBe(200);
      const accountId = (acc.body.data!.accounts as { _id: string; nickname: string }[]).find(
        (a) => a.nickname === nickname,
      )!._id;
      const trade = await send('POST', '/api/trades/add', token, { newTrade: { accountId, splitId, buy_price: 1 } });
      expect(trade.status).toBe(200);
      trades.push({ accountId, tradeId: (trade.body.data!.trade as { _id: string })._id });
    }

    const answers: Answer[] = [];
    const acked = new Map<string, number>();
    const triedAfterAck = new Map<string, number[]>();
    let stop = false;
    const editor = async ({ tradeId }: { tradeId: string }, k: number) => {
      for (let n = 1; !stop && n < 5000; n += 1) {
        const price = Number(`${k + 1}.${String(n).padStart(4, '0')}`);
        triedAfterAck.set(tradeId, [...(triedAfterAck.get(tradeId) ?? []), price]);
        const a = await send('POST', '/api/trades/edit', token, { newTrade: { _id: tradeId, buy_price: price } }).catch(
          (err: Error) => ({ status: 0, retryAfter: null, body: { data: null, errors: [{ msg: err.message }] } }),
        );
        answers.push(a);
        if (a.status === 200) {
          acked.set(tradeId, price);
          triedAfterAck.set(tradeId, []);
        }
      }
    };
    const editors = trades.map((t, k) => editor(t, k));

    // The fault: end every backend of this database that is inside a transaction (between two
    // statements, or running one), as an operator's pg_terminate_backend or a failover does.
    let ended = 0;
    let endedIdleInTransaction = 0;
    const deadline = Date.now() + 60_000;
    await admin(async (c) => {
      while (ended < 8 && Date.now() < deadline && api.child.exitCode === null) {
        const r = await c.query<{ state: string }>(
          `select state, pg_terminate_backend(pid) from pg_stat_activity
            where datname = $1 and pid <> pg_backend_pid() and xact_start is not null and query not ilike 'listen%'`,
          [name],
        );
        ended += r.rowCount ?? 0;
        endedIdleInTransaction += r.rows.filter((x) => x.state === 'idle in transaction').length;
      }
    });
    // Then a restart's worth: every connection of the API at once, LISTEN included.
    await admin((c) =>
      c.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [name]),
    );
    // Requests go on for a moment after the faults.
    const more = answers.length + 20;
    while (answers.length < more && api.child.exitCode === null) await new Promise((r) => setImmediate(r));
    stop = true;
    await Promise.all(editors);

    expect(api.child.exitCode, `the API exited:\n${api.output().slice(-3000)}`).toBeNull();
    expect(ended).toBeGreaterThan(0);
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.filter((s) => !(s === 200 || s === 503)),
      'answers other than 2xx or 503',
    ).toEqual([]);
    for (const a of answers.filter((x) => x.status === 503)) {
      expect(a.retryAfter).toMatch(/^\d+$/);
      expect(a.body.errors[0].msg).toBe(BRIEFLY_UNAVAILABLE);
    }
    console.log(
      `db faults: ${ended} backends in a transaction ended (${endedIdleInTransaction} idle in transaction), ` +
        `${answers.length} edits: ${statuses.filter((s) => s === 200).length} ok, ${statuses.filter((s) => s === 503).length} 503`,
    );

    // Every acknowledged write reads back: the stored price is the last one acknowledged, or one
    // sent after it whose answer was lost with its connection (it may have committed).
    for (const { accountId, tradeId } of trades) {
      const got = await send('GET', `/api/trades/s/${accountId}/${splitId}`, token);
      expect(got.status).toBe(200);
      const stored = (got.body.data!.trade as { buy_price: number }).buy_price;
      const allowed = [acked.get(tradeId) ?? 1, ...(triedAfterAck.get(tradeId) ?? [])];
      expect(allowed, `trade ${tradeId}`).toContain(stored);
    }
    const health = await send('GET', '/api/health');
    expect(health.status).toBe(200);
  });
});

describe.skipIf(!onPostgres)('live updates after the LISTEN connection drops', () => {
  it('subscribes again and sends the next split change to open streams', async () => {
    const database = await freshDatabase();
    const app = await buildApp({ webDist: null, logger: false, database, config: testConfig() });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      const pro = await registerUser(app);
      await setRole(database, pro.user._id, 'Pro');
      const dbName = new URL(database.url!).pathname.slice(1);
      const listenPid = async () =>
        admin(async (c) => {
          const r = await c.query<{ pid: number }>(
            `select pid from pg_stat_activity where datname = $1 and query ilike 'listen%'`,
            [dbName],
          );
          return r.rows[0]?.pid ?? null;
        });
      const ctrl = new AbortController();
      const res = await fetch(`http://127.0.0.1:${port}/api/events`, {
        headers: { authorization: `Bearer ${pro.token}` },
        signal: ctrl.signal,
      });
      const reader = res.body!.getReader();
      let text = '';
      const until = async (test: () => boolean) => {
        while (!test()) {
          const chunk = await reader.read();
          if (chunk.done) throw new Error(`stream ended: ${text}`);
          text += new TextDecoder().decode(chunk.value);
        }
      };
      const changes = () => text.split('"kind":"changed"').length - 1;
      await until(() => text.includes('event: hello'));

      const before = await listenPid();
      expect(before).not.toBeNull();
      // Every connection of the app ends at once (a restart): the pool's and the LISTEN one.
      await admin((c) =>
        c.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [
          dbName,
        ]),
      );
      let after: number | null = null;
      while (after === null || after === before) after = await listenPid();

      // A change made elsewhere (another replica) reaches this process only through its LISTEN connection.
      // First the re-read it announces on subscribing again (changes made meanwhile sent no signal).
      await until(() => changes() >= 1);
      const seen = changes();
      await admin((c) => c.query(`select pg_notify($1, 'changed')`, [SPLITS_CHANNEL]), database.url);
      await until(() => changes() > seen);
      expect(changes()).toBeGreaterThan(seen);
      // The stream stayed open through it all, and the pool answers again.
      expect((await call(app, 'GET', '/api/health')).status).toBe(200);
      ctrl.abort();
    } finally {
      await app.close();
      await database.close();
    }
  });
});
