import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount, addTrade, editTrade, insertBroker, insertSplit, member, type Member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';
import { expectConsistent } from '../../../test/totals';

/**
 * One state machine for a trade on every path: single add and edit, bulk, statement import and a personal
 * API token. A sale needs a share to sell; the dance's legs are replaced whole or not at all; a trade read
 * back is accepted as it was read.
 */
let t: TestApp;
let alice: Member;
let splitId: string;
let n = 0;
let brokerId: string;

const buy = (quantity: number, price: number, date = '2026-10-01') => ({ side: 'buy', date, quantity, price });
const sell = (quantity: number, price: number, date: string | null = '2026-10-01') => ({ side: 'sell', date, quantity, price });
const DANCE = [buy(100, 0.5), sell(99, 0.87)];
const bulk = (body: Record<string, unknown>, token = alice.token) => call(t.app, 'POST', '/api/trades/bulk', { token, body });
const tradeIn = async (accountId: string) =>
  (await call(t.app, 'GET', `/api/trades/s/${accountId}/${splitId}`, { token: alice.token })).body.data.trade;
const account = async (nickname = `State ${++n}`) => addAccount(t.app, alice.token, { brokerId, nickname });
const taxRows = async () => {
  const res = await call(t.app, 'GET', '/api/analytics/tax-export?year=2026', { token: alice.token });
  return res.body.data.csv as string;
};
/** An account whose trade is recorded with these fields. */
async function withTrade(fields: Record<string, unknown>, nickname?: string) {
  const id = await account(nickname);
  const res = await addTrade(t.app, alice.token, { accountId: id, splitId, ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id, trade: res.body.data.trade };
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await member(t.app, 'Pro');
  brokerId = await insertBroker(t.database, { name: 'State Broker' });
  splitId = await insertSplit(t.database, { ticker: 'STAT', buyDate: '2026-10-01', effDate: '2026-10-05', status: 'Upcoming' });
});
afterAll(async () => t?.close());

describe('a sale needs a share to sell', () => {
  it('bulk sell price leaves a Nothing credited account out, says so, and makes no 8949 row', async () => {
    const lost = await withTrade({ buy_price: 1.15, outcome: 'no_credit', outcome_date: '2026-10-06' }, 'Lost one');
    const held = await withTrade({ buy_price: 1.15, outcome: 'share_received', outcome_date: '2026-10-06' }, 'Held one');
    const before = await taxRows();
    const res = await bulk({ splitId, accountIds: [lost.id, held.id], sell_price: 11.2, sell_date: '2026-10-07' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      saved: 1,
      unchanged: 0,
      skipped: [{ accountId: lost.id, msg: expect.stringMatching(/^Lost one \(State Broker\): Nothing credited/) }],
      note: '1 account got nothing; no sale written',
    });
    expect((await tradeIn(lost.id)).legs).toEqual([buy(1, 1.15)]);
    expect((await tradeIn(held.id)).sell_price).toBe(11.2);
    const after = await taxRows();
    expect(after.split('\n').length).toBe(before.split('\n').length + 1);
    expect(after).not.toMatch(/11\.20,0\.00/);
    await expectConsistent(t.database, alice.user._id);
  });

  it.each([
    ['no_credit', 'Nothing credited'],
    ['cash_in_lieu', 'Cash in lieu'],
  ])('a single edit that sells after %s is a 400 naming the account', async (outcome, words) => {
    const { trade } = await withTrade({ buy_price: 1, outcome, outcome_date: '2026-10-06' }, `Single ${outcome}`);
    const res = await editTrade(t.app, alice.token, { _id: trade._id, sell_price: 2, sell_date: '2026-10-07' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].msg).toBe(
      `Single ${outcome} (State Broker): ${words}: no share came from the split, so there is none to sell`,
    );
    const shares = await editTrade(t.app, alice.token, { _id: trade._id, shares_received: 1 });
    expect(shares.status).toBe(400);
  });

  it('the dance with cash in lieu keeps its sale before the split', async () => {
    const { trade } = await withTrade({
      legs: DANCE,
      outcome: 'cash_in_lieu',
      outcome_date: '2026-10-06',
      cash_in_lieu_amount: 0.4,
    });
    expect(trade.legs).toEqual(DANCE);
  });

  it('a sale before the split with no buy is refused on add, edit and bulk', async () => {
    const id = await account();
    const body = { legs: [sell(1, 0.5, '2026-10-02')] };
    const add = await addTrade(t.app, alice.token, { accountId: id, splitId, ...body });
    expect(add.status).toBe(400);
    expect(add.body.errors[0].msg).toBe('A sale before the split needs its buy: record the buy first');
    expect((await bulk({ splitId, accountIds: [id], ...body })).status).toBe(400);
    expect(await tradeIn(id)).toBeNull();
  });
});

