import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount, addTrade, insertBroker, insertSplit, member, type Member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';

/**
 * The To do counts only accounts where a round-up buy can work: GET /api/trades/progress counts the
 * active accounts at brokers marked to avoid (blocks, does not honour) apart, with the buys in them.
 */
let t: TestApp;
let alice: Member;
let other: Member;
let split: string;
const good: string[] = [];
const avoid: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  alice = await member(t.app, 'Pro');
  other = await member(t.app, 'Pro');
  const fine = await insertBroker(t.database, { name: 'Fine Broker' });
  const blocks = await insertBroker(t.database, { name: 'Blocking Broker' });
  const noHonour = await insertBroker(t.database, { name: 'Dishonouring Broker' });
  await t.database.query(`update brokers set round_up_status = 'blocks', round_up_status_date = '2026-10-01' where id = $1`, [
    blocks,
  ]);
  await t.database.query(
    `update brokers set round_up_status = 'does_not_honour', round_up_status_date = '2026-10-01' where id = $1`,
    [noHonour],
  );
  for (let i = 1; i <= 3; i++) good.push(await addAccount(t.app, alice.token, { brokerId: fine, nickname: `Fine ${i}` }));
  avoid.push(await addAccount(t.app, alice.token, { brokerId: blocks, nickname: 'Blocked' }));
  avoid.push(await addAccount(t.app, alice.token, { brokerId: noHonour, nickname: 'Dishonoured' }));
  // An inactive account at an avoided broker is not in "of N" at all.
  const idle = await addAccount(t.app, alice.token, { brokerId: blocks, nickname: 'Idle' });
  await t.database.query(`update accounts set active = false where id = $1`, [idle]);
  // Another member's accounts at the same brokers change nothing for Alice.
  await addAccount(t.app, other.token, { brokerId: blocks, nickname: 'Theirs' });
  split = await insertSplit(t.database, { ticker: 'AVDQ', buyDate: '2026-11-27', effDate: '2026-11-30', status: 'Upcoming' });
  await addTrade(t.app, alice.token, { accountId: good[0], splitId: split, buy_price: 1 });
  await addTrade(t.app, alice.token, { accountId: avoid[0], splitId: split, buy_price: 1 });
});
afterAll(async () => t.close());

describe('progress and brokers marked to avoid', () => {
  it('counts the avoided accounts and the buys in them apart', async () => {
    const res = await call(t.app, 'GET', '/api/trades/progress', { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ accounts: 5, avoided: 2 });
    expect(res.body.data.progress.find((p: { splitId: string }) => p.splitId === split)).toMatchObject({
      bought: 2,
      boughtAvoided: 1,
    });
    const theirs = await call(t.app, 'GET', '/api/trades/progress', { token: other.token });
    expect(theirs.body.data).toMatchObject({ accounts: 1, avoided: 1, progress: [] });
  });
});
