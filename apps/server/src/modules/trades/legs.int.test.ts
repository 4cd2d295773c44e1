import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount, addTrade, editTrade, insertBroker, insertSplit, member, type Member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';
import { expectConsistent } from '../../../test/totals';

/** Through HTTP: legs on add, edit and bulk; the old flat fields on every path; honest P&L. */
let t: TestApp;
let alice: Member;
let bob: Member;
let accounts: string[];
let splitId: string;

const buy = (quantity: number | string, price: number | string | null, date: string | null = '2026-10-01') => ({
  side: 'buy',
  date,
  quantity,
  price,
});
const sell = (quantity: number | string, price: number | string | null, date: string | null = '2026-10-01') => ({
  side: 'sell',
  date,
  quantity,
  price,
});
const DANCE = [buy(100, 0.5), sell(99, 0.48)];
const bulk = (who: Member, body: Record<string, unknown>) => call(t.app, 'POST', '/api/trades/bulk', { token: who.token, body });
const analytics = async (who: Member) =>
  (await call(t.app, 'GET', '/api/analytics/mine', { token: who.token })).body.data.analytics;
const tradeIn = async (who: Member, accountId: string, split = splitId) =>
  (await call(t.app, 'GET', `/api/trades/s/${accountId}/${split}`, { token: who.token })).body.data.trade;

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = [await member(t.app, 'Pro'), await member(t.app, 'Pro')];
  const brokerId = await insertBroker(t.database, { name: 'Legs Broker' });
  accounts = [];
  for (let i = 1; i <= 4; i++) accounts.push(await addAccount(t.app, alice.token, { brokerId, nickname: `Leg ${i}` }));
  splitId = await insertSplit(t.database, { ticker: 'LEGS', buyDate: '2026-10-01', effDate: '2026-10-05', status: 'Upcoming' });
});
afterAll(async () => t?.close());

