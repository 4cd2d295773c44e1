import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_APPLIED, IDEMPOTENCY_KEY_IN_FLIGHT, IDEMPOTENT_ROUTES } from '@roundup/shared';
import type { Db } from '../src/db/client';
import { BRIEFLY_UNAVAILABLE } from '../src/http/envelope';
import { fingerprintOf } from '../src/http/idempotency';
import { addAccount, addTrade, insertBroker, insertSplit, member, type Member } from './factories';
import { createTestApp, dbKind, type TestApp } from './helpers';
import { keyedPost, type Sent } from './keyed-post';

/**
 * Safe retries when the write committed and its answer did not: the connection drops between the COMMIT and
 * its acknowledgement (or a later read of the request times out, or the process dies). The member's app retries
 * the 503 with the same Idempotency-Key; the retry must not write again, on every route that takes a key, and
 * says the write was applied. Runs on PGlite and on PostgreSQL.
 */
let t: TestApp;
let pro: Member;
let brokerId: string;

const send = (url: string, body: unknown, key: string): Promise<Sent> => keyedPost(t.app, pro.token, url, body, key);

const count = async (from: string, params: unknown[] = []) =>
  Number((await t.database.query<{ n: string }>(`select count(*)::text as n from ${from}`, params)).rows[0].n);

/**
 * The fault: the next transaction that writes commits, and then its caller sees the connection lost, as
 * node-postgres reports a connection that dropped while the COMMIT's answer was on its way. `before` runs
 * inside that transaction first (a claim taken over meanwhile).
 */
let cut: { before?: (tx: Db) => Promise<void> } | null = null;
let committedThenCut = 0;
beforeAll(async () => {
  t = await createTestApp({ config: { RATE_LIMIT_SCALE: 1000 } });
  pro = await member(t.app, 'Pro');
  brokerId = await insertBroker(t.database, { name: 'Charles Schwab' });
  const db = t.database.db;
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) => {
    let wrote = false;
    const fault = cut;
    return transaction(async (tx) => {
      if (fault?.before) await fault.before(tx as unknown as Db);
      const out = await work(tx);
      const r = (await tx.execute(sql`select pg_current_xact_id_if_assigned() is not null as wrote`)) as unknown as {
        rows: { wrote: boolean }[];
      };
      wrote = r.rows[0].wrote;
      return out;
    }, config).then((out) => {
      if (!wrote || !fault || cut !== fault) return out;
      cut = null;
      committedThenCut += 1;
      throw new Error('Connection terminated unexpectedly');
    });
  }) as Db['transaction'];
}, 120_000);
afterAll(async () => t?.close());
beforeEach(() => {
  cut = null;
  committedThenCut = 0;
});

const SCHWAB = readFileSync(path.join(__dirname, 'fixtures/statements/schwab-reverse-split.csv'), 'utf8');

/** Each route that takes a key: a request that writes, and what a second write would change. */
interface Case {
  body: () => Promise<unknown>;
  /** Rows (or values) a second write would add or change; compared before the retry and after it. */
  state: () => Promise<unknown>;
}

const cases: Record<(typeof IDEMPOTENT_ROUTES)[number], Case> = {} as never;
let n = 0;
const nickname = () => `Applied ${++n}`;
const updatedAt = (table: string, id: string) =>
  t.database
    .query<{ at: string }>(`select updated_at::text as at from ${table} where id = $1`, [id])
    .then((r) => r.rows[0]?.at ?? null);

