import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount, insertBroker, insertSplit, splitFields } from '../../../test/factories';
import { call, createTestApp, registerUser, setRole, type TestApp } from '../../../test/helpers';
import { canonical, expectConsistent as expectTotalsConsistent } from '../../../test/totals';

let t: TestApp;
type U = Awaited<ReturnType<typeof registerUser>>;
let alice: U;
let bob: U;

beforeAll(async () => {
  // A fixed clock: "today" is 2026-03-20 in New York.
  t = await createTestApp({ clock: () => new Date('2026-03-20T15:00:00Z') });
  alice = await registerUser(t.app);
  bob = await registerUser(t.app);
  await setRole(t.database, alice.user._id, 'Pro');
  await setRole(t.database, bob.user._id, 'Pro');
});
afterAll(async () => t?.close());

describe('analytics', () => {
  it('needs a signed-in user and starts empty', async () => {
    expect((await call(t.app, 'GET', '/api/analytics/mine')).status).toBe(401);
    const res = await call(t.app, 'GET', '/api/analytics/mine', { token: bob.token });
    expect(res.status).toBe(200);
    expect(res.body.data.analytics.totals).toEqual({
      realizedCents: 0,
      thisYearCents: 0,
      closedTrades: 0,
      openPositions: 0,
      totalTrades: 0,
    });
  });

  it('sums the member’s own trades exactly and exports Form 8949 CSV', async () => {
    const b = [{ id: await insertBroker(t.database, { name: 'Analytics Broker', shareReturnTime: 3 }) }];
    const acc = await call(t.app, 'POST', '/api/accounts/add', {
      token: alice.token,
      body: { newAccount: { brokerId: b[0].id, type: 'Individual Cash', nickname: 'Main, "cash"' } },
    });
    const accountId = acc.body.data.accounts[0]._id;
    // 120 closed trades of $0.01 each sold in 2026, one open position (one statement each: 241 round trips
    // took 10 s of this test on a busy machine).
    const { rows: splitRows } = await t.database.query<{ id: string }>(
      `insert into reverse_splits (name, ticker, eff_date, buy_date, ratio, status)
       select 'Co ' || i || ', Inc.', 'T' || i, '2026-03-10', '2026-03-09', 10, 'Complete' from generate_series(0, 120) i
       returning id::text as id`,
    );
    const splits = splitRows.map((r) => r.id);
    await t.database.query(
      `insert into trades (user_id, split_id, account_id, ticker, buy_date, buy_price, sell_date, sell_price)
       select $1, s.id, $2, s.ticker, '2026-03-09', 0.1, '2026-03-12', 0.11
       from reverse_splits s where s.id = any($3::uuid[])`,
      [alice.user._id, accountId, splits.slice(0, 120)],
    );
    const open = await call(t.app, 'POST', '/api/trades/add', {
      token: alice.token,
      body: { newTrade: { accountId, splitId: splits[120], buy_price: 2 } },
    });
    expect(open.status).toBe(200);

    const res = await call(t.app, 'GET', '/api/analytics/mine', { token: alice.token });
    expect(res.status).toBe(200);
    const a = res.body.data.analytics;
    expect(a.totals).toEqual({ realizedCents: 120, thisYearCents: 120, closedTrades: 120, openPositions: 1, totalTrades: 121 });
    expect(a.byMonth).toEqual([{ month: '2026-03', profitCents: 120, cumulativeCents: 120, trades: 120 }]);
    expect(a.openPositions[0]).toMatchObject({
      ticker: 'T120',
      expectedReturnDate: '2026-03-13',
      overdue: true,
      buyDate: '2026-03-09',
    });
    expect(a.returnTimes[0]).toMatchObject({ broker: 'Analytics Broker', statedDays: 3, samples: 120, averageDays: 2 });
    expect(a.taxYears).toEqual([2026]);

    const all = await call(t.app, 'GET', '/api/analytics/open-positions', { token: alice.token });
    expect(all.body.data.openPositions).toHaveLength(1);

    // Bob sees nothing of Alice's.
    const bobs = await call(t.app, 'GET', '/api/analytics/mine', { token: bob.token });
    expect(bobs.body.data.analytics.totals.totalTrades).toBe(0);

    const csv = await call(t.app, 'GET', '/api/analytics/tax-export?year=2026', { token: alice.token });
    expect(csv.status).toBe(200);
    expect(csv.body.data).toMatchObject({ year: 2026, rows: 120, filename: 'roundup-form-8949-2026.csv' });
    const lines = csv.body.data.csv.trim().split('\r\n');
    expect(lines).toHaveLength(122);
    expect(lines[1]).toBe(
      '"1 sh T0 (Co 0, Inc.)",03/09/2026,03/12/2026,0.11,0.10,,,0.01,Short-term,"Analytics Broker - Main, ""cash""",',
    );
    expect(lines[121]).toBe('Totals,,,13.20,12.00,,,1.20,,,');

    const raw = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/tax-export?year=2026&format=csv',
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toMatch(/text\/csv/);
    expect(raw.headers['content-disposition']).toBe('attachment; filename="roundup-form-8949-2026.csv"');
    expect(raw.body.split('\r\n')[0]).toMatch(/^\uFEFF\(a\) Description of property,\(b\) Date acquired/);

    const bad = await call(t.app, 'GET', '/api/analytics/tax-export?year=abc', { token: alice.token });
    expect(bad.status).toBe(400);
    const empty = await call(t.app, 'GET', '/api/analytics/tax-export?year=2025', { token: bob.token });
    expect(empty.body.data.rows).toBe(0);
  });

  it('Form 8949 through HTTP: taxable accounts only, the left-out count, columns (a)–(h), a BOM, formula-led cells neutralised', async () => {
    const carol = await registerUser(t.app);
    await setRole(t.database, carol.user._id, 'Pro');
    const b = [
      { id: await insertBroker(t.database, { name: '@Formula Broker', shareReturnTime: 1 }) },
      { id: await insertBroker(t.database, { name: 'Plain Broker', shareReturnTime: 2 }) },
    ];
    const account = (brokerId: string, type: string, nickname: string) =>
      addAccount(t.app, carol.token, { brokerId, type, nickname });
    const cash = await account(b[0].id, 'Individual Cash', 'Cash');
    const custodial = await account(b[1].id, 'UGMA/UTMA', 'Kid');
    const roth = await account(b[1].id, 'Roth IRA', 'Roth');
    const ira = await account(b[1].id, 'Traditional IRA', 'IRA');
    const sp = [
      { id: await insertSplit(t.database, { name: 'Tax Co', ticker: 'TAXC', effDate: '2025-06-10', buyDate: '2025-06-09' }) },
    ];
    for (const accountId of [cash, custodial, roth, ira]) {
      const res = await call(t.app, 'POST', '/api/trades/add', {
        token: carol.token,
        body: {
          newTrade: {
            accountId,
            splitId: sp[0].id,
            buy_date: '2025-06-09',
            buy_price: 1.5,
            sell_date: '2025-06-12',
            sell_price: 4.25,
          },
        },
      });
      expect(res.status).toBe(200);
    }

    const json = await call(t.app, 'GET', '/api/analytics/tax-export?year=2025', { token: carol.token });
    expect(json.status).toBe(200);
    expect(json.body.data).toMatchObject({
      year: 2025,
      rows: 2,
      leftOut: { year: 2025, trades: 2, accountTypes: ['Roth IRA', 'Traditional IRA'] },
      // Four sales of 2.75: 11.00 realized, 5.50 of it in the IRAs, 5.50 on the form (its totals line below).
      reconcile: { realizedCents: 1100, leftOutCents: 550, form8949Cents: 550 },
    });
    const summary = await call(t.app, 'GET', '/api/analytics/mine', { token: carol.token });
    expect(summary.body.data.analytics.totals.realizedCents).toBe(1100);
    expect(summary.body.data.analytics.taxLeftOut).toEqual([
      { year: 2025, trades: 2, accountTypes: ['Roth IRA', 'Traditional IRA'] },
    ]);

    const raw = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/tax-export?year=2025&format=csv',
      headers: { authorization: `Bearer ${carol.token}` },
    });
    expect(raw.statusCode).toBe(200);
    expect([...raw.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(raw.body.slice(1).split('\r\n')).toEqual([
      '(a) Description of property,(b) Date acquired,(c) Date sold or disposed of,(d) Proceeds (sales price),(e) Cost or other basis,(f) Code(s) from instructions,(g) Amount of adjustment,(h) Gain or (loss),Term,Account,Note',
      "1 sh TAXC (Tax Co),06/09/2025,06/12/2025,4.25,1.50,,,2.75,Short-term,'@Formula Broker - Cash,",
      '1 sh TAXC (Tax Co),06/09/2025,06/12/2025,4.25,1.50,,,2.75,Short-term,Plain Broker - Kid,',
      'Totals,,,8.50,3.00,,,5.50,,,',
      '',
    ]);
  });

  it('documents the new routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/accounts/reorder',
        '/api/trades/add',
        '/api/analytics/mine',
        '/api/trades/split-stats/{splitId}',
      ]),
    );
  });
});

