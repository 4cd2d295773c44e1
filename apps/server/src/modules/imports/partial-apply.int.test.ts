import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount, addTrade, insertBroker, insertSplit, member, type Member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';

/** Apply is all or nothing per split, not per file: what breaks a rule is left, the rest applied (decision 030). */
let t: TestApp;
let alice: Member;
let broker: string;
const split: Record<string, string> = {};

const HEADER = '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"';
const send = (what: 'preview' | 'apply', body: Record<string, unknown>) =>
  call(t.app, 'POST', `/api/imports/${what}`, { token: alice.token, body });
const tradeOn = async (accountId: string, splitId: string) =>
  (await call(t.app, 'GET', `/api/trades/s/${accountId}/${splitId}`, { token: alice.token })).body.data.trade;
const rowsIn = async (accountId: string) =>
  Number(
    (await t.database.query<{ n: number }>('select count(*)::int as n from import_rows where account_id = $1', [accountId]))
      .rows[0].n,
  );
/** The dance and the share: buy 2, sell 1, the split takes the 1 left and gives 1 back. */
const dance = (ticker: string, sold = 1) => [
  `11/06/2026,Buy,${ticker},X,2,$0.50,,-$1.00`,
  `11/06/2026,Sell,${ticker},X,${sold},$0.48,,$0.48`,
  `11/10/2026,Reverse Split,${ticker},X,1,,,`,
  `11/10/2026,Reverse Split,${ticker},X,-1,,,`,
];
/** A quarterly export that starts after the buy: the split's two rows only. */
const splitRowsOnly = (ticker: string) => [
  `11/10/2026,Reverse Split,${ticker},X,1,,,`,
  `11/10/2026,Reverse Split,${ticker},X,-1,,,`,
];
const file = (...rows: string[]) => [HEADER, ...rows].join('\n');

beforeAll(async () => {
  t = await createTestApp();
  alice = await member(t.app, 'Pro');
  broker = await insertBroker(t.database, { name: 'Charles Schwab' });
  for (const ticker of ['PAOK', 'PABAD', 'PANOBUY', 'PAGIVEN', 'PAFILLS'])
    split[ticker] = await insertSplit(t.database, { name: ticker, ticker, buyDate: '2026-11-06', effDate: '2026-11-10' });
});
afterAll(async () => t?.close());

