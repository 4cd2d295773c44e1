import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount, addTrade, editTrade, insertBroker, insertSplit as insertSplitRow } from '../../../test/factories';
import { call, createTestApp, registerUser, setRole, type TestApp } from '../../../test/helpers';

let t: TestApp;
type U = Awaited<ReturnType<typeof registerUser>>;
let alice: U;
let bob: U;
let starter: U;
let admin: U;
let aliceAcc: string;
let aliceAcc2: string;
let bobAcc: string;
let splitId: string;
let split2: string;
const MISSING = '00000000-0000-4000-8000-000000000000';

const insertSplit = (ticker: string, buyDate: string, effDate: string) =>
  insertSplitRow(t.database, { ticker, buyDate, effDate });
const account = (u: U, brokerId: string, nickname: string) => addAccount(t.app, u.token, { brokerId, nickname });

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob, starter, admin] = [
    await registerUser(t.app),
    await registerUser(t.app),
    await registerUser(t.app),
    await registerUser(t.app),
  ];
  await setRole(t.database, alice.user._id, 'Pro');
  await setRole(t.database, bob.user._id, 'Member');
  await setRole(t.database, admin.user._id, 'Admin');
  const brokerId = await insertBroker(t.database, { name: 'Trades Broker', shareReturnTime: 2 });
  aliceAcc = await account(alice, brokerId, 'A1');
  aliceAcc2 = await account(alice, brokerId, 'A2');
  bobAcc = await account(bob, brokerId, 'B1');
  splitId = await insertSplit('TRDA', '2026-02-27', '2026-03-02');
  split2 = await insertSplit('TRDB', '2026-04-01', '2026-04-03');
});
afterAll(async () => t?.close());

const add = (u: U, newTrade: Record<string, unknown>) => addTrade(t.app, u.token, newTrade);
const edit = (u: U, newTrade: Record<string, unknown>) => editTrade(t.app, u.token, newTrade);

