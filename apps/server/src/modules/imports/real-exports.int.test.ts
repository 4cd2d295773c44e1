import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount, insertBroker, insertSplit, member, type Member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';

/**
 * Real exports brought from public repositories (test/fixtures/statements/real/SOURCES.md), through HTTP:
 * each is read to its last transaction line, and what it can apply is applied once.
 */
let t: TestApp;
let alice: Member;
const broker: Record<string, string> = {};

const real = (name: string) => readFileSync(path.join(__dirname, '../../../test/fixtures/statements/real', name), 'utf8');
const send = (what: 'preview' | 'apply', accountId: string, csv: string) =>
  call(t.app, 'POST', `/api/imports/${what}`, { token: alice.token, body: { accountId, csv } });

beforeAll(async () => {
  t = await createTestApp();
  alice = await member(t.app, 'Pro');
  for (const name of ['Fidelity', 'Interactive Brokers', 'tastytrade', 'Charles Schwab'])
    broker[name] = await insertBroker(t.database, { name });
});
afterAll(async () => t?.close());

describe('real broker exports', () => {
  it.each([
    // file, broker, format, rows read, the last transaction line, the broker account (masked)
    ['fidelity-accounts-history.csv', 'Fidelity', 'fidelity', 188, 191, '…1234'],
    ['fidelity-brokerage-header.csv', 'Fidelity', 'fidelity', 0, null, null],
    ['ibkr-flex-trades-isin.csv', 'Interactive Brokers', 'ibkr', 11, 12, null],
    ['tastyworks-legacy.csv', 'tastytrade', 'tastytrade', 1, 2, null],
    ['tastytrade-money-movement.csv', 'tastytrade', 'tastytrade', 2, 3, null],
    ['schwab-transactions.csv', 'Charles Schwab', 'schwab', 119, 120, null],
    ['tastytrade-reverse-split.csv', 'tastytrade', 'tastytrade', 3, 4, null],
    ['tastytrade-option-reverse-split.csv', 'tastytrade', 'tastytrade', 8, 9, null],
  ])('%s is read to its last transaction line', async (file, brokerName, format, rows, lastLine, account) => {
    const accountId = await addAccount(t.app, alice.token, { brokerId: broker[brokerName] });
    const res = await send('preview', accountId, real(file));
    expect(res.status).toBe(200);
    const p = res.body.data.preview;
    expect(p).toMatchObject({ format, rows, brokerAccount: account, unmatchedTotal: rows });
    expect(p.unmatched.at(-1)?.line ?? null).toBe(lastLine);
  });

  it('a real Fidelity All Accounts download of an IRA and a 401(k) lists both accounts and reads each to its last line', async () => {
    // Its 401(k) rows (fund exchanges without a symbol, one field more than the header) are not stock trades.
    const csv = real('fidelity-all-accounts.csv');
    const accountId = await addAccount(t.app, alice.token, { brokerId: broker.Fidelity });
    const first = await call(t.app, 'POST', '/api/imports/preview', { token: alice.token, body: { accountId, csv } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.preview).toMatchObject({
      format: 'fidelity',
      brokerAccount: null,
      accounts: [
        { brokerAccount: '…9876', rows: 75 },
        { brokerAccount: '…0042', rows: 5 },
      ],
    });
    for (const [brokerAccount, rows, lastLine] of [
      ['…9876', 75, 78],
      ['…0042', 5, 83],
    ] as const) {
      const res = await call(t.app, 'POST', '/api/imports/preview', {
        token: alice.token,
        body: { accountId, csv, brokerAccount },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.preview).toMatchObject({ brokerAccount, rows, unmatchedTotal: rows });
      expect(res.body.data.preview.unmatched.at(-1)?.line).toBe(lastLine);
    }
  });

  it('lists a Flex file’s ISIN-only rows as unmatched, saying why', async () => {
    const accountId = await addAccount(t.app, alice.token, { brokerId: broker['Interactive Brokers'] });
    const p = (await send('preview', accountId, real('ibkr-flex-trades-isin.csv'))).body.data.preview;
    expect(p.unmatched[0]).toMatchObject({
      line: 2,
      action: 'BUY ISIN CH0111762537',
      reason: 'The row has an ISIN but no symbol, and RoundUp matches splits by ticker: add the Symbol column to the export',
    });
  });

  it('names the export to choose for another Interactive Brokers report', async () => {
    const accountId = await addAccount(t.app, alice.token, { brokerId: broker['Interactive Brokers'] });
    const res = await send('preview', accountId, real('ibkr-flex-dividends.csv'));
    expect(res.status).toBe(400);
    expect(res.body.errors[0].msg).toMatch(
      /^This Interactive Brokers report has no trades RoundUp can read: export a Flex query/,
    );
  });

  it('applies the whole-share trades of a split in a real Fidelity file once, and lists the fractional ones', async () => {
    const splitId = await insertSplit(t.database, {
      name: 'CrowdStrike',
      ticker: 'CRWD',
      buyDate: '2026-07-10',
      effDate: '2026-07-20',
    });
    const accountId = await addAccount(t.app, alice.token, { brokerId: broker.Fidelity });
    const csv = real('fidelity-accounts-history.csv');
    const first = (await send('apply', accountId, csv)).body.data.result;
    expect(first.left).toEqual([]);
    expect(first.saved).toEqual([
      expect.objectContaining({
        splitId,
        outcome: 'pending',
        legs: [
          { side: 'buy', date: '2026-07-10', quantity: 2, price: 187.22 },
          { side: 'sell', date: '2026-07-14', quantity: 2, price: 203 },
          { side: 'buy', date: '2026-07-15', quantity: 1, price: 208 },
        ],
      }),
    ]);
    expect(first.unmatched).toContainEqual(
      expect.objectContaining({ symbol: 'CRWD', reason: '0.4 shares: RoundUp records whole shares bought' }),
    );
    const again = (await send('apply', accountId, csv)).body.data.result;
    expect(again).toMatchObject({ imported: 0, saved: [], left: [] });
  });

  it('lists a real tastytrade reverse split of options as options, never as shares', async () => {
    await insertSplit(t.database, {
      name: 'United States Oil Fund',
      ticker: 'USO',
      buyDate: '2020-04-22',
      effDate: '2020-04-29',
    });
    const accountId = await addAccount(t.app, alice.token, { brokerId: broker.tastytrade });
    const p = (await send('preview', accountId, real('tastytrade-option-reverse-split.csv'))).body.data.preview;
    expect(p.trades).toEqual([]);
    expect(p.unmatched.map((u: { reason: string }) => u.reason)).toEqual(
      Array(8).fill(expect.stringMatching(/^An option, not imported/)),
    );
  });

  it.each([
    // file, broker, the split, the buy the file lacks, the shares the split left
    ['schwab-transactions.csv', 'Charles Schwab', { name: 'Tonix Pharmaceuticals', ticker: 'TNXP', effDate: '2024-06-10' }, 1],
    ['tastytrade-reverse-split.csv', 'tastytrade', { name: 'Workhorse Group', ticker: 'WKHS', effDate: '2024-06-17' }, 20],
  ])('applies the real reverse split in %s once, with the buy the file lacks', async (file, brokerName, split, shares) => {
    const splitId = await insertSplit(t.database, { ...split, buyDate: '2024-06-03' });
    const accountId = await addAccount(t.app, alice.token, { brokerId: broker[brokerName] });
    const csv = real(file);
    const trade = (await send('preview', accountId, csv)).body.data.preview.trades.find(
      (x: { splitId: string }) => x.splitId === splitId,
    );
    expect(trade).toMatchObject({ needsBuy: { date: '2024-06-03' }, outcome: 'share_received', shares_received: shares });
    const buys = [{ splitId, date: '2024-06-03', quantity: trade.needsBuy.quantity, price: 1 }];
    const apply = () => call(t.app, 'POST', '/api/imports/apply', { token: alice.token, body: { accountId, csv, buys } });
    const first = (await apply()).body.data.result;
    expect(first.left).toEqual([]);
    expect(first.saved).toEqual([
      expect.objectContaining({ splitId, outcome: 'share_received', shares_received: shares, outcome_date: split.effDate }),
    ]);
    expect((await apply()).body.data.result).toMatchObject({ imported: 0, saved: [], left: [] });
  });
});
