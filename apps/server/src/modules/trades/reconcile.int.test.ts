import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInMarket } from '@roundup/shared';
import { addAccount, insertBroker, insertSplit, member, type Member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';

/** GET /api/trades/reconcile: the caller's own accounts that need a look. */
let t: TestApp;
let me: Member;
let other: Member;
let broker: string;
const today = todayInMarket();

async function split(ticker: string, effDaysAgo: number, rsType = 'Round Up') {
  const id = await insertSplit(t.database, { ticker, effDate: addDays(today, -effDaysAgo), status: 'Complete' });
  await t.database.query(`update reverse_splits set rs_type = $2 where id = $1`, [id, rsType]);
  return id;
}

async function record(who: Member, splitId: string, effDaysAgo: number, outcome: string) {
  const accountId = await addAccount(t.app, who.token, { brokerId: broker });
  const res = await call(t.app, 'POST', '/api/trades/bulk', {
    token: who.token,
    body: { splitId, accountIds: [accountId], buy_date: addDays(today, -effDaysAgo - 1), buy_price: 1, outcome },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  me = await member(t.app, 'Pro');
  other = await member(t.app, 'Pro');
  broker = await insertBroker(t.database, { name: 'Recon Broker' });
});
afterAll(async () => t?.close());

describe('reconciliation for To do', () => {
  it('lists pending accounts 6 days after the market date (N = 5 without a measured median), not 3 days after', async () => {
    const late = await split('RLATE', 6);
    const fresh = await split('RFRSH', 3);
    await record(me, late, 6, 'pending');
    await record(me, late, 6, 'pending');
    await record(me, fresh, 3, 'pending');
    await record(other, late, 6, 'pending');
    const res = await call(t.app, 'GET', '/api/trades/reconcile', { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body.data.overdue).toEqual([
      { splitId: late, ticker: 'RLATE', broker: 'Recon Broker', accounts: 2, dueDate: addDays(today, -1) },
    ]);
  });

  it('lists cash in lieu on a Round Up split (the broker may owe a share), not on a CIL split', async () => {
    const up = await split('RUPCL', 4);
    const cil = await split('RCILS', 4, 'CIL');
    await record(me, up, 4, 'cash_in_lieu');
    await record(me, cil, 4, 'cash_in_lieu');
    const res = await call(t.app, 'GET', '/api/trades/reconcile', { token: me.token });
    expect(res.body.data.mayBeOwed).toEqual([{ splitId: up, ticker: 'RUPCL', broker: 'Recon Broker', accounts: 1 }]);
    // Another member's list holds only their own accounts.
    const theirs = await call(t.app, 'GET', '/api/trades/reconcile', { token: other.token });
    expect(theirs.body.data.mayBeOwed).toEqual([]);
    expect(theirs.body.data.overdue).toEqual([expect.objectContaining({ ticker: 'RLATE', accounts: 1 })]);
  });

  it('refuses an anonymous caller', async () => {
    expect((await call(t.app, 'GET', '/api/trades/reconcile')).status).toBe(401);
  });
});
