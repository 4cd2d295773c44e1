import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBroker, insertSplit, splitFields } from '../../../test/factories';
import { call, createTestApp, dbKind, registerUser, setRole, type TestApp } from '../../../test/helpers';
import { postAsApp } from '../../../test/keyed-post';
import { expectConsistent } from '../../../test/totals';

/**
 * An admin re-dating splits while members edit their trades on them. No request may
 * fail (deadlocks and serialization failures are retried in one place), and the stored analytics
 * totals must still equal the totals of the raw trades afterwards. Members save as the web app does: on a
 * busy machine a burst this size can outlast a route's share of the pool, and the app sends a 503 again.
 */
let t: TestApp;
type U = Awaited<ReturnType<typeof registerUser>>;
let admin: U;
const members: { u: U; accounts: string[] }[] = [];
const splits: string[] = [];
const trades = new Map<string, { id: string; token: string }>();

const MEMBERS = dbKind === 'postgres' ? 10 : 3;
const splitBody = (i: number, effDate: string) =>
  splitFields({ name: `Race ${i}, Inc.`, ticker: `RACE${i}`, effDate, buyDate: '2026-01-05', price: 1, status: 'Complete' });

beforeAll(async () => {
  t = await createTestApp({ config: { RATE_LIMIT_SCALE: 1000 } });
  admin = await registerUser(t.app);
  await setRole(t.database, admin.user._id, 'Admin');
  const b = [{ id: await insertBroker(t.database, { name: 'Race Broker', shareReturnTime: 2 }) }];
  for (const [i, eff] of ['2026-02-02', '2026-02-16', '2026-03-02'].entries()) {
    const res = await call(t.app, 'POST', '/api/rs/add', { token: admin.token, body: { newTicker: splitBody(i, eff) } });
    expect(res.status).toBe(200);
    splits.push(res.body.data.split._id);
  }
  for (let m = 0; m < MEMBERS; m++) {
    const u = await registerUser(t.app);
    await setRole(t.database, u.user._id, 'Pro');
    const accounts: string[] = [];
    for (const nickname of ['R1', 'R2']) {
      const res = await call(t.app, 'POST', '/api/accounts/add', {
        token: u.token,
        body: { newAccount: { brokerId: b[0].id, type: 'Individual Cash', nickname } },
      });
      expect(res.status).toBe(200);
      accounts.push((res.body.data.accounts as { _id: string; nickname: string }[]).find((a) => a.nickname === nickname)!._id);
    }
    for (const accountId of accounts) {
      for (const splitId of splits) {
        const res = await call(t.app, 'POST', '/api/trades/add', {
          token: u.token,
          body: { newTrade: { accountId, splitId, buy_price: 1, sell_price: 2 } },
        });
        expect(res.status).toBe(200);
        trades.set(`${accountId} ${splitId}`, { id: res.body.data.trade._id, token: u.token });
      }
    }
    members.push({ u, accounts });
  }
}, 120_000);
afterAll(async () => t?.close());

describe('admin re-dates while members edit', () => {
  it('answers every request with 2xx and keeps the stored totals equal to the trades', async () => {
    const effDates = ['2026-02-09', '2026-02-23', '2026-03-09', '2026-01-26', '2026-03-16', '2026-02-12'];
    // Sold with a date, sold without one (counts on the effective date), bought only, cleared.
    const kinds = [
      { buy_price: 1.1, sell_price: 2.35, sell_date: '2026-03-20' },
      { buy_price: 0.5, sell_price: 0.45, sell_date: null },
      { buy_price: 2, sell_price: null, sell_date: null },
      { buy_price: 1.25, sell_price: 3.5, sell_date: '2026-02-27' },
      { buy_price: null, buy_date: null, sell_price: null, sell_date: null },
    ];
    const statuses: number[] = [];
    for (let round = 0; round < 6; round++) {
      const requests: Promise<{ status: number }>[] = [];
      // The admin moves two splits' effective dates while every member saves all of their trades.
      for (const [i, splitId] of splits.entries()) {
        if (i === round % splits.length) continue;
        const body = { newTicker: { _id: splitId, ...splitBody(i, effDates[(round + i) % effDates.length]) } };
        requests.push(call(t.app, 'POST', '/api/rs/edit', { token: admin.token, body }));
      }
      let k = round;
      for (const { accounts } of members) {
        for (const accountId of accounts) {
          for (const splitId of splits) {
            const tr = trades.get(`${accountId} ${splitId}`)!;
            requests.push(
              postAsApp(t.app, tr.token, '/api/trades/edit', { newTrade: { _id: tr.id, ...kinds[k++ % kinds.length] } }),
            );
          }
        }
      }
      statuses.push(...(await Promise.all(requests)).map((r) => r.status));
    }
    expect(statuses.length).toBe(6 * (2 + MEMBERS * 2 * splits.length));
    // Totals first, so a run with failed requests still shows whether the totals drifted.
    for (const { u } of members) await expectConsistent(t.database, u.user._id);
    expect(statuses.filter((s) => s < 200 || s > 299)).toEqual([]);
  }, 120_000);
});

