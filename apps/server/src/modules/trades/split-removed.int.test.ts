import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount, insertBroker, insertSplit as insertSplitRow } from '../../../test/factories';
import { call, createTestApp, dbKind, registerUser, setRole, type TestApp } from '../../../test/helpers';
import { tradesRepo } from './repo';

/**
 * A member adds a trade while an admin removes the split: the add is checked
 * again under the split's lock, so it answers 404 "Split not found" (deleted or archived meanwhile)
 * or 409 (moved back to Approved), never a foreign-key 500 and never a trade on an archived split.
 */
let t: TestApp;
type U = Awaited<ReturnType<typeof registerUser>>;
let member: U;
let accountId: string;

const insertSplit = (ticker: string) =>
  insertSplitRow(t.database, { ticker, effDate: '2026-03-02', buyDate: '2026-02-27', status: 'Upcoming' });
const tradesOn = async (splitId: string) =>
  (await t.database.query<{ n: number }>(`select count(*)::int as n from trades where split_id = $1`, [splitId])).rows[0].n;

beforeAll(async () => {
  t = await createTestApp();
  member = await registerUser(t.app);
  await setRole(t.database, member.user._id, 'Pro');
  const brokerId = await insertBroker(t.database, { name: 'Gone Broker', shareReturnTime: 2 });
  accountId = await addAccount(t.app, member.token, { brokerId, nickname: 'G1' });
});
afterAll(async () => t?.close());

describe('the trade insert checks the split under its lock', () => {
  it('a split gone by the time the insert locks it: "Split not found", not a foreign-key error', async () => {
    const repo = tradesRepo(t.database.db);
    const splitId = await insertSplit('GONE1');
    await t.database.query(`delete from reverse_splits where id = $1`, [splitId]);
    const seen: unknown[] = [];
    await expect(
      repo.insert(
        { userId: member.user._id, accountId, splitId, ticker: 'GONE1' },
        {
          legs: [{ side: 'buy', date: null, quantity: 1, price: 1 }],
          outcome: 'pending',
          outcome_date: null,
          shares_received: null,
          cash_in_lieu_amount: null,
        },
        (s) => {
          seen.push(s);
          if (!s) throw new Error('Split not found');
        },
      ),
    ).rejects.toThrow('Split not found');
    expect(seen).toEqual([null]);
    expect(await tradesOn(splitId)).toBe(0);
  });
});

// PGlite runs one connection: a transaction held open elsewhere cannot be staged there.
describe.skipIf(dbKind !== 'postgres')('a trade add racing an admin (PostgreSQL)', () => {
  /** Runs `change` in an admin transaction, fires the add while it is uncommitted, commits, and answers the add. */
  async function addDuring(splitId: string, change: string) {
    const admin = new pg.Client({ connectionString: t.database.url });
    await admin.connect();
    try {
      await admin.query('begin');
      await admin.query(change, [splitId]);
      let settled = false;
      const add = call(t.app, 'POST', '/api/trades/add', {
        token: member.token,
        body: { newTrade: { accountId, splitId, buy_price: 1 } },
      }).finally(() => (settled = true));
      // Until the add has finished or waits for the admin's lock on the split.
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const { rows: waiting } = await t.database.query<{ n: number }>(
          `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid where not l.granted and a.datname = current_database()`,
        );
        if (settled || waiting[0].n > 0) break;
        await new Promise((r) => setImmediate(r));
      }
      await admin.query('commit');
      return await add;
    } finally {
      await admin.end();
    }
  }

  it('deleted outright (no trades yet) while the add is in flight: 404 Split not found', async () => {
    const splitId = await insertSplit('RACEDEL');
    const res = await addDuring(splitId, `delete from reverse_splits where id = $1`);
    expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 404, errors: [{ msg: 'Split not found' }] });
    expect(await tradesOn(splitId)).toBe(0);
  }, 60_000);

  it('archived while the add is in flight: 404, and no trade lands on the archived split', async () => {
    const splitId = await insertSplit('RACEARC');
    const res = await addDuring(splitId, `update reverse_splits set archived_at = now() where id = $1`);
    expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 404, errors: [{ msg: 'Split not found' }] });
    expect(await tradesOn(splitId)).toBe(0);
  }, 60_000);

  it('moved back to Approved while the add is in flight: 409, no trade', async () => {
    const splitId = await insertSplit('RACEAPP');
    const res = await addDuring(splitId, `update reverse_splits set status = 'Approved' where id = $1`);
    expect({ status: res.status, errors: res.body.errors }).toEqual({
      status: 409,
      errors: [{ msg: 'Trades can be recorded once this split is Upcoming' }],
    });
    expect(await tradesOn(splitId)).toBe(0);
  }, 60_000);

  it('a split that stays: the add goes through once the admin commits', async () => {
    const splitId = await insertSplit('RACEOK');
    const res = await addDuring(splitId, `update reverse_splits set notes = 'edited' where id = $1`);
    expect(res.status).toBe(200);
    expect(await tradesOn(splitId)).toBe(1);
  }, 60_000);
});
