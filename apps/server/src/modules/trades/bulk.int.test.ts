import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount, addTrade, insertBroker, insertSplit, member, type Member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';
import { expectConsistent } from '../../../test/totals';

/** POST /api/trades/bulk: one action for many accounts, all or nothing. */
let t: TestApp;
let alice: Member;
let bob: Member;
let starter: Member;
let accounts: string[];
let bobAccount: string;
let splitId: string;
const MISSING = '00000000-0000-4000-8000-000000000000';

const bulk = (who: Member, body: Record<string, unknown>) => call(t.app, 'POST', '/api/trades/bulk', { token: who.token, body });
const tradesOf = async (who: Member, split = splitId) =>
  (await call(t.app, 'GET', `/api/trades/split/${split}`, { token: who.token })).body.data.trades as any[];

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob, starter] = [await member(t.app, 'Pro'), await member(t.app, 'Member'), await member(t.app, 'User')];
  const brokerId = await insertBroker(t.database, { name: 'Bulk Broker' });
  accounts = [];
  for (let i = 1; i <= 20; i++) accounts.push(await addAccount(t.app, alice.token, { brokerId, nickname: `Acc ${i}` }));
  bobAccount = await addAccount(t.app, bob.token, { brokerId, nickname: 'Bob 1' });
  splitId = await insertSplit(t.database, { ticker: 'BULK', buyDate: '2026-11-20', effDate: '2026-11-23', status: 'Upcoming' });
});
afterAll(async () => t?.close());

