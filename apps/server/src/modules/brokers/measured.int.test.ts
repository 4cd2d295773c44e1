import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount, insertBroker, insertSplit, member, type Member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';

/** GET /api/brokers `measured`: members' recorded outcomes, shown from 5 outcomes of 3 members. */
let t: TestApp;
let members: Member[];
let goodBroker: string;
let cashBroker: string;
let splitA: string;
let splitB: string;

async function record(who: Member, brokerId: string, splitId: string, outcome: string, outcome_date?: string) {
  const accountId = await addAccount(t.app, who.token, { brokerId });
  const res = await call(t.app, 'POST', '/api/trades/bulk', {
    token: who.token,
    body: {
      splitId,
      accountIds: [accountId],
      buy_date: '2026-10-20',
      buy_price: 1,
      outcome,
      ...(outcome_date ? { outcome_date } : {}),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const brokers = async () => {
  const res = await call(t.app, 'GET', '/api/brokers');
  expect(res.status).toBe(200);
  return Object.fromEntries((res.body.data.brokers as any[]).map((b) => [b._id, b]));
};

beforeAll(async () => {
  t = await createTestApp();
  members = [await member(t.app, 'Pro'), await member(t.app, 'Pro'), await member(t.app, 'Member')];
  goodBroker = await insertBroker(t.database, { name: 'Measured Good' });
  cashBroker = await insertBroker(t.database, { name: 'Measured Cash' });
  // Past dates: an outcome date may not be in the future.
  splitA = await insertSplit(t.database, { ticker: 'MEAS', buyDate: '2026-10-20', effDate: '2026-10-23', status: 'Complete' });
  splitB = await insertSplit(t.database, { ticker: 'MEAT', buyDate: '2026-10-20', effDate: '2026-10-24', status: 'Complete' });
});
afterAll(async () => t?.close());

describe('measured broker data', () => {
  it('stays null below 5 outcomes of 3 members, then shows the rate and the median days to the share', async () => {
    const [m1, m2, m3] = members;
    await record(m1, goodBroker, splitA, 'share_received', '2026-10-24');
    await record(m1, goodBroker, splitB, 'share_received', '2026-10-27');
    await record(m2, goodBroker, splitA, 'share_received', '2026-10-25');
    await record(m2, goodBroker, splitB, 'cash_in_lieu');
    // A pending trade is no sample.
    await record(m3, goodBroker, splitA, 'pending');
    let b = await brokers();
    expect(b[goodBroker]).toMatchObject({ measured: null, honoursRoundUps: null });

    await record(m3, goodBroker, splitB, 'share_received', '2026-10-26');
    b = await brokers();
    // Days from the effective date: 1, 3, 2, 2 → median 2.
    expect(b[goodBroker]).toMatchObject({
      measured: { samples: 5, members: 3, shareReceivedRate: 0.8, medianReturnDays: 2 },
      honoursRoundUps: true,
    });
    const one = await call(t.app, 'GET', `/api/brokers/${goodBroker}`);
    expect(one.body.data.broker.measured).toEqual(b[goodBroker].measured);
  });

  it('marks a broker whose members mostly get cash as not honouring round-ups', async () => {
    const [m1, m2, m3] = members;
    await record(m1, cashBroker, splitA, 'cash_in_lieu');
    await record(m2, cashBroker, splitA, 'cash_in_lieu');
    await record(m3, cashBroker, splitA, 'no_credit');
    await record(m3, cashBroker, splitB, 'cash_in_lieu');
    await record(m1, cashBroker, splitB, 'share_received', '2026-10-30');
    const b = await brokers();
    expect(b[cashBroker]).toMatchObject({
      measured: { samples: 5, members: 3, shareReceivedRate: 0.2, medianReturnDays: 6 },
      honoursRoundUps: false,
    });
  });

  it('a share dated before the effective date counts as a sample, not towards the days', async () => {
    const broker = await insertBroker(t.database, { name: 'Measured Typo' });
    const [m1, m2, m3] = members;
    await record(m1, broker, splitA, 'share_received', '2026-10-25');
    await record(m2, broker, splitA, 'share_received', '2026-10-27');
    await record(m3, broker, splitA, 'share_received', '2026-10-29');
    await record(m1, broker, splitB, 'share_received', '2026-10-22'); // two days before splitB took effect
    await record(m2, broker, splitB, 'no_credit');
    const b = await brokers();
    expect(b[broker].measured).toEqual({ samples: 5, members: 3, shareReceivedRate: 0.8, medianReturnDays: 4 });
  });

  it('the public list’s ETag changes when an outcome is recorded, so a cached copy is not reused', async () => {
    const first = await call(t.app, 'GET', '/api/brokers');
    const etag = first.headers.etag as string;
    expect(first.headers['cache-control']).toMatch(/public/);
    const again = await t.app.inject({ method: 'GET', url: '/api/brokers', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    await record(members[0], goodBroker, splitA, 'cash_in_lieu');
    const after = await t.app.inject({ method: 'GET', url: '/api/brokers', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const good = (JSON.parse(after.body).data.brokers as any[]).find((x) => x._id === goodBroker);
    expect(good.measured.samples).toBe(6);
  });
});
