import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_INVALID, IDEMPOTENCY_KEY_REUSED, IDEMPOTENT_ROUTES } from '@roundup/shared';
import { BRIEFLY_UNAVAILABLE } from '../src/http/envelope';
import { addAccount, insertBroker, insertSplit, member, type Member } from './factories';
import { createTestApp, dbKind, type TestApp } from './helpers';
import { keyedPost, type Sent } from './keyed-post';

/**
 * Safe retries (decision 048): a member's write sent again with the same Idempotency-Key is answered as the
 * first time and writes nothing new, also while the first is still running; a 503 keeps nothing, so the retry
 * runs; the same key with another body is a 422; each member's keys are their own.
 */
let t: TestApp;
let pro: Member;
let other: Member;
let brokerId: string;

const send = (token: string, url: string, body: unknown, key?: string): Promise<Sent> => keyedPost(t.app, token, url, body, key);

const count = async (sql: string, params: unknown[]) =>
  Number((await t.database.query<{ n: string }>(`select count(*)::text as n from ${sql}`, params)).rows[0].n);
const tokensOf = (m: Member) => count('api_tokens where user_id = $1', [m.id]);
const tradesOf = (m: Member, splitId: string) => count('trades where user_id = $1 and split_id = $2', [m.id, splitId]);

beforeAll(async () => {
  t = await createTestApp({ config: { RATE_LIMIT_SCALE: 1000 } });
  pro = await member(t.app, 'Pro');
  other = await member(t.app, 'Pro');
  brokerId = await insertBroker(t.database);
}, 120_000);
afterAll(async () => t?.close());