describe('POST /api/trades/bulk', () => {
  it('records the buy in 20 accounts at once, creating the trades, and keeps fields it was not sent', async () => {
    // One account already has a trade with a sell price recorded.
    await addTrade(t.app, alice.token, { accountId: accounts[0], splitId, buy_price: 1, sell_price: 1.5 });
    const res = await bulk(alice, { splitId, accountIds: accounts, buy_date: '2026-11-20', buy_price: 2.1 });
    expect(res.status).toBe(200);
    expect(res.body.data.trades).toHaveLength(20);
    expect(res.body.data.trades.map((x: any) => x.accountId)).toEqual(accounts);
    expect(res.body.data.trades[0]).toMatchObject({
      buy_price: 2.1,
      buy_date: '2026-11-20',
      sell_price: 1.5,
      outcome: 'pending',
    });
    expect(res.body.data.trades[5]).toMatchObject({ buy_price: 2.1, sell_price: null, ticker: 'BULK' });
    expect(await tradesOf(alice)).toHaveLength(20);

    const later = await bulk(alice, {
      splitId,
      accountIds: accounts.slice(0, 3),
      outcome: 'share_received',
      outcome_date: '2026-11-24',
    });
    expect(later.status).toBe(200);
    expect(later.body.data.trades.map((x: any) => [x.buy_price, x.outcome, x.outcome_date])).toEqual([
      [2.1, 'share_received', '2026-11-24'],
      [2.1, 'share_received', '2026-11-24'],
      [2.1, 'share_received', '2026-11-24'],
    ]);
  });

  it('takes the caller’s own ids in upper case, as /api/trades/add does, and answers them in canonical form', async () => {
    const split = await insertSplit(t.database, { ticker: 'UPPR', status: 'Upcoming' });
    const upper = accounts.slice(0, 2).map((id) => id.toUpperCase());
    const res = await bulk(alice, { splitId: split.toUpperCase(), accountIds: upper, buy_price: '1.5' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.trades.map((x: any) => [x.accountId, x.splitId, x.buy_price])).toEqual([
      [accounts[0], split, 1.5],
      [accounts[1], split, 1.5],
    ]);
    const single = await call(t.app, 'POST', '/api/trades/add', {
      token: alice.token,
      body: { newTrade: { accountId: accounts[2].toUpperCase(), splitId: split.toUpperCase(), buy_price: 1.5 } },
    });
    expect(single.status).toBe(200);
    expect(single.body.data.trade.accountId).toBe(accounts[2]);
    // The same account in two cases is one account, listed twice.
    const twice = await bulk(alice, { splitId: split, accountIds: [accounts[3], accounts[3].toUpperCase()], buy_price: 1 });
    expect(twice.status).toBe(400);
    expect(twice.body.errors[0].msg).toBe('An account is listed twice');
    // Someone else’s account in upper case is still someone else’s.
    const foreign = await bulk(alice, { splitId: split, accountIds: [bobAccount.toUpperCase()], buy_price: 1 });
    expect(foreign.status).toBe(404);
    expect(foreign.body.errors[0].msg).toBe(`Account ${bobAccount} is not one of your accounts`);
  });

  it('refuses prices that are not plain decimals ("0x10", "0b11", "1e2"), writing nothing', async () => {
    const split = await insertSplit(t.database, { ticker: 'HEXP', status: 'Upcoming' });
    for (const price of ['0x10', '0b11', '1e2', '+3']) {
      const res = await bulk(alice, { splitId: split, accountIds: [accounts[0]], buy_price: price });
      expect(res.status, price).toBe(400);
      expect(res.body.errors[0].msg, price).toMatch(/Buy price must be a number/);
      const add = await call(t.app, 'POST', '/api/trades/add', {
        token: alice.token,
        body: { newTrade: { accountId: accounts[0], splitId: split, sell_price: price } },
      });
      expect(add.status, price).toBe(400);
      expect(add.body.errors[0].msg, price).toMatch(/Sell price must be a number/);
    }
    expect(await tradesOf(alice, split)).toEqual([]);
  });

  it('writes nothing when one account is not the caller’s, and names it', async () => {
    const before = await tradesOf(alice);
    const res = await bulk(alice, { splitId, accountIds: [accounts[0], bobAccount], sell_price: 9 });
    expect(res.status).toBe(404);
    expect(res.body.errors[0].msg).toBe(`Account ${bobAccount} is not one of your accounts`);
    expect(await tradesOf(alice)).toEqual(before);
    expect(await tradesOf(bob)).toEqual([]);
  });

  it('writes nothing when one account’s result breaks a rule (sell before its buy), and names the account', async () => {
    await bulk(alice, { splitId, accountIds: [accounts[10]], buy_date: '2026-11-21' });
    const before = await tradesOf(alice);
    const res = await bulk(alice, { splitId, accountIds: accounts.slice(8, 12), sell_date: '2026-11-20', sell_price: 3 });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].msg).toBe('Acc 11 (Bulk Broker): Sell date cannot be before the buy date');
    expect(await tradesOf(alice)).toEqual(before);
  });

  it.each<[string, Record<string, unknown>, number, RegExp]>([
    ['no accounts', { accountIds: [] }, 400, /at least one account/],
    ['201 accounts', { accountIds: Array.from({ length: 201 }, () => MISSING) }, 400, /At most 200 accounts/],
    ['an account twice', { accountIds: [MISSING, MISSING], buy_price: 1 }, 400, /listed twice/],
    [
      'a bad outcome',
      { accountIds: [MISSING], outcome: 'lost' },
      400,
      /Outcome must be one of pending, share_received, cash_in_lieu, no_credit/,
    ],
    ['a bad date', { accountIds: [MISSING], buy_date: '2026-13-01' }, 400, /Buy date must be a date/],
    ['a negative price', { accountIds: [MISSING], buy_price: -1 }, 400, /Buy price must be between/],
    [
      'sell before buy in the request',
      { accountIds: [MISSING], buy_date: '2026-11-20', sell_date: '2026-11-19' },
      400,
      /Sell date cannot be before/,
    ],
    ['nothing to set', { accountIds: [MISSING] }, 400, /at least one field/],
  ])('refuses %s', async (_name, body, status, msg) => {
    const res = await bulk(alice, { splitId, ...body });
    expect(res.status).toBe(status);
    expect(res.body.errors.map((e: any) => e.msg).join(' ')).toMatch(msg);
  });

  it('refuses an outcome dated in the future, in bulk and in single saves, and writes nothing', async () => {
    const split = await insertSplit(t.database, { ticker: 'FUTR', status: 'Upcoming' });
    const future = { buy_price: 1, outcome: 'share_received', outcome_date: '2099-01-01' };
    const res = await bulk(alice, { splitId: split, accountIds: accounts.slice(0, 2), ...future });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].msg).toBe('Acc 1 (Bulk Broker): Outcome date cannot be in the future (and 1 more accounts)');
    expect(await tradesOf(alice, split)).toEqual([]);
    const added = await addTrade(t.app, alice.token, { accountId: accounts[0], splitId: split, ...future });
    expect(added.status).toBe(400);
    expect(added.body.errors[0].msg).toBe('Outcome date cannot be in the future');
    const ok = await addTrade(t.app, alice.token, { accountId: accounts[0], splitId: split, buy_price: 1 });
    const edited = await call(t.app, 'POST', '/api/trades/edit', {
      token: alice.token,
      body: { newTrade: { _id: ok.body.data.trade._id, outcome: 'cash_in_lieu', outcome_date: '2099-01-01' } },
    });
    expect(edited.status).toBe(400);
    expect((await tradesOf(alice, split))[0]).toMatchObject({ outcome: 'pending', outcome_date: null });
  });

  it('refuses an unknown split, an outcome without a buy, and a Starter', async () => {
    expect((await bulk(alice, { splitId: MISSING, accountIds: [accounts[0]], buy_price: 1 })).status).toBe(404);
    const fresh = await insertSplit(t.database, { ticker: 'BULK2', status: 'Upcoming' });
    const noBuy = await bulk(alice, { splitId: fresh, accountIds: [accounts[0]], outcome: 'cash_in_lieu' });
    expect(noBuy.status).toBe(400);
    expect(noBuy.body.errors[0].msg).toMatch(/Record the buy before its outcome/);
    expect((await bulk(starter, { splitId, accountIds: [accounts[0]], buy_price: 1 })).status).toBe(403);
  });

  it('two bulk saves at once over the same accounts: one trade per account, both changes kept, no error', async () => {
    const split = await insertSplit(t.database, { ticker: 'RACE', status: 'Upcoming' });
    const [a, b] = await Promise.all([
      bulk(alice, { splitId: split, accountIds: accounts.slice(0, 10), buy_price: 1.25 }),
      bulk(alice, { splitId: split, accountIds: accounts.slice(5, 15), sell_price: 2.5 }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const rows = await tradesOf(alice, split);
    expect(rows).toHaveLength(15);
    const overlap = rows.filter((r) => accounts.slice(5, 10).includes(r.accountId));
    expect(overlap.every((r) => r.buy_price === 1.25 && r.sell_price === 2.5)).toBe(true);
    await expectConsistent(t.database, alice.id);
  });

  it('keeps the stored analytics totals equal to the trades: bulk creates, updates, closes and clears', async () => {
    const carol = await member(t.app, 'Pro');
    const brokerId = await insertBroker(t.database);
    const mine: string[] = [];
    for (let i = 0; i < 6; i++) mine.push(await addAccount(t.app, carol.token, { brokerId }));
    const [s1, s2] = [
      await insertSplit(t.database, { ticker: 'TOT1', buyDate: '2026-10-01', effDate: '2026-10-05' }),
      await insertSplit(t.database, { ticker: 'TOT2', buyDate: '2026-11-02', effDate: '2026-11-04' }),
    ];
    const steps: Record<string, unknown>[] = [
      { splitId: s1, accountIds: mine, buy_date: '2026-10-01', buy_price: 1.1 },
      { splitId: s1, accountIds: mine.slice(0, 4), sell_date: '2026-10-09', sell_price: 2.35 },
      { splitId: s2, accountIds: mine.slice(2), buy_price: 0.5, outcome: 'share_received', outcome_date: '2026-11-06' },
      { splitId: s2, accountIds: mine.slice(2, 5), sell_date: '2026-11-20', sell_price: 3 },
      // Moving the sale to another month and clearing one account's sale.
      { splitId: s1, accountIds: mine.slice(0, 2), sell_date: '2026-11-01' },
      { splitId: s1, accountIds: mine.slice(3, 4), sell_date: null, sell_price: null },
    ];
    for (const body of steps) {
      const res = await bulk(carol, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await expectConsistent(t.database, carol.id);
    }
    const summary = (await call(t.app, 'GET', '/api/analytics/mine', { token: carol.token })).body.data.analytics;
    // Closed: 3 on TOT1 at +1.25 and 3 on TOT2 at +2.50 → $11.25; open: 3 on TOT1 + 1 on TOT2.
    expect(summary.totals).toMatchObject({ realizedCents: 1125, closedTrades: 6, openPositions: 4, totalTrades: 10 });
    // Open positions carry the outcome: the share that arrived on TOT2 is no longer awaited.
    const open = (await call(t.app, 'GET', '/api/analytics/open-positions', { token: carol.token })).body.data.openPositions;
    expect(open.map((p: any) => [p.ticker, p.outcome, p.outcomeDate, p.overdue])).toEqual([
      ['TOT1', 'pending', null, true],
      ['TOT1', 'pending', null, true],
      ['TOT1', 'pending', null, true],
      ['TOT2', 'share_received', '2026-11-06', false],
    ]);
    expect(summary.openPositions).toEqual(open);
  });

  it('follows the split rules of single saves: Approved → 409; archived → updates only, no new trades', async () => {
    const admin = await member(t.app, 'Admin');
    const approved = await insertSplit(t.database, { ticker: 'APPR', status: 'Approved' });
    const refused = await bulk(alice, { splitId: approved, accountIds: accounts.slice(0, 2), buy_price: 1 });
    expect(refused.status).toBe(409);
    expect(await tradesOf(alice, approved)).toEqual([]);

    const split = await insertSplit(t.database, { ticker: 'ARCH', status: 'Upcoming' });
    expect((await bulk(alice, { splitId: split, accountIds: accounts.slice(0, 2), buy_price: 1 })).status).toBe(200);
    const del = await call(t.app, 'POST', '/api/rs/delete', { token: admin.token, body: { id: split, confirm: true } });
    expect(del.status).toBe(200);
    // Its existing trades can still be completed…
    const sold = await bulk(alice, { splitId: split, accountIds: accounts.slice(0, 2), sell_price: 2 });
    expect(sold.status).toBe(200);
    expect(sold.body.data.trades.map((x: any) => x.sell_price)).toEqual([2, 2]);
    // …but no new trade lands on an archived split, and nothing of the request is written.
    const more = await bulk(alice, { splitId: split, accountIds: accounts.slice(0, 3), sell_price: 5 });
    expect(more.status).toBe(404);
    expect((await tradesOf(alice, split)).map((x: any) => x.sell_price)).toEqual([2, 2]);
  });

  it('GET /api/trades/progress: per split, accounts bought, received, sold, of the active accounts', async () => {
    const split = await insertSplit(t.database, {
      ticker: 'PROG',
      buyDate: '2026-11-20',
      effDate: '2026-11-23',
      status: 'Upcoming',
    });
    await bulk(alice, { splitId: split, accountIds: accounts.slice(0, 14), buy_price: 1 });
    await bulk(alice, {
      splitId: split,
      accountIds: accounts.slice(0, 3),
      outcome: 'share_received',
      outcome_date: '2026-11-25',
    });
    await bulk(alice, { splitId: split, accountIds: accounts.slice(0, 1), sell_price: 2 });
    const res = await call(t.app, 'GET', '/api/trades/progress', { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.body.data.accounts).toBe(20);
    expect(res.body.data.progress.find((p: any) => p.splitId === split)).toEqual({
      splitId: split,
      bought: 14,
      received: 3,
      sold: 1,
      receivedUnsold: 2,
      boughtAvoided: 0,
    });
    expect((await call(t.app, 'GET', '/api/trades/progress', { token: starter.token })).status).toBe(403);
  });

  it('single add and edit take and return the outcome too; any other value is a 400', async () => {
    const split = await insertSplit(t.database, {
      ticker: 'OUTC',
      buyDate: '2026-11-20',
      effDate: '2026-11-23',
      status: 'Upcoming',
    });
    const added = await addTrade(t.app, alice.token, {
      accountId: accounts[19],
      splitId: split,
      buy_price: 1,
      outcome: 'share_received',
      outcome_date: '2026-11-25',
    });
    expect(added.status).toBe(200);
    expect(added.body.data.trade).toMatchObject({ outcome: 'share_received', outcome_date: '2026-11-25' });
    const edited = await call(t.app, 'POST', '/api/trades/edit', {
      token: alice.token,
      body: { newTrade: { _id: added.body.data.trade._id, sell_price: 2 } },
    });
    expect(edited.body.data.trade).toMatchObject({ outcome: 'share_received', sell_price: 2 });
    const bad = await call(t.app, 'POST', '/api/trades/edit', {
      token: alice.token,
      body: { newTrade: { _id: added.body.data.trade._id, outcome: 'maybe' } },
    });
    expect(bad.status).toBe(400);
  });
});