describe('legs on /api/trades/add, /edit and /bulk', () => {
  it('the dance: buy 100 at 0.50, sell 99 at 0.48, the kept share sold at 9.00 after the split → 652 cents realized', async () => {
    const added = await addTrade(t.app, alice.token, { accountId: accounts[0], splitId, legs: DANCE });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data.trade).toMatchObject({
      legs: DANCE,
      buy_date: '2026-10-01',
      buy_price: 0.5,
      sell_date: '2026-10-01',
      sell_price: 0.48,
      shares_received: null,
      cash_in_lieu_amount: null,
    });
    // The kept share is still held: open, and the 99 shares sold at a loss are realized already
    // (99 × (0.48 − 0.50) = −1.98, as Form 8949 lists them), in their month, account and split.
    let a = await analytics(alice);
    expect(a.totals).toMatchObject({ realizedCents: -198, openPositions: 1, closedTrades: 0 });
    expect(a.byMonth).toEqual([{ month: '2026-10', profitCents: -198, cumulativeCents: -198, trades: 0 }]);
    expect(a.byAccount.map((g: { profitCents: number; trades: number }) => [g.profitCents, g.trades])).toEqual([[-198, 0]]);
    expect(a.bySplit.map((g: { profitCents: number }) => g.profitCents)).toEqual([-198]);
    await expectConsistent(t.database, alice.user._id);

    const id = added.body.data.trade._id;
    const edited = await editTrade(t.app, alice.token, { _id: id, legs: [...DANCE, sell(1, '9.00', '2026-10-07')] });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.trade).toMatchObject({ sell_date: '2026-10-07', sell_price: 9, outcome: 'pending' });
    a = await analytics(alice);
    expect(a.totals).toMatchObject({ realizedCents: 652, openPositions: 0, closedTrades: 1 });
    expect(a.bySplit.map((s: { profitCents: number }) => s.profitCents)).toEqual([652]);
    expect(a.byAccount.map((s: { profitCents: number }) => s.profitCents)).toEqual([652]);
    expect(a.byMonth.map((m: { profitCents: number }) => m.profitCents)).toEqual([652]);
    await expectConsistent(t.database, alice.user._id);

    // A flat field would rewrite one leg of several: refused. The kept share's sale has its own fields.
    const flat = await editTrade(t.app, alice.token, { _id: id, sell_price: 9.5 });
    expect(flat.status).toBe(400);
    expect(flat.body.errors[0].msg).toMatch(/several buys and sells \(bought 100, sold 99, sold 1\)/);
    const kept = await editTrade(t.app, alice.token, { _id: id, kept_sell_price: 9.5 });
    expect(kept.body.data.trade.legs).toEqual([...DANCE, sell(1, 9.5, '2026-10-07')]);
    expect((await analytics(alice)).totals.realizedCents).toBe(702);
    await expectConsistent(t.database, alice.user._id);
  });

  it('the old flat fields still make and read a one-share buy and sell on every path', async () => {
    const add = await addTrade(t.app, alice.token, {
      accountId: accounts[1],
      splitId,
      buy_price: '1.25',
      sell_price: 4.5,
      sell_date: '2026-10-06',
    });
    expect(add.status).toBe(200);
    expect(add.body.data.trade).toMatchObject({
      buy_date: '2026-10-01',
      buy_price: 1.25,
      sell_date: '2026-10-06',
      sell_price: 4.5,
      legs: [buy(1, 1.25), sell(1, 4.5, '2026-10-06')],
    });
    const edit = await editTrade(t.app, alice.token, { _id: add.body.data.trade._id, buy_price: 1.5 });
    expect(edit.body.data.trade.legs).toEqual([buy(1, 1.5), sell(1, 4.5, '2026-10-06')]);
    const b = await bulk(alice, { splitId, accountIds: [accounts[1], accounts[2]], sell_price: 5 });
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    expect(b.body.data.trades.map((x: { legs: unknown }) => x.legs)).toEqual([
      [buy(1, 1.5), sell(1, 5, '2026-10-06')],
      [sell(1, 5, null)],
    ]);
    expect((await tradeIn(alice, accounts[2])).sell_price).toBe(5);
    await expectConsistent(t.database, alice.user._id);
  });

  it('bulk with legs replaces every leg in each account; quantities as text are read', async () => {
    const res = await bulk(alice, {
      splitId,
      accountIds: [accounts[2], accounts[3]],
      legs: [buy('100', '0.50'), sell('99', '0.48')],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.trades.map((x: { legs: unknown }) => x.legs)).toEqual([DANCE, DANCE]);
    await expectConsistent(t.database, alice.user._id);
  });

  it('progress counts a dance account as sold only once its kept share is sold', async () => {
    // Accounts 1 (dance, kept share sold) and 2 (one share, sold) are sold; 3 and 4 hold their kept share.
    const res = await call(t.app, 'GET', '/api/trades/progress', { token: alice.token });
    expect(res.body.data.progress.find((p: { splitId: string }) => p.splitId === splitId)).toEqual({
      splitId,
      bought: 4,
      received: 0,
      sold: 2,
      receivedUnsold: 0,
      boughtAvoided: 0,
    });
  });

  it.each([
    [
      'legs and a flat field that disagree',
      { legs: DANCE, buy_price: 1 },
      'The legs and buy_price disagree: send the legs, or the buy and sell fields',
    ],
    ['a quantity of 0', { legs: [buy(0, 1)] }, 'Quantity must be more than 0'],
    [
      'a fractional buy',
      { legs: [buy(1.5, 1)] },
      'Quantity must be a whole number: only a sale after the split can sell a fraction of a share',
    ],
    ['a quantity in hex', { legs: [buy('0x10', 1)] }, 'Quantity must be a number'],
    ['a quantity of seven places', { legs: [buy(1.0000001, 1)] }, 'Quantity can have at most 6 decimals'],
    ['a price in exponent form', { legs: [buy(1, '1e2')] }, 'Leg price must be a number'],
    [
      'a side that is neither',
      { legs: [{ side: 'short', date: '2026-10-01', quantity: 1, price: 1 }] },
      'A leg is a buy or a sell',
    ],
    [
      'selling more than bought before the split',
      { legs: [buy(100, 0.5), sell(101, 0.48)] },
      'Sells before the split (101 shares) cannot exceed the shares bought (100)',
    ],
    [
      'cash without cash in lieu',
      { legs: [buy(1, 0.5)], cash_in_lieu_amount: 0.3 },
      'Cash in lieu needs the outcome Cash in lieu or Clawed back',
    ],
    ['negative shares received', { legs: [buy(1, 0.5)], shares_received: -1 }, 'Shares received must be at least 0'],
  ])('%s: 400 with a clear message, nothing written', async (_name, body, msg) => {
    const split = await insertSplit(t.database, {
      ticker: 'BAD',
      buyDate: '2026-10-01',
      effDate: '2026-10-05',
      status: 'Upcoming',
    });
    const res = await addTrade(t.app, alice.token, { accountId: accounts[0], splitId: split, ...body });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { msg: string }) => e.msg)).toContain(msg);
    const b = await bulk(alice, { splitId: split, accountIds: [accounts[0]], ...body });
    expect(b.status).toBe(400);
    expect(await tradeIn(alice, accounts[0], split)).toBeNull();
  });

  it("another member's trade is a 404 with legs as without", async () => {
    const mine = await tradeIn(alice, accounts[0]);
    const res = await editTrade(t.app, bob.token, { _id: mine._id, legs: [buy(1, 1)] });
    expect(res.status).toBe(404);
  });
});