describe('stored totals (decision 008)', () => {
  const expectConsistent = (userId: string) => expectTotalsConsistent(t.database, userId);
  const zeroRows = async () =>
    (
      await t.database.query<{ n: number }>(
        `select (select count(*) from trade_month_totals where trades <= 0) + (select count(*) from trade_split_totals where trades <= 0)
              + (select count(*) from trade_return_days where trades <= 0) + (select count(*) from trade_member_totals where trades <= 0) as n`,
      )
    ).rows[0].n;

  it('stay equal to the raw trades through adds, edits, a re-dated and a deleted split, a deleted account and a deleted member', async () => {
    const admin = await registerUser(t.app);
    await setRole(t.database, admin.user._id, 'Admin');
    const carol = await registerUser(t.app);
    const dave = await registerUser(t.app);
    await setRole(t.database, carol.user._id, 'Pro');
    await setRole(t.database, dave.user._id, 'Pro');
    const b = [{ id: await insertBroker(t.database, { name: 'Totals Broker', shareReturnTime: 2 }) }];

    const account = (token: string, nickname: string) => addAccount(t.app, token, { brokerId: b[0].id, nickname });
    const carolAccounts = [await account(carol.token, 'C1'), await account(carol.token, 'C2'), await account(carol.token, 'C3')];
    const daveAccount = await account(dave.token, 'D1');

    const splitBody = (i: number, effDate: string) =>
      splitFields({ name: `Totals ${i}, Inc.`, ticker: `TOT${i}`, effDate, buyDate: '2026-01-05', price: 1, status: 'Complete' });
    const splitIds: string[] = [];
    for (const [i, eff] of ['2026-01-12', '2026-01-30', '2026-02-16', '2026-03-02'].entries()) {
      const res = await call(t.app, 'POST', '/api/rs/add', { token: admin.token, body: { newTicker: splitBody(i, eff) } });
      expect(res.status).toBe(200);
      splitIds.push(res.body.data.split._id);
    }

    // Every kind of row: sold with a date, sold without one (counts on the effective date),
    // a sell date without a price, bought only, nothing yet.
    const kinds = [
      { buy_price: 1.1, sell_price: 2.35, sell_date: '2026-02-20' },
      { buy_price: 0.5, sell_price: 0.45 },
      { buy_price: 2, sell_date: '2026-03-03' },
      { buy_price: 3.0001 },
      {},
    ];
    const trades: { id: string; token: string }[] = [];
    let k = 0;
    for (const [token, accounts] of [
      [carol.token, carolAccounts],
      [dave.token, [daveAccount]],
    ] as const) {
      for (const accountId of accounts) {
        for (const splitId of splitIds) {
          const res = await call(t.app, 'POST', '/api/trades/add', {
            token,
            body: { newTrade: { accountId, splitId, ...kinds[k++ % kinds.length] } },
          });
          expect(res.status).toBe(200);
          trades.push({ id: res.body.data.trade._id, token });
        }
      }
    }
    const first = await expectConsistent(carol.user._id);
    expect(first.totalTrades).toBe(12);
    // The full open-positions list is the summary's (which lists up to 100), in the same order.
    const summary = (await call(t.app, 'GET', '/api/analytics/mine', { token: carol.token })).body.data.analytics;
    expect(summary.openPositions.length).toBeGreaterThan(1);
    expect((await call(t.app, 'GET', '/api/analytics/open-positions', { token: carol.token })).body.data.openPositions).toEqual(
      summary.openPositions,
    );
    expect(first.months.length).toBeGreaterThan(1);
    expect(first.returnDays.length).toBeGreaterThan(0);
    await expectConsistent(dave.user._id);

    // Edits move sales between months, close and reopen positions.
    const edits = [
      { buy_price: 1, sell_price: 1.5, sell_date: '2026-03-19' },
      { buy_price: 1 },
      { buy_price: 0.2, sell_price: 0.3 },
      {},
    ];
    for (const [i, tr] of trades.entries()) {
      if (i % 2) continue;
      const res = await call(t.app, 'POST', '/api/trades/edit', {
        token: tr.token,
        body: { newTrade: { _id: tr.id, ...edits[i % edits.length] } },
      });
      expect(res.status).toBe(200);
    }
    await expectConsistent(carol.user._id);
    await expectConsistent(dave.user._id);

    // A new effective date moves the undated sales and changes the measured return times.
    const before = await expectConsistent(carol.user._id);
    const redated = await call(t.app, 'POST', '/api/rs/edit', {
      token: admin.token,
      body: { newTicker: { _id: splitIds[1], ...splitBody(1, '2026-02-27') } },
    });
    expect(redated.status).toBe(200);
    const after = await expectConsistent(carol.user._id);
    expect(after).not.toEqual(before);
    await expectConsistent(dave.user._id);

    // An admin "delete" of a split with trades archives it (decision 011): the totals do not move.
    const beforeArchive = await expectConsistent(carol.user._id);
    expect((await call(t.app, 'POST', '/api/rs/delete', { token: admin.token, body: { id: splitIds[0] } })).status).toBe(409);
    const archived = await call(t.app, 'POST', '/api/rs/delete', {
      token: admin.token,
      body: { id: splitIds[0], confirm: true },
    });
    expect(archived.body.data).toMatchObject({ archived: true, deleted: false });
    expect(canonical(await expectConsistent(carol.user._id))).toEqual(canonical(beforeArchive));
    // Deleting the row itself (only SQL can now) still takes its trades out of the totals.
    await t.database.query('delete from reverse_splits where id = $1', [splitIds[0]]);
    expect((await expectConsistent(carol.user._id)).totalTrades).toBe(9);
    expect(
      (await call(t.app, 'POST', '/api/accounts/delete', { token: carol.token, body: { id: carolAccounts[0] } })).status,
    ).toBe(200);
    expect((await expectConsistent(carol.user._id)).totalTrades).toBe(6);
    await expectConsistent(dave.user._id);

    await t.database.query('delete from users where id = $1', [dave.user._id]);
    const { rows } = await t.database.query<{ n: number }>(
      `select (select count(*) from trade_month_totals where user_id = $1) + (select count(*) from trade_split_totals where user_id = $1)
            + (select count(*) from trade_return_days where user_id = $1) + (select count(*) from trade_member_totals where user_id = $1) as n`,
      [dave.user._id],
    );
    expect(Number(rows[0].n)).toBe(0);
    expect(Number(await zeroRows())).toBe(0);
  });

  it('stay right when one member saves 20 accounts for one split at the same time', async () => {
    const erin = await registerUser(t.app);
    await setRole(t.database, erin.user._id, 'Pro');
    const { rows: b } = await t.database.query<{ id: string }>(
      `insert into brokers (name, share_return_time) values ('Parallel Broker', 1) returning id`,
    );
    const { rows: s } = await t.database.query<{ id: string }>(
      `insert into reverse_splits (name, ticker, eff_date, buy_date, ratio, status) values ('Parallel, Inc.', 'PAR', '2026-03-10', '2026-03-09', 10, 'Complete') returning id`,
    );
    const accounts: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await call(t.app, 'POST', '/api/accounts/add', {
        token: erin.token,
        body: { newAccount: { brokerId: b[0].id, type: 'Individual Cash', nickname: `P${i}` } },
      });
      accounts.push((res.body.data.accounts as { _id: string; nickname: string }[]).find((a) => a.nickname === `P${i}`)!._id);
    }
    const saves = await Promise.all(
      accounts.map((accountId) =>
        call(t.app, 'POST', '/api/trades/add', {
          token: erin.token,
          body: { newTrade: { accountId, splitId: s[0].id, buy_price: 1, sell_price: 1.25, sell_date: '2026-03-11' } },
        }),
      ),
    );
    expect(saves.map((r) => r.status)).toEqual(accounts.map(() => 200));
    const totals = await expectConsistent(erin.user._id);
    expect(totals.splits).toEqual([expect.objectContaining({ id: s[0].id, ticks: 20 * 2_500, trades: 20 })]);
  });
});