beforeAll(async () => {
  const accountId = () => addAccount(t.app, pro.token, { brokerId, nickname: nickname() });
  const upcoming = () => insertSplit(t.database, { status: 'Upcoming' });
  let addedSplit = '';
  let edited = '';
  let bulkSplit = '';
  let importAccount = '';
  let groupId = '';
  let gone = '';
  let revoked = '';
  const group = async (name: string) => {
    const res = await send('/api/accounts/groups', { name, accountIds: [await accountId()] }, `setup-${name.replace(/ /g, '-')}`);
    return res.body.data.group._id as string;
  };
  Object.assign(cases, {
    'POST /api/trades/add': {
      body: async () => ({
        newTrade: { accountId: await accountId(), splitId: (addedSplit = await upcoming()), buy_price: 1.5 },
      }),
      state: () => count('trades where split_id = $1', [addedSplit]),
    },
    'POST /api/trades/edit': {
      body: async () => {
        const added = await addTrade(t.app, pro.token, { accountId: await accountId(), splitId: await upcoming() });
        edited = added.body.data.trade._id;
        return { newTrade: { _id: edited, buy_price: 2.5 } };
      },
      state: () => updatedAt('trades', edited),
    },
    'POST /api/trades/bulk': {
      body: async () => ({
        splitId: (bulkSplit = await upcoming()),
        accountIds: [await accountId(), await accountId()],
        buy_price: 3.5,
      }),
      state: async () => [
        await count('trades where split_id = $1', [bulkSplit]),
        await count('trades where split_id = $1 and updated_at > created_at', [bulkSplit]),
      ],
    },
    'POST /api/imports/apply': {
      body: async () => {
        await insertSplit(t.database, { name: 'Acme Robotics', ticker: 'ACMR', buyDate: '2026-11-06', effDate: '2026-11-10' });
        return { accountId: (importAccount = await accountId()), csv: SCHWAB };
      },
      state: async () => [
        await count('import_rows where account_id = $1', [importAccount]),
        await count('trades where account_id = $1', [importAccount]),
      ],
    },
    'POST /api/accounts/add': {
      body: async () => ({ newAccount: { brokerId, type: 'Individual Cash', nickname: 'Once only' } }),
      state: () => count(`accounts where user_id = $1 and nickname = 'Once only'`, [pro.id]),
    },
    'POST /api/accounts/add-many': {
      body: async () => ({ brokerId, type: 'Roth IRA', nicknames: ['Many 1', 'Many 2'] }),
      state: () => count(`accounts where user_id = $1 and nickname like 'Many %'`, [pro.id]),
    },
    'POST /api/accounts/groups': {
      body: async () => ({ name: 'Made once', accountIds: [await accountId()] }),
      state: () => count(`account_groups where user_id = $1 and name = 'Made once'`, [pro.id]),
    },
    'POST /api/accounts/groups/edit': {
      body: async () => ({ id: (groupId = await group('Before rename')), name: 'Renamed once' }),
      state: () => t.database.query('select name from account_groups where id = $1', [groupId]).then((r) => r.rows),
    },
    'POST /api/accounts/groups/delete': {
      body: async () => ({ id: (gone = await group('To delete')) }),
      state: () => count('account_groups where id = $1', [gone]),
    },
    'POST /api/tokens': {
      body: async () => ({ name: 'Made once', scopes: ['read:splits'] }),
      state: () => count(`api_tokens where user_id = $1 and name = 'Made once'`, [pro.id]),
    },
    'POST /api/tokens/revoke': {
      body: async () => {
        const made = await send('/api/tokens', { name: 'To revoke', scopes: ['read:splits'] }, 'setup-revoke');
        return { id: (revoked = made.body.data.token._id) };
      },
      state: () =>
        t.database
          .query<{ at: string | null }>('select revoked_at::text as at from api_tokens where id = $1', [revoked])
          .then((r) => r.rows[0].at),
    },
  });
}, 120_000);

describe('a keyed write that committed, then answered 503', () => {
  it.each(IDEMPOTENT_ROUTES.map((r) => [r]))('%s: the retry writes nothing and says the write was applied', async (route) => {
    const c = cases[route];
    expect(c, `a case for ${route}`).toBeDefined();
    const url = route.split(' ')[1];
    const body = await c.body();
    const key = `applied ${route}`.replace(/\W+/g, '-');
    cut = {};
    const first = await send(url, body, key);
    expect(committedThenCut, 'the write committed before the answer failed').toBe(1);
    expect(first.status).toBe(503);
    expect(first.body.errors[0].msg).toBe(BRIEFLY_UNAVAILABLE);
    const written = await c.state();

    const retry = await send(url, body, key);
    expect(retry.status).toBe(409);
    expect(retry.body).toEqual({ data: null, errors: [{ msg: IDEMPOTENCY_KEY_APPLIED }] });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.headers['retry-after']).toBeUndefined();
    const again = await send(url, body, key);
    expect(again.raw).toBe(retry.raw);
    expect(await c.state()).toEqual(written);
  });

  it('counts one token after the retry: the write is not made twice', async () => {
    const body = { name: 'Counted', scopes: ['read:splits'] };
    cut = {};
    expect((await send('/api/tokens', body, 'counted')).status).toBe(503);
    await send('/api/tokens', body, 'counted');
    await send('/api/tokens', body, 'counted');
    expect(await count(`api_tokens where user_id = $1 and name = 'Counted'`, [pro.id])).toBe(1);
  });
});