describe('a resolved trade is closed', () => {
  let split: string;
  let acc: string[];
  beforeAll(async () => {
    split = await insertSplit(t.database, {
      ticker: 'RES',
      buyDate: '2026-09-01',
      effDate: '2026-09-03',
      ratio: 10,
      status: 'Upcoming',
    });
    const brokerId = await insertBroker(t.database, { name: 'Res Broker' });
    acc = [
      await addAccount(t.app, bob.token, { brokerId, nickname: 'R1' }),
      await addAccount(t.app, bob.token, { brokerId, nickname: 'R2' }),
    ];
  });

  it('nothing credited books the 1.15 lost, cash in lieu books its cash; neither stays open; the tax export lists both', async () => {
    const b = await bulk(bob, { splitId: split, accountIds: acc, buy_price: 1.15 });
    expect(b.status).toBe(200);
    expect((await analytics(bob)).totals).toMatchObject({ realizedCents: 0, openPositions: 2 });
    const noCredit = await bulk(bob, { splitId: split, accountIds: [acc[0]], outcome: 'no_credit', outcome_date: '2026-09-04' });
    expect(noCredit.status).toBe(200);
    expect((await analytics(bob)).totals).toMatchObject({ realizedCents: -115, openPositions: 1, closedTrades: 1 });
    const cil = await bulk(bob, {
      splitId: split,
      accountIds: [acc[1]],
      outcome: 'cash_in_lieu',
      outcome_date: '2026-09-05',
      cash_in_lieu_amount: '0.40',
    });
    expect(cil.status, JSON.stringify(cil.body)).toBe(200);
    expect(cil.body.data.trades[0]).toMatchObject({ outcome: 'cash_in_lieu', cash_in_lieu_amount: 0.4 });
    const a = await analytics(bob);
    expect(a.totals).toMatchObject({ realizedCents: -115 - 75, openPositions: 0, closedTrades: 2 });
    expect(a.openPositions).toEqual([]);
    await expectConsistent(t.database, bob.user._id);

    const tax = await call(t.app, 'GET', '/api/analytics/tax-export?year=2026', { token: bob.token });
    const lines = tax.body.data.csv.trim().split('\r\n');
    expect(lines.slice(1, 3)).toEqual([
      'Nothing credited RES (RES Corp),09/01/2026,09/04/2026,0.00,1.15,,,-1.15,Short-term,Res Broker - R1,No share or cash was credited',
      'Cash in lieu RES (RES Corp),09/01/2026,09/05/2026,0.40,1.15,,,-0.75,Short-term,Res Broker - R2,Sale of the fraction; the 1099-B often shows no basis: enter 1.15',
    ]);
  });
});
