import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount, addTrade, insertBroker, insertSplit, member, type Member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';
import { expectConsistent } from '../../../test/totals';

/** Statement import through HTTP: preview, apply, re-import, refusals, races (decision 030). */
let t: TestApp;
let alice: Member;
let bob: Member;
const acct: Record<string, string> = {};
let splitId: string;

const fixture = (name: string) => readFileSync(path.join(__dirname, '../../../test/fixtures/statements', name), 'utf8');
const SCHWAB = fixture('schwab-reverse-split.csv');
const preview = (who: Member, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/imports/preview', { token: who.token, body });
const apply = (who: Member, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/imports/apply', { token: who.token, body });
const tradeIn = async (accountId: string) =>
  (await call(t.app, 'GET', `/api/trades/s/${accountId}/${splitId}`, { token: alice.token })).body.data.trade;
const storedRows = async (accountId: string) =>
  Number(
    (await t.database.query<{ n: number }>('select count(*)::int as n from import_rows where account_id = $1', [accountId]))
      .rows[0].n,
  );
const realized = async (who: Member) =>
  (await call(t.app, 'GET', '/api/analytics/mine', { token: who.token })).body.data.analytics.totals.realizedCents;

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = [await member(t.app, 'Pro'), await member(t.app, 'Pro')];
  const brokers = {
    schwab: await insertBroker(t.database, { name: 'Charles Schwab' }),
    fidelity: await insertBroker(t.database, { name: 'Fidelity' }),
    tasty: await insertBroker(t.database, { name: 'tastytrade' }),
    ibkr: await insertBroker(t.database, { name: 'Interactive Brokers' }),
  };
  for (const [name, brokerId] of [
    ['schwab', brokers.schwab],
    ['schwab2', brokers.schwab],
    ['schwab3', brokers.schwab],
    ['schwab4', brokers.schwab],
    ['race', brokers.schwab],
    ['fidelity', brokers.fidelity],
    ['tasty', brokers.tasty],
    ['ibkr', brokers.ibkr],
  ])
    acct[name] = await addAccount(t.app, alice.token, { brokerId, nickname: `Import ${name}` });
  acct.bob = await addAccount(t.app, bob.token, { brokerId: brokers.schwab, nickname: 'Bob Schwab' });
  splitId = await insertSplit(t.database, {
    name: 'Acme Robotics',
    ticker: 'ACMR',
    buyDate: '2026-11-06',
    effDate: '2026-11-10',
  });
});
afterAll(async () => t?.close());

