import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, registerUser, setRole, type TestApp } from '../../../test/helpers';

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
    expect(res.body.data.analytics.totals).toEqual({ realizedCents: 0, thisYearCents: 0, closedTrades: 0, openPositions: 0, totalTrades: 0 });
  });

  it('sums the member’s own trades exactly and exports Form 8949 CSV', async () => {
    const { rows: b } = await t.database.query<{ id: string }>(`insert into brokers (name, share_return_time) values ('Analytics Broker', 3) returning id`);
    const acc = await call(t.app, 'POST', '/api/accounts/add', { token: alice.token, body: { newAccount: { brokerId: b[0].id, type: 'Roth IRA', nickname: 'Roth, "main"' } } });
    const accountId = acc.body.data.accounts[0]._id;
    // 120 closed trades of $0.01 each sold in 2026, one open position.
    const splits: string[] = [];
    for (let i = 0; i < 121; i++) {
      const { rows } = await t.database.query<{ id: string }>(
        `insert into reverse_splits (name, ticker, eff_date, buy_date, ratio, status) values ($1, $2, '2026-03-10', '2026-03-09', 10, 'Complete') returning id`,
        [`Co ${i}, Inc.`, `T${i}`],
      );
      splits.push(rows[0].id);
    }
    for (let i = 0; i < 120; i++) {
      await t.database.query(
        `insert into trades (user_id, split_id, account_id, ticker, buy_date, buy_price, sell_date, sell_price) values ($1, $2, $3, $4, '2026-03-09', 0.1, '2026-03-12', 0.11)`,
        [alice.user._id, splits[i], accountId, `T${i}`],
      );
    }
    const open = await call(t.app, 'POST', '/api/trades/add', { token: alice.token, body: { newTrade: { accountId, splitId: splits[120], buy_price: 2 } } });
    expect(open.status).toBe(200);

    const res = await call(t.app, 'GET', '/api/analytics/mine', { token: alice.token });
    expect(res.status).toBe(200);
    const a = res.body.data.analytics;
    expect(a.totals).toEqual({ realizedCents: 120, thisYearCents: 120, closedTrades: 120, openPositions: 1, totalTrades: 121 });
    expect(a.byMonth).toEqual([{ month: '2026-03', profitCents: 120, cumulativeCents: 120, trades: 120 }]);
    expect(a.openPositions[0]).toMatchObject({ ticker: 'T120', expectedReturnDate: '2026-03-13', overdue: true, buyDate: '2026-03-09' });
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
    expect(lines[1]).toBe('"1 sh T0 (Co 0, Inc.)",03/09/2026,03/12/2026,0.11,0.10,0.01,Short-term,"Analytics Broker - Roth, ""main"""');
    expect(lines[121]).toBe('Totals,,,13.20,12.00,1.20,,');

    const raw = await t.app.inject({ method: 'GET', url: '/api/analytics/tax-export?year=2026&format=csv', headers: { authorization: `Bearer ${alice.token}` } });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toMatch(/text\/csv/);
    expect(raw.headers['content-disposition']).toBe('attachment; filename="roundup-form-8949-2026.csv"');
    expect(raw.body.split('\r\n')[0]).toMatch(/^Description of property,Date acquired/);

    const bad = await call(t.app, 'GET', '/api/analytics/tax-export?year=abc', { token: alice.token });
    expect(bad.status).toBe(400);
    const empty = await call(t.app, 'GET', '/api/analytics/tax-export?year=2025', { token: bob.token });
    expect(empty.body.data.rows).toBe(0);
  });

  it('documents the new routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/accounts/reorder', '/api/trades/add', '/api/analytics/mine', '/api/trades/split-stats/{splitId}']));
  });
});