describe('Idempotency-Key on members’ writes', () => {
  it('answers a retry with the first answer, status and body, and writes nothing new', async () => {
    const body = { name: 'Sheet', scopes: ['read:splits'] };
    const first = await send(pro.token, '/api/tokens', body, 'create-token-1');
    const again = await send(pro.token, '/api/tokens', body, 'create-token-1');
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.raw).toBe(first.raw);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await tokensOf(pro)).toBe(1);
    // Without a key each request is its own.
    await send(pro.token, '/api/tokens', body);
    expect(await tokensOf(pro)).toBe(2);
  });

  it('a retry racing the first attempt waits for it and gets its answer: one write', async () => {
    const body = { name: 'Racing', scopes: ['write:trades'] };
    const before = await tokensOf(pro);
    const answers = await Promise.all([0, 1, 2, 3].map(() => send(pro.token, '/api/tokens', body, 'racing-key')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data.secret)).size).toBe(1);
    expect(await tokensOf(pro)).toBe(before + 1);
  });

  it('replays a compressed answer too (a browser accepts gzip; answers over 1 KB are compressed)', async () => {
    const add = (nickname: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/accounts/add',
        headers: {
          authorization: `Bearer ${pro.token}`,
          'idempotency-key': `gzip-${nickname.replace(/ /g, '-')}`,
          'accept-encoding': 'gzip',
        },
        payload: { newAccount: { brokerId, type: 'Individual Cash', nickname } },
      });
    for (let i = 0; i < 12; i++) await add(`Gz ${i}`);
    const first = await add('Twice');
    const again = await add('Twice');
    expect(first.headers['content-encoding']).toBe('gzip');
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await count(`accounts where user_id = $1 and nickname = 'Twice'`, [pro.id])).toBe(1);
  });

  it('the same key with another body is a 422 and writes nothing', async () => {
    const before = await tokensOf(pro);
    await send(pro.token, '/api/tokens', { name: 'One', scopes: ['read:splits'] }, 'reused-key');
    const other = await send(pro.token, '/api/tokens', { name: 'Two', scopes: ['read:splits'] }, 'reused-key');
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ data: null, errors: [{ msg: IDEMPOTENCY_KEY_REUSED }] });
    // The same key on another route is another request too.
    const elsewhere = await send(pro.token, '/api/tokens/revoke', { id: '00000000-0000-4000-8000-000000000000' }, 'reused-key');
    expect(elsewhere.status).toBe(422);
    expect(await tokensOf(pro)).toBe(before + 1);
  });

  it("another member's same key is independent", async () => {
    const body = { name: 'Mine', scopes: ['read:splits'] };
    const a = await send(pro.token, '/api/tokens', body, 'shared-key');
    const b = await send(other.token, '/api/tokens', body, 'shared-key');
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.data.secret).not.toBe(a.body.data.secret);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(await tokensOf(other)).toBe(1);
  });

  it.each([
    ['too long', 'k'.repeat(256)],
    ['a space', 'two words'],
    ['empty', ''],
    ['not ASCII', 'clé'],
  ])('refuses a key that is %s with a clear 400', async (_, key) => {
    const res = await send(pro.token, '/api/tokens', { name: 'Bad key', scopes: ['read:splits'] }, key);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e) => e.msg)).toContain(IDEMPOTENCY_KEY_INVALID);
  });

  it('a kept answer is replayed for a refusal too, and a key past its day runs again and is purged', async () => {
    const refused = await send(pro.token, '/api/trades/add', { newTrade: { accountId: brokerId, splitId: brokerId } }, 'old-key');
    expect(refused.status).toBe(404);
    expect(
      (await send(pro.token, '/api/trades/add', { newTrade: { accountId: brokerId, splitId: brokerId } }, 'old-key')).raw,
    ).toBe(refused.raw);
    await t.database.query(`update idempotency_keys set expires_at = now() - interval '1 minute' where key = 'old-key'`);
    const body = { name: 'After a day', scopes: ['read:splits'] };
    const reused = await send(pro.token, '/api/tokens', body, 'old-key');
    expect(reused.status).toBe(200);
    await t.database.query(`update idempotency_keys set expires_at = now() - interval '1 minute' where key = 'old-key'`);
    await send(pro.token, '/api/tokens', body, 'fresh-key');
    expect(await count(`idempotency_keys where key = 'old-key'`, [])).toBe(0);
  });

  it('every route that takes a key documents the header in the OpenAPI', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>> };
    for (const route of IDEMPOTENT_ROUTES) {
      const [method, path] = route.split(' ');
      const params = doc.paths[path]?.[method.toLowerCase()]?.parameters ?? [];
      expect(
        params.some((p) => p.in === 'header' && p.name === 'idempotency-key'),
        route,
      ).toBe(true);
    }
  });
});

describe('a retry after a 503', () => {
  let splitId: string;
  let accountId: string;
  beforeAll(async () => {
    splitId = await insertSplit(t.database, { status: 'Upcoming' });
    accountId = await addAccount(t.app, pro.token, { brokerId });
    // The database ends the first insert of a trade as a server shutting down would (SQLSTATE 57P01). A
    // sequence, not a table, counts the inserts: nextval is not undone when the failing transaction is.
    await t.database.query(`create sequence if not exists fault_once`);
    await t.database.query(`create or replace function fail_first_trade() returns trigger language plpgsql as $$
      begin
        if nextval('fault_once') = 1 then raise exception 'terminating connection' using errcode = '57P01'; end if;
        return new;
      end $$`);
    await t.database.query(
      `create trigger fail_first_trade before insert on trades for each row execute function fail_first_trade()`,
    );
  });

  it('runs the write on the retry (nothing was kept for the 503), once', async () => {
    const body = { newTrade: { accountId, splitId, buy_price: 1.1 } };
    const first = await send(pro.token, '/api/trades/add', body, 'after-503');
    expect(first.status).toBe(503);
    expect(first.body.errors[0].msg).toBe(BRIEFLY_UNAVAILABLE);
    expect(first.headers['retry-after']).toBeDefined();
    expect(await tradesOf(pro, splitId)).toBe(0);
    const retry = await send(pro.token, '/api/trades/add', body, 'after-503');
    expect(retry.status).toBe(200);
    const again = await send(pro.token, '/api/trades/add', body, 'after-503');
    expect(again.raw).toBe(retry.raw);
    expect(await tradesOf(pro, splitId)).toBe(1);
  });
});