describe('the dance is replaced whole, never one leg', () => {
  it('"One share" with Overwrite: flat fields on a dance are refused, legs replace it', async () => {
    const a = await withTrade({ legs: DANCE });
    const b = await withTrade({ legs: DANCE });
    // The flat buy price the dance already has changes nothing, and the answer says so (not "Saved in 2").
    const same = await bulk({ splitId, accountIds: [a.id, b.id], buy_price: 0.5 });
    expect(same.body.data).toMatchObject({ saved: 0, unchanged: 2 });
    const flat = await bulk({ splitId, accountIds: [a.id, b.id], buy_price: 0.6 });
    expect(flat.status).toBe(400);
    expect(flat.body.errors[0].msg).toMatch(/several buys and sells \(bought 100, sold 99\)/);
    expect((await tradeIn(a.id)).legs).toEqual(DANCE);
    const one = await bulk({ splitId, accountIds: [a.id, b.id], legs: [buy(1, 0.5)] });
    expect(one.status).toBe(200);
    expect(one.body.data.trades.map((x: { legs: unknown }) => x.legs)).toEqual([[buy(1, 0.5)], [buy(1, 0.5)]]);
    await expectConsistent(t.database, alice.user._id);
  });

  it('bulk Sell on a dance never rewrites the 99-share sale; the kept share sells on its own field', async () => {
    const dance = await withTrade({ legs: DANCE });
    const one = await withTrade({ buy_price: 0.5 });
    const flat = await bulk({ splitId, accountIds: [dance.id], sell_price: 9.99 });
    expect(flat.status).toBe(400);
    expect((await tradeIn(dance.id)).legs).toEqual(DANCE);
    const kept = await bulk({ splitId, accountIds: [dance.id, one.id], kept_sell_price: 9.99, kept_sell_date: '2026-10-08' });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.trades.map((x: { legs: unknown }) => x.legs)).toEqual([
      [...DANCE, sell(1, 9.99, '2026-10-08')],
      [buy(1, 0.5), sell(1, 9.99, '2026-10-08')],
    ]);
    // Sent again: nothing changes, and the answer says so.
    const again = await bulk({ splitId, accountIds: [dance.id, one.id], kept_sell_price: 9.99, kept_sell_date: '2026-10-08' });
    expect(again.body.data).toMatchObject({ saved: 0, unchanged: 2, skipped: [], note: null });
    await expectConsistent(t.database, alice.user._id);
  });

  it('the kept share sale in an account that bought nothing is left out and said', async () => {
    const empty = await account();
    const res = await bulk({ splitId, accountIds: [empty], kept_sell_price: 3 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ saved: 0, note: '1 account kept no share through the split; no sale written' });
    expect(await tradeIn(empty)).toBeNull();
  });
});

describe('a trade read with GET goes back to /api/trades/edit', () => {
  it('unchanged but for the field edited, legs and flat fields together', async () => {
    const { id } = await withTrade({ legs: [...DANCE, sell(1, 4, '2026-10-07')] });
    const read = await tradeIn(id);
    const res = await editTrade(t.app, alice.token, { ...read, outcome: 'share_received', outcome_date: '2026-10-06' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.trade).toEqual({ ...read, outcome: 'share_received', outcome_date: '2026-10-06' });
    const one = await withTrade({ buy_price: 1, sell_price: 2, sell_date: '2026-10-07' });
    const again = await tradeIn(one.id);
    const edited = await editTrade(t.app, alice.token, { ...again, sell_price: 2.5 });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.trade.legs).toEqual([buy(1, 1), sell(1, 2.5, '2026-10-07')]);
  });
});

describe('a personal API token and a statement import go through the same rules', () => {
  it('a token bulk sale on Nothing credited is left out, as in the app', async () => {
    const created = await call(t.app, 'POST', '/api/tokens', {
      token: alice.token,
      body: { name: 'Fills bot', scopes: ['write:trades'] },
    });
    const secret = created.body.data.secret as string;
    const lost = await withTrade({ buy_price: 1, outcome: 'no_credit', outcome_date: '2026-10-06' });
    const res = await bulk({ splitId, accountIds: [lost.id], sell_price: 5 }, secret);
    expect(res.status).toBe(200);
    expect(res.body.data.note).toBe('1 account got nothing; no sale written');
    expect((await tradeIn(lost.id)).sell_price).toBeNull();
  });

  it('an import that sells after the split on a Nothing credited trade leaves that split, saying why', async () => {
    const lost = await withTrade({ buy_price: 0.5, buy_date: '2026-10-01', outcome: 'no_credit', outcome_date: '2026-10-06' });
    const csv = [
      '"Transactions  for account Individual ...456 as of 10/20/2026 09:33:12 ET"',
      '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount",',
      '"10/08/2026","Sell","STAT","STATE CORP","1","$4.00","","$4.00",',
      '"10/01/2026","Buy","STAT","STATE CORP","1","$0.50","","-$0.50",',
      'Transactions Total,"","","","","","","$3.50",',
    ].join('\n');
    const res = await call(t.app, 'POST', '/api/imports/apply', { token: alice.token, body: { accountId: lost.id, csv } });
    // A statement applies split by split: the split that breaks the rule is left, with its lines and the reason.
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.result.imported).toBe(0);
    expect(res.body.data.result.left).toEqual([
      expect.objectContaining({
        ticker: 'STAT',
        lines: [3, 4],
        reason: expect.stringMatching(/^Nothing credited: no share came from the split/),
      }),
    ]);
    expect((await tradeIn(lost.id)).legs).toEqual([buy(1, 0.5)]);
  });
});