describe('applying what can be applied', () => {
  it('applies every split but the one whose rows break a trade rule, which is left with the reason and its lines', async () => {
    const accountId = await addAccount(t.app, alice.token, { brokerId: broker });
    const csv = file(...dance('PAOK'), ...dance('PABAD', 5));
    const res = await send('apply', { accountId, csv });
    expect(res.status).toBe(200);
    const result = res.body.data.result;
    expect(result.left).toEqual([
      {
        accountId,
        splitId: split.PABAD,
        splitName: 'PABAD',
        ticker: 'PABAD',
        lines: [6, 7, 8, 9],
        reason: 'Sells before the split (5 shares) cannot exceed the shares bought (2)',
      },
    ]);
    expect(result.saved.map((s: { splitId: string }) => s.splitId)).toEqual([split.PAOK]);
    expect(await tradeOn(accountId, split.PAOK)).toMatchObject({ outcome: 'share_received', shares_received: 1 });
    expect(await tradeOn(accountId, split.PABAD)).toBeNull();
    expect(await rowsIn(accountId)).toBe(4);

    // The same file again stores nothing and leaves the same split.
    const again = (await send('apply', { accountId, csv })).body.data.result;
    expect(again).toMatchObject({ imported: 0, saved: [], alreadyImported: 4 });
    expect(again.left.map((l: { ticker: string }) => l.ticker)).toEqual(['PABAD']);
    expect(await rowsIn(accountId)).toBe(4);
  });

  it('asks for the buy of a split whose rows have none, and applies the file once the buy is recorded', async () => {
    const accountId = await addAccount(t.app, alice.token, { brokerId: broker });
    const csv = file(...splitRowsOnly('PANOBUY'));
    const before = (await send('preview', { accountId, csv })).body.data.preview.trades[0];
    expect(before).toMatchObject({ problem: 'Record the buy before its outcome', needsBuy: { date: '2026-11-06', quantity: 1 } });
    const first = (await send('apply', { accountId, csv })).body.data.result;
    expect(first.left).toEqual([expect.objectContaining({ ticker: 'PANOBUY', lines: [2, 3] })]);
    expect(await rowsIn(accountId)).toBe(0);

    // The member records the buy by hand; importing the file again applies the outcome to it, once.
    const added = await addTrade(t.app, alice.token, {
      accountId,
      splitId: split.PANOBUY,
      buy_date: '2026-11-06',
      buy_price: 0.5,
    });
    expect(added.status).toBe(200);
    expect((await send('preview', { accountId, csv })).body.data.preview.trades[0]).toMatchObject({
      problem: null,
      needsBuy: null,
      change: 'update',
    });
    const second = (await send('apply', { accountId, csv })).body.data.result;
    expect(second).toMatchObject({ imported: 2, left: [] });
    expect(await tradeOn(accountId, split.PANOBUY)).toMatchObject({
      outcome: 'share_received',
      legs: [{ side: 'buy', date: '2026-11-06', quantity: 1, price: 0.5 }],
    });
    expect((await send('apply', { accountId, csv })).body.data.result).toMatchObject({ imported: 0, saved: [] });
  });

  it('applies a buy the member gives in the preview with the outcome the rows say', async () => {
    const accountId = await addAccount(t.app, alice.token, { brokerId: broker });
    const csv = file(...splitRowsOnly('PAGIVEN'));
    const buys = [{ splitId: split.PAGIVEN, date: '2026-11-05', quantity: 1, price: '0.52' }];
    const answer = await send('preview', { accountId, csv, buys });
    expect(answer.body.errors).toEqual([]);
    const preview = answer.body.data.preview.trades[0];
    expect(preview).toMatchObject({ problem: null, needsBuy: null, outcome: 'share_received' });
    const res = await send('apply', { accountId, csv, buys });
    expect(res.body.data.result).toMatchObject({ imported: 2, left: [] });
    expect(await tradeOn(accountId, split.PAGIVEN)).toMatchObject({
      outcome: 'share_received',
      legs: [{ side: 'buy', date: '2026-11-05', quantity: 1, price: 0.52 }],
    });
  });

  it('refuses a given buy that is not a buy', async () => {
    const accountId = await addAccount(t.app, alice.token, { brokerId: broker });
    const res = await send('preview', {
      accountId,
      csv: file(...splitRowsOnly('PAGIVEN')),
      buys: [{ splitId: split.PAGIVEN, date: '2026-13-05', quantity: 0 }],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { msg: string }) => e.msg)).toEqual([
      expect.stringMatching(/Leg date must be a date written YYYY-MM-DD/),
      expect.stringMatching(/Quantity must be more than 0/),
    ]);
  });

  it('holds 25 fills of one order as one leg with all their shares', async () => {
    const accountId = await addAccount(t.app, alice.token, { brokerId: broker });
    const fills = Array.from({ length: 25 }, () => '11/06/2026,Buy,PAFILLS,X,4,$0.50,,-$2.00');
    const res = await send('apply', {
      accountId,
      csv: file(...fills, '11/06/2026,Sell,PAFILLS,X,99,$0.48,,$47.52', ...splitRowsOnly('PAFILLS')),
    });
    expect(res.body.data.result.left).toEqual([]);
    expect((await tradeOn(accountId, split.PAFILLS)).legs).toEqual([
      { side: 'buy', date: '2026-11-06', quantity: 100, price: 0.5 },
      { side: 'sell', date: '2026-11-06', quantity: 99, price: 0.48 },
    ]);
  });
});