describe('trades', () => {
  let tradeId: string;

  it('adds a trade with the split ticker, defaulting the buy date to the split buyDate', async () => {
    const res = await add(alice, { accountId: aliceAcc, splitId, buy_price: 1.25 });
    expect(res.status).toBe(200);
    expect(res.body.data.trade).toMatchObject({
      accountId: aliceAcc,
      splitId,
      userId: alice.user._id,
      ticker: 'TRDA',
      buy_date: '2026-02-27',
      buy_price: 1.25,
      sell_date: null,
      sell_price: null,
    });
    tradeId = res.body.data.trade._id;
    const got = await call(t.app, 'GET', `/api/trades/s/${aliceAcc}/${splitId}`, { token: alice.token });
    expect(got.status).toBe(200);
    expect(got.body.data.trade._id).toBe(tradeId);
    const none = await call(t.app, 'GET', `/api/trades/s/${aliceAcc2}/${splitId}`, { token: alice.token });
    expect(none.status).toBe(200);
    expect(none.body.data.trade).toBeNull();
  });

  it('one trade per account and split', async () => {
    const res = await add(alice, { accountId: aliceAcc, splitId, buy_price: 2 });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].msg).toMatch(/already recorded/);
  });

  it('edits by id (a flat body works too) and lists the split’s trades', async () => {
    const res = await call(t.app, 'POST', '/api/trades/edit', {
      token: alice.token,
      body: { _id: tradeId, buy_date: '2026-02-27', buy_price: '1.25', sell_date: '2026-03-03', sell_price: '4.57' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.trade).toMatchObject({ _id: tradeId, sell_date: '2026-03-03', sell_price: 4.57, buy_price: 1.25 });
    await add(alice, { accountId: aliceAcc2, splitId, buy_date: '2026-02-26', buy_price: 1.2 });
    const list = await call(t.app, 'GET', `/api/trades/split/${splitId}`, { token: alice.token });
    expect(list.status).toBe(200);
    expect(list.body.data.trades.map((x: { accountId: string }) => x.accountId).sort()).toEqual([aliceAcc, aliceAcc2].sort());
    const bobs = await call(t.app, 'GET', `/api/trades/split/${splitId}`, { token: bob.token });
    expect(bobs.body.data.trades).toEqual([]);
  });

  it.each([
    [{ buy_price: -1 }, /between 0 and 1,000,000/],
    [{ sell_price: 1_000_000.01 }, /between 0 and 1,000,000/],
    [{ buy_price: 'abc' }, /must be a number/],
    [{ buy_price: 1.23456 }, /at most 4 decimals/],
    [{ buy_date: '2026-03-05', sell_date: '2026-03-04' }, /Sell date cannot be before the buy date/],
    [{ buy_date: '2026-02-30' }, /YYYY-MM-DD/],
    [{ sell_date: '2026-02-26' }, /Sell date cannot be before the buy date/],
  ])('refuses bad input %j', async (fields, msg) => {
    // The last case: no buy date, but the buy price defaults it to the split buyDate (02-27).
    const body = { _id: tradeId, buy_price: 1, ...fields };
    const res = await edit(alice, body);
    expect(res.status).toBe(400);
    expect(res.body.data).toBeNull();
    expect(res.body.errors[0].msg).toMatch(msg);
    const addRes = await add(alice, { accountId: aliceAcc, splitId: split2, buy_price: 1, ...fields });
    expect(addRes.status).toBe(400);
  });

  it('prices 0 and 1,000,000 are accepted', async () => {
    const res = await add(alice, {
      accountId: aliceAcc,
      splitId: split2,
      buy_price: 0,
      sell_price: 1_000_000,
      sell_date: '2026-04-10',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.trade).toMatchObject({ buy_price: 0, sell_price: 1_000_000, buy_date: null });
  });

  it('someone else’s account, split or trade never answers 200', async () => {
    const attempts = [
      await call(t.app, 'GET', `/api/trades/s/${aliceAcc}/${splitId}`, { token: bob.token }),
      await call(t.app, 'GET', `/api/trades/s/${bobAcc}/${MISSING}`, { token: bob.token }),
      await call(t.app, 'GET', `/api/trades/s/${MISSING}/${splitId}`, { token: bob.token }),
      await call(t.app, 'GET', `/api/trades/s/not-a-uuid/${splitId}`, { token: bob.token }),
      await call(t.app, 'GET', `/api/trades/split/${MISSING}`, { token: bob.token }),
      await add(bob, { accountId: aliceAcc, splitId, buy_price: 1 }),
      await add(bob, { accountId: bobAcc, splitId: MISSING, buy_price: 1 }),
      await edit(bob, { _id: tradeId, buy_price: 9 }),
      await edit(bob, { _id: MISSING, buy_price: 9 }),
    ];
    for (const r of attempts) {
      expect(r.status).not.toBe(200);
      expect(r.body.data).toBeNull();
    }
    expect(attempts.slice(0, 3).map((r) => r.status)).toEqual([404, 404, 404]);
    expect(attempts.slice(5).map((r) => r.status)).toEqual([404, 404, 404, 404]);
    const still = await call(t.app, 'GET', `/api/trades/s/${aliceAcc}/${splitId}`, { token: alice.token });
    expect(still.body.data.trade.buy_price).toBe(1.25);
  });

  it('is for Pro members: Starter and anonymous callers are refused', async () => {
    expect((await call(t.app, 'GET', `/api/trades/split/${splitId}`)).status).toBe(401);
    expect((await call(t.app, 'GET', `/api/trades/split/${splitId}`, { token: starter.token })).status).toBe(403);
    expect((await add(starter, { accountId: aliceAcc, splitId, buy_price: 1 })).status).toBe(403);
  });

  it('admin split stats: average realized profit per account and the trades behind it', async () => {
    await add(bob, { accountId: bobAcc, splitId, buy_price: 1, sell_price: 3, sell_date: '2026-03-04' });
    const res = await call(t.app, 'GET', `/api/trades/split-stats/${splitId}`, { token: admin.token });
    expect(res.status).toBe(200);
    // Alice: 4.57 − 1.25 = 3.32 (closed); Alice A2 open; Bob: 2.00 → mean 2.66.
    expect(res.body.data.stats).toEqual({
      splitId,
      trades: 2,
      members: 2,
      avgProfit: 2.66,
      outcomes: { accounts: 3, recorded: 0, shareReceived: 0, cashInLieu: 0, noCredit: 0, fractionKept: 0, clawedBack: 0 },
    });
    expect((await call(t.app, 'GET', `/api/trades/split-stats/${splitId}`, { token: alice.token })).status).toBe(403);
    expect((await call(t.app, 'GET', `/api/trades/split-stats/${MISSING}`, { token: admin.token })).status).toBe(404);
  });
});

describe('races and partial edits', () => {
  it('parallel adds for one account and split make one trade: the same values answer it, other values a clear 409', async () => {
    const splitP = await insertSplit('TRDP', '2026-05-01', '2026-05-04');
    const same = { accountId: aliceAcc, splitId: splitP, buy_price: 1.5 };
    const twice = await Promise.all([add(alice, same), add(alice, same), add(alice, same)]);
    expect(twice.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(twice.map((r) => r.body.data.trade._id)).size).toBe(1);

    const differing = await Promise.all(
      [2, 3, 4, 5].map((p) => add(alice, { accountId: aliceAcc2, splitId: splitP, buy_price: p })),
    );
    expect(differing.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    for (const r of differing.filter((x) => x.status === 409))
      expect(r.body.errors[0].msg).toMatch(/already recorded for this account and split; edit it instead/);
    const { rows } = await t.database.query<{ n: number }>('select count(*)::int as n from trades where split_id = $1', [splitP]);
    expect(rows[0].n).toBe(2);
  });

  it.each([
    [
      'only the sell price: the rest stays',
      { sell_price: 3 },
      { buy_date: '2026-05-30', buy_price: 1.5, sell_date: '2026-06-02', sell_price: 3 },
    ],
    [
      'only the sell date',
      { sell_date: '2026-06-05' },
      { buy_date: '2026-05-30', buy_price: 1.5, sell_date: '2026-06-05', sell_price: 2.5 },
    ],
    [
      'an explicit null clears that field only',
      { sell_date: null },
      { buy_date: '2026-05-30', buy_price: 1.5, sell_date: null, sell_price: 2.5 },
    ],
    [
      'an empty value clears it too',
      { sell_price: '', sell_date: '' },
      { buy_date: '2026-05-30', buy_price: 1.5, sell_date: null, sell_price: null },
    ],
    ['an empty body changes nothing', {}, { buy_date: '2026-05-30', buy_price: 1.5, sell_date: '2026-06-02', sell_price: 2.5 }],
  ])('a partial edit: %s', async (_name, patch, expected) => {
    const splitE = await insertSplit(`TE${Math.random().toString(36).slice(2, 6).toUpperCase()}`, '2026-05-29', '2026-06-01');
    const created = await add(alice, {
      accountId: aliceAcc,
      splitId: splitE,
      buy_date: '2026-05-30',
      buy_price: 1.5,
      sell_date: '2026-06-02',
      sell_price: 2.5,
    });
    expect(created.status).toBe(200);
    const res = await edit(alice, { _id: created.body.data.trade._id, ...patch });
    expect(res.status).toBe(200);
    expect(res.body.data.trade).toMatchObject(expected);
    const stored = await call(t.app, 'GET', `/api/trades/s/${aliceAcc}/${splitE}`, { token: alice.token });
    expect(stored.body.data.trade).toMatchObject(expected);
  });

  it('a partial edit is checked against the stored fields: a sell date before the stored buy date is refused', async () => {
    const splitD = await insertSplit('TRDD', '2026-07-01', '2026-07-02');
    const created = await add(alice, { accountId: aliceAcc, splitId: splitD, buy_date: '2026-07-01', buy_price: 1 });
    const res = await edit(alice, { _id: created.body.data.trade._id, sell_date: '2026-06-30' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].msg).toBe('Sell date cannot be before the buy date');
  });
});