describe('an attempt whose claim was taken over', () => {
  it('rolls its write back: only the attempt holding the claim can commit', async () => {
    const body = { name: 'Overtaken', scopes: ['read:splits'] };
    // A retry took the claim over while this attempt was still running (it outlived the stale limit).
    cut = {
      before: (tx) =>
        tx.execute(sql`update idempotency_keys set attempt = gen_random_uuid() where key = 'overtaken'`).then(() => undefined),
    };
    const first = await send('/api/tokens', body, 'overtaken');
    cut = null;
    expect(first.status).toBe(409);
    expect(first.body.errors[0].msg).toBe(IDEMPOTENCY_KEY_IN_FLIGHT);
    expect(committedThenCut).toBe(0);
    expect(await count(`api_tokens where user_id = $1 and name = 'Overtaken'`, [pro.id])).toBe(0);
  });
});

describe('a claim whose process died after its write committed', () => {
  it('is answered as applied once stale, not taken over and run again', async () => {
    const body = { name: 'Died', scopes: ['read:splits'] };
    await t.database.query(
      `insert into idempotency_keys (user_id, key, fingerprint, attempt, applied, created_at, expires_at)
       values ($1, 'died', $2, gen_random_uuid(), true, now() - interval '2 minutes', now() + interval '1 day')`,
      [pro.id, fingerprintOf({ method: 'POST', url: '/api/tokens', body })],
    );
    const retry = await send('/api/tokens', body, 'died');
    expect(retry.status).toBe(409);
    expect(retry.body.errors[0].msg).toBe(IDEMPOTENCY_KEY_APPLIED);
    expect(await count(`api_tokens where user_id = $1 and name = 'Died'`, [pro.id])).toBe(0);
    // A stale claim whose write never committed is still taken over and run.
    await t.database.query(
      `insert into idempotency_keys (user_id, key, fingerprint, attempt, applied, created_at, expires_at)
       values ($1, 'died-early', $2, gen_random_uuid(), false, now() - interval '2 minutes', now() + interval '1 day')`,
      [pro.id, fingerprintOf({ method: 'POST', url: '/api/tokens', body })],
    );
    expect((await send('/api/tokens', body, 'died-early')).status).toBe(200);
    expect(await count(`api_tokens where user_id = $1 and name = 'Died'`, [pro.id])).toBe(1);
  });
});

describe.skipIf(dbKind !== 'postgres')('on PostgreSQL, a real timeout on a read after the commit', () => {
  it('an account added, then its answer timed out on the locked trades: the retry says applied, one account', async () => {
    // Adding an account commits the account, then answers the member's accounts with their trade counts: a read of
    // trades, which another session holds locked. The read runs out (lock_timeout) after the commit: a 503.
    const holder = new pg.Client({ connectionString: t.database.url });
    await holder.connect();
    const body = { newAccount: { brokerId, type: 'Joint Cash', nickname: 'Added under a lock' } };
    const accounts = () => count(`accounts where user_id = $1 and nickname = 'Added under a lock'`, [pro.id]);
    try {
      await holder.query('begin');
      await holder.query('lock table trades in access exclusive mode');
      const first = await send('/api/accounts/add', body, 'real-after-commit');
      expect(first.status).toBe(503);
      expect(first.headers['retry-after']).toMatch(/^\d+$/);
      expect(await accounts()).toBe(1);
      // The app's retry comes while the lock is still held: it writes nothing and says so.
      const retry = await send('/api/accounts/add', body, 'real-after-commit');
      expect(retry.status).toBe(409);
      expect(retry.body.errors[0].msg).toBe(IDEMPOTENCY_KEY_APPLIED);
    } finally {
      await holder.query('commit').catch(() => undefined);
      await holder.end();
    }
    const after = await send('/api/accounts/add', body, 'real-after-commit');
    expect(after.status).toBe(409);
    expect(await accounts()).toBe(1);
  });
});