describe('bulk saves racing each other and re-dates', () => {
  it('creates one trade per account, keeps every request’s fields, answers 2xx and keeps the totals equal', async () => {
    const res = await call(t.app, 'POST', '/api/rs/add', { token: admin.token, body: { newTicker: splitBody(9, '2026-02-04') } });
    expect(res.status).toBe(200);
    const splitId = res.body.data.split._id as string;
    const requests: Promise<{ status: number; body: any }>[] = [];
    for (const [i, effDate] of ['2026-02-11', '2026-02-18', '2026-03-04'].entries()) {
      requests.push(
        call(t.app, 'POST', '/api/rs/edit', {
          token: admin.token,
          body: { newTicker: { _id: splitId, ...splitBody(9, effDate) } },
        }),
      );
      // Each member sends three bulk saves at once over both accounts, none of the trades existing yet.
      for (const { u, accounts } of members) {
        const fields = [{ buy_price: 1.2 }, { sell_price: 2.4, sell_date: '2026-03-20' }, { buy_date: '2026-01-05' }][i];
        requests.push(
          call(t.app, 'POST', '/api/trades/bulk', { token: u.token, body: { splitId, accountIds: accounts, ...fields } }),
        );
      }
    }
    const answers = await Promise.all(requests);
    for (const { u } of members) await expectConsistent(t.database, u.user._id);
    expect(answers.filter((r) => r.status !== 200).map((r) => [r.status, r.body.errors])).toEqual([]);
    for (const { u } of members) {
      const mine = (await call(t.app, 'GET', `/api/trades/split/${splitId}`, { token: u.token })).body.data.trades;
      expect(mine.map((x: any) => [x.buy_date, x.buy_price, x.sell_date, x.sell_price])).toEqual([
        ['2026-01-05', 1.2, '2026-03-20', 2.4],
        ['2026-01-05', 1.2, '2026-03-20', 2.4],
      ]);
    }
  }, 120_000);
});

// PGlite runs one connection: a transaction held open elsewhere cannot be staged there.
describe.skipIf(dbKind !== 'postgres')('a trade saved while a re-date is uncommitted', () => {
  it('counts under the date that holds when it commits: the stored totals equal the trades', async () => {
    const { u, accounts } = members[0];
    const splitId = await insertSplit(t.database, {
      name: 'Staged, Inc.',
      ticker: 'STAGE',
      effDate: '2026-02-10',
      buyDate: '2026-02-09',
    });
    // Sold without a sell date: it counts in the month of the effective date.
    const added = await call(t.app, 'POST', '/api/trades/add', {
      token: u.token,
      body: { newTrade: { accountId: accounts[0], splitId, buy_price: 1, sell_price: 2 } },
    });
    expect(added.status).toBe(200);

    const admin = new pg.Client({ connectionString: t.database.url });
    await admin.connect();
    try {
      await admin.query('begin');
      await admin.query(`update reverse_splits set eff_date = '2026-03-10' where id = $1`, [splitId]);
      // The member saves while the re-date is not committed yet.
      let settled = false;
      const save = call(t.app, 'POST', '/api/trades/edit', {
        token: u.token,
        body: { newTrade: { _id: added.body.data.trade._id, sell_price: 3 } },
      }).finally(() => (settled = true));
      // Until the save has finished (the old code) or waits for a lock (this database's sessions).
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const { rows: waiting } = await t.database.query<{ n: number }>(
          `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid where not l.granted and a.datname = current_database()`,
        );
        if (settled || waiting[0].n > 0) break;
        await new Promise((r) => setImmediate(r));
      }
      await admin.query('commit');
      expect((await save).status).toBe(200);
    } finally {
      await admin.end();
    }
    const stored = await expectConsistent(t.database, u.user._id);
    expect(stored.splits.find((s) => s.id === splitId)).toMatchObject({ effDate: '2026-03-10', ticks: 20_000, trades: 1 });
  }, 60_000);
});

describe.skipIf(dbKind !== 'postgres')('a bulk save whose new trade another save inserts meanwhile', () => {
  it('waits, then merges its fields into that trade instead of overwriting it or answering an error', async () => {
    const { u, accounts } = members[1];
    const splitId = await insertSplit(t.database, { ticker: 'BRACE', effDate: '2026-02-10', buyDate: '2026-02-09' });
    const other = new pg.Client({ connectionString: t.database.url });
    await other.connect();
    try {
      // Another save of the same member inserts R1's trade and has not committed yet.
      await other.query('begin');
      await other.query(
        `insert into trades (user_id, split_id, account_id, ticker, buy_price, sell_price) values ($1, $2, $3, 'BRACE', 1, 2)`,
        [u.user._id, splitId, accounts[0]],
      );
      let settled = false;
      const bulk = call(t.app, 'POST', '/api/trades/bulk', {
        token: u.token,
        body: { splitId, accountIds: accounts, sell_date: '2026-03-20' },
      }).finally(() => (settled = true));
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const { rows: waiting } = await t.database.query<{ n: number }>(
          `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid where not l.granted and a.datname = current_database()`,
        );
        if (settled || waiting[0].n > 0) break;
        await new Promise((r) => setImmediate(r));
      }
      await other.query('commit');
      const res = await bulk;
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // R1 keeps the other save's prices (its buy date defaults to the split's) and gets the sell date; R2 is new.
      expect(res.body.data.trades.map((x: any) => [x.accountId, x.buy_date, x.buy_price, x.sell_date, x.sell_price])).toEqual([
        [accounts[0], '2026-02-09', 1, '2026-03-20', 2],
        [accounts[1], null, null, '2026-03-20', null],
      ]);
    } finally {
      await other.end();
    }
    const { rows } = await t.database.query<{ n: number }>('select count(*)::int as n from trades where split_id = $1', [
      splitId,
    ]);
    expect(rows[0].n).toBe(2);
    await expectConsistent(t.database, u.user._id);
  }, 60_000);
});