describe('importing a Schwab statement', () => {
  it('previews the dance, the two Reverse Split rows as the share received, and the dividend it cannot match; writes nothing', async () => {
    const res = await preview(alice, { accountId: acct.schwab, csv: SCHWAB });
    expect(res.status).toBe(200);
    const p = res.body.data.preview;
    expect(p).toMatchObject({ format: 'schwab', brokerAccount: '…123', rows: 6, alreadyImported: 0 });
    expect(p.unmatched).toEqual([
      {
        line: 8,
        date: '2026-11-05',
        symbol: 'SCHB',
        action: 'Qualified Dividend',
        reason: 'Not a buy, sell or reverse-split row (Qualified Dividend)',
      },
    ]);
    expect(p.trades).toEqual([
      expect.objectContaining({
        splitId,
        ticker: 'ACMR',
        change: 'new',
        newRows: 5,
        legs: [
          { side: 'buy', date: '2026-11-06', quantity: 100, price: 0.5 },
          { side: 'sell', date: '2026-11-06', quantity: 99, price: 0.48 },
          { side: 'sell', date: '2026-11-12', quantity: 1, price: 9 },
        ],
        outcome: 'share_received',
        outcome_date: '2026-11-10',
        shares_received: 1,
        problem: null,
      }),
    ]);
    expect(await tradeIn(acct.schwab)).toBeNull();
    expect(await storedRows(acct.schwab)).toBe(0);
  });

  it('applies in one go: the trade with its legs and outcome, and realized P&L of 652 cents (buy 100 at $0.50, sell 99 at $0.48, sell 1 at $9)', async () => {
    expect(await realized(alice)).toBe(0);
    const res = await apply(alice, { accountId: acct.schwab, csv: SCHWAB, format: 'schwab' });
    expect(res.status).toBe(200);
    expect(res.body.data.result).toMatchObject({
      imported: 5,
      saved: [expect.objectContaining({ accountId: acct.schwab, outcome: 'share_received' })],
    });
    expect(await tradeIn(acct.schwab)).toMatchObject({
      buy_date: '2026-11-06',
      buy_price: 0.5,
      sell_date: '2026-11-12',
      sell_price: 9,
      shares_received: 1,
    });
    expect(await realized(alice)).toBe(652);
    await expectConsistent(t.database, alice.id, '2026-11-25');
  });

  it('importing the same file again changes nothing', async () => {
    const before = await tradeIn(acct.schwab);
    const p = (await preview(alice, { accountId: acct.schwab, csv: SCHWAB })).body.data.preview;
    expect(p).toMatchObject({ alreadyImported: 5, trades: [] });
    const res = await apply(alice, { accountId: acct.schwab, csv: SCHWAB });
    expect(res.body.data.result).toMatchObject({ imported: 0, saved: [] });
    expect(await tradeIn(acct.schwab)).toEqual(before);
    expect(await storedRows(acct.schwab)).toBe(5);
    expect(await realized(alice)).toBe(652);
  });

  it('replaces the legs recorded by hand with the statement’s (the statement is the truth)', async () => {
    expect(
      (await addTrade(t.app, alice.token, { accountId: acct.schwab2, splitId, buy_date: '2026-11-06', buy_price: 0.5 })).status,
    ).toBe(200);
    const p = (await preview(alice, { accountId: acct.schwab2, csv: SCHWAB })).body.data.preview;
    expect(p.trades[0]).toMatchObject({
      change: 'update',
      legs: expect.arrayContaining([expect.objectContaining({ quantity: 100 })]),
    });
    expect((await apply(alice, { accountId: acct.schwab2, csv: SCHWAB })).status).toBe(200);
    expect((await tradeIn(acct.schwab2)).legs).toHaveLength(3);
  });

  it('a later period’s statement with the sale but not the buy keeps the buy recorded by hand', async () => {
    expect(
      (await addTrade(t.app, alice.token, { accountId: acct.schwab3, splitId, buy_date: '2026-11-06', buy_price: 0.5 })).status,
    ).toBe(200);
    const later = SCHWAB.split('\n')
      .filter((l) => !l.includes('"11/06/2026') && !l.includes('as of 11/06/2026'))
      .join('\n');
    expect((await apply(alice, { accountId: acct.schwab3, csv: later })).status).toBe(200);
    expect(await tradeIn(acct.schwab3)).toMatchObject({
      legs: [
        { side: 'buy', date: '2026-11-06', quantity: 1, price: 0.5 },
        { side: 'sell', date: '2026-11-12', quantity: 1, price: 9 },
      ],
      outcome: 'share_received',
      outcome_date: '2026-11-10',
    });
  });

  it('two tabs applying the same file at once write it once', async () => {
    const [a, b] = await Promise.all([
      apply(alice, { accountId: acct.race, csv: SCHWAB }),
      apply(alice, { accountId: acct.race, csv: SCHWAB }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.data.result.imported, b.body.data.result.imported].sort()).toEqual([0, 5]);
    expect((await tradeIn(acct.race)).legs).toHaveLength(3);
    expect(await storedRows(acct.race)).toBe(5);
    await expectConsistent(t.database, alice.id, '2026-11-25');
  });
});

describe('the other formats', () => {
  it.each([
    [
      'tastytrade: the Rounding Correction a day later is the share received',
      'tasty',
      'tastytrade-rounding-correction.csv',
      { outcome: 'share_received', outcome_date: '2026-11-11', shares_received: 1, cash_in_lieu_amount: null },
    ],
    [
      'Fidelity: IN LIEU OF FRX SHARE is cash in lieu',
      'fidelity',
      'fidelity-cash-in-lieu.csv',
      { outcome: 'cash_in_lieu', outcome_date: '2026-11-12', shares_received: 0, cash_in_lieu_amount: 0.95 },
    ],
    [
      'IBKR Flex: FracShare on split day is cash in lieu',
      'ibkr',
      'ibkr-flex-fracshare.csv',
      { outcome: 'cash_in_lieu', outcome_date: '2026-11-10', shares_received: 0, cash_in_lieu_amount: 0.95 },
    ],
  ])('%s', async (_name, account, file, outcome) => {
    const res = await apply(alice, { accountId: acct[account], csv: fixture(file) });
    expect(res.status).toBe(200);
    expect(await tradeIn(acct[account])).toMatchObject({ buy_date: '2026-11-06', buy_price: 0.5, ...outcome });
  });
});

describe('refusals write nothing', () => {
  const broken = SCHWAB.replace('"11/12/2026","Sell"', '"11/32/2026","Sell"');
  it.each([
    [
      'a file in no known format',
      () => ({ accountId: acct.schwab4, csv: 'name,email\nann,ann@example.com\n' }),
      400,
      /not a statement RoundUp can read/,
    ],
    [
      'a broken row, naming its line',
      () => ({ accountId: acct.schwab4, csv: broken }),
      400,
      /^Line 3: Date "11\/32\/2026" is not a date$/,
    ],
    [
      'a format other than the one asked for',
      () => ({ accountId: acct.schwab4, csv: SCHWAB, format: 'ibkr' }),
      400,
      /This is a Schwab file, not Interactive Brokers/,
    ],
    [
      'a Schwab file into a Fidelity account',
      () => ({ accountId: acct.fidelity, csv: SCHWAB }),
      400,
      /This is a Schwab statement, but Import fidelity is a Fidelity account/,
    ],
    ['another member’s account', () => ({ accountId: acct.bob, csv: SCHWAB }), 404, /Account not found/],
    ['a file over 5 MB', () => ({ accountId: acct.schwab4, csv: SCHWAB + ' '.repeat(5 * 1024 * 1024) }), 413, /larger than 5 MB/],
  ])('%s', async (_name, body, status, message) => {
    for (const send of [preview, apply]) {
      const res = await send(alice, body());
      expect(res.status).toBe(status);
      expect(res.body.errors[0].msg).toMatch(message);
    }
    expect(await storedRows(acct.schwab4)).toBe(0);
    expect(await tradeIn(acct.schwab4)).toBeNull();
  });

  it('a file for another broker account than earlier imports into this account', async () => {
    const other = fixture('ibkr-flex-fracshare.csv').replaceAll('U1234567', 'U7654321');
    const res = await apply(alice, { accountId: acct.ibkr, csv: other });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].msg).toBe(
      'This file is for broker account …4321; earlier imports into Import ibkr came from …4567',
    );
  });
});