describe('an answer the database was not there to take', () => {
  it('is stored once the database answers again, so the retry gets it instead of waiting on the claim', async () => {
    // The first store of an answer fails as a lost connection would; the write itself went through (the claim
    // marked applied inside it: an update that leaves the status empty).
    await t.database.query(`create sequence if not exists store_fault_once`);
    await t.database.query(`create or replace function fail_first_store() returns trigger language plpgsql as $$
      begin
        if new.status is not null and nextval('store_fault_once') = 1 then
          raise exception 'terminating connection' using errcode = '57P01';
        end if;
        return new;
      end $$`);
    await t.database.query(
      `create trigger fail_first_store before update on idempotency_keys for each row execute function fail_first_store()`,
    );
    try {
      const before = await tokensOf(pro);
      const body = { name: 'Stored late', scopes: ['read:splits'] };
      const first = await send(pro.token, '/api/tokens', body, 'stored-late');
      const retry = await send(pro.token, '/api/tokens', body, 'stored-late');
      expect([first.status, retry.status]).toEqual([200, 200]);
      expect(retry.raw).toBe(first.raw);
      expect(await tokensOf(pro)).toBe(before + 1);
    } finally {
      await t.database.query('drop trigger fail_first_store on idempotency_keys');
    }
  });
});

describe.skipIf(dbKind !== 'postgres')('on PostgreSQL, with a second connection', () => {
  let admin: pg.Client;
  let splitId: string;
  let accountId: string;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: t.database.url });
    await admin.connect();
    splitId = await insertSplit(t.database, { status: 'Upcoming' });
    accountId = await addAccount(t.app, other.token, { brokerId });
  });
  afterAll(async () => admin?.end());

  /** Until a backend of this database waits for a lock; its pid. */
  async function blockedBackend(): Promise<number> {
    for (;;) {
      const { rows } = await admin.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      );
      if (rows.length) return rows[0].pid;
      await new Promise((r) => setImmediate(r));
    }
  }

  it('a retry that arrives while the first waits on a lock waits for it, and one token is made', async () => {
    const before = await tokensOf(other);
    await admin.query('begin');
    await admin.query('lock table api_tokens in exclusive mode');
    const body = { name: 'Locked', scopes: ['read:splits'] };
    const first = send(other.token, '/api/tokens', body, 'locked-key');
    await blockedBackend();
    const retry = send(other.token, '/api/tokens', body, 'locked-key');
    // The retry is waiting on the first attempt's claim, not writing: still one backend waits for the lock.
    for (;;) {
      const { rows } = await admin.query(`select status from idempotency_keys where key = 'locked-key'`);
      if (rows.length === 1 && rows[0].status === null) break;
    }
    await admin.query('commit');
    const [a, b] = await Promise.all([first, retry]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.raw).toBe(a.raw);
    expect(await tokensOf(other)).toBe(before + 1);
  });

  it('a real closed connection: the 503 keeps nothing, and the retry with the key writes once', async () => {
    await admin.query('begin');
    await admin.query('lock table trades in exclusive mode');
    const body = { newTrade: { accountId, splitId, buy_price: 2.2 } };
    const first = send(other.token, '/api/trades/add', body, 'cut-key');
    const pid = await blockedBackend();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    const cut = await first;
    await admin.query('commit');
    expect(cut.status).toBe(503);
    expect(cut.headers['retry-after']).toBeDefined();
    expect(await count(`idempotency_keys where key = 'cut-key'`, [])).toBe(0);
    const retry = await send(other.token, '/api/trades/add', body, 'cut-key');
    expect(retry.status).toBe(200);
    expect(await tradesOf(other, splitId)).toBe(1);
  });
});
