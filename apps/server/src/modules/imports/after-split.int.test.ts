import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount, insertBroker, insertSplit, member, type Member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';
import { expectConsistent } from '../../../test/totals';

/**
 * Statements after the split, through HTTP: a fraction credited and sold, and a credited share taken back,
 * in Schwab, Fidelity and IBKR rows; rows under the new symbol or CUSIP the exchange list gave the shares.
 * OLDT splits 1-for-10 on 2026-10-10 and trades as NEWT (CUSIP 65249B208) after it.
 */
let t: TestApp;
let alice: Member;
let splitId: string;
const acct: Record<string, string> = {};

const fixture = (name: string) => readFileSync(path.join(__dirname, '../../../test/fixtures/statements', name), 'utf8');
const apply = (accountId: string, csv: string) =>
  call(t.app, 'POST', '/api/imports/apply', { token: alice.token, body: { accountId, csv } });
const preview = (accountId: string, csv: string) =>
  call(t.app, 'POST', '/api/imports/preview', { token: alice.token, body: { accountId, csv } });
const tradeIn = async (accountId: string) =>
  (await call(t.app, 'GET', `/api/trades/s/${accountId}/${splitId}`, { token: alice.token })).body.data.trade;

beforeAll(async () => {
  t = await createTestApp();
  alice = await member(t.app, 'Pro');
  const schwab = await insertBroker(t.database, { name: 'Charles Schwab' });
  const fidelity = await insertBroker(t.database, { name: 'Fidelity' });
  const ibkr = await insertBroker(t.database, { name: 'Interactive Brokers' });
  acct.schwab = await addAccount(t.app, alice.token, { brokerId: schwab, nickname: 'Schwab fraction' });
  acct.fidelity = await addAccount(t.app, alice.token, { brokerId: fidelity, nickname: 'Fidelity claw-back' });
  acct.ibkr = await addAccount(t.app, alice.token, { brokerId: ibkr, nickname: 'IBKR claw-back' });
  splitId = await insertSplit(t.database, { name: 'Oldco', ticker: 'OLDT', buyDate: '2026-10-06', effDate: '2026-10-10' });
  // What Nasdaq's daily list said: the new symbol and CUSIP.
  await t.database.query(
    `insert into split_sightings (split_id, source, symbol, new_symbol, cusip, ratio, market_date, url, first_seen_at, seen_at)
     values ($1, 'nasdaq', 'OLDT', 'NEWT', '65249B208', 10, '2026-10-10', 'https://www.nasdaqtrader.com/', now(), now())`,
    [splitId],
  );
});
afterAll(async () => t?.close());

describe('statement rows after the split', () => {
  it('Schwab: a fraction credited under the new symbol, then sold, is a fraction kept with its sale', async () => {
    const csv = fixture('schwab-fraction-kept.csv');
    const pr = await preview(acct.schwab, csv);
    expect(pr.body.errors).toEqual([]);
    const p = pr.body.data.preview;
    expect(p.unmatched).toEqual([]);
    expect(p.trades).toEqual([
      expect.objectContaining({ splitId, outcome: 'fraction_kept', shares_received: 0.1, problem: null }),
    ]);
    const res = await apply(acct.schwab, csv);
    expect(res.status).toBe(200);
    expect(await tradeIn(acct.schwab)).toMatchObject({
      outcome: 'fraction_kept',
      outcome_date: '2026-10-10',
      shares_received: 0.1,
      legs: [
        { side: 'buy', date: '2026-10-06', quantity: 1, price: 0.5 },
        { side: 'sell', date: '2026-10-12', quantity: 0.1, price: 4.1 },
      ],
    });
    // $0.41 for the tenth of a share less the $0.50 buy, in the stored totals as in the rule.
    const analytics = (await call(t.app, 'GET', '/api/analytics/mine', { token: alice.token })).body.data.analytics;
    expect(analytics.totals.realizedCents).toBe(-9);
    await expectConsistent(t.database, alice.id, '2026-11-25');
  });

  it('Fidelity: the share credited, then an adjustment taking it back, is clawed back on that day', async () => {
    const res = await apply(acct.fidelity, fixture('fidelity-clawed-back.csv'));
    expect(res.body.errors).toEqual([]);
    expect(res.body.data.result.left).toEqual([]);
    expect(await tradeIn(acct.fidelity)).toMatchObject({
      outcome: 'clawed_back',
      outcome_date: '2026-11-20',
      shares_received: 0,
      cash_in_lieu_amount: null,
    });
    await expectConsistent(t.database, alice.id, '2026-11-25');
  });

  it('IBKR: the RS credit and a later negative corporate action of the new symbol are clawed back', async () => {
    const res = await apply(acct.ibkr, fixture('ibkr-flex-clawed-back.csv'));
    expect(res.body.errors).toEqual([]);
    expect(await tradeIn(acct.ibkr)).toMatchObject({ outcome: 'clawed_back', outcome_date: '2026-11-18' });
    // Two trades lost their $0.50 buy; one sold its tenth for $0.41: −9 − 50 − 50.
    const analytics = (await call(t.app, 'GET', '/api/analytics/mine', { token: alice.token })).body.data.analytics;
    expect(analytics.totals.realizedCents).toBe(-109);
    await expectConsistent(t.database, alice.id, '2026-11-25');
  });

  it('the tax export shows each claw-back as a disposal on the day it was taken', async () => {
    const res = await call(t.app, 'GET', '/api/analytics/tax-export?year=2026&format=csv', { token: alice.token });
    expect(res.status).toBe(200);
    const text = String(res.body.data);
    expect(text).toContain('Clawed back OLDT (Oldco),10/06/2026,11/20/2026,0.00,0.50');
    expect(text).toContain('Clawed back OLDT (Oldco),10/06/2026,11/18/2026,0.00,0.50');
    expect(text).toContain('0.1 sh OLDT (Oldco),10/06/2026,10/12/2026,0.41,0.50');
  });
});
