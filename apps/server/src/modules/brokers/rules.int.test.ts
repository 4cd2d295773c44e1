import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount, member, type Member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';

/** Each broker's dated rules, edited by admins, shown on /brokers and with the accounts. */
let t: TestApp;
let admin: Member;
let pro: Member;

const base = {
  name: 'Rules Broker',
  refLink: 'https://broker.example.com/ref',
  shareReturnTime: 1,
  rating: 3,
};
const rules = {
  minimumOrder: [
    { below: 0.1, minShares: 1000 },
    { below: 1, minShares: 100 },
  ],
  dayOneDelivery: true,
  roundUpStatus: 'blocks',
  roundUpStatusDate: '2026-10-14',
  roundUpStatusSource: 'Support chat, ticket 88412',
};
const add = (newBroker: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/brokers/add', { token: admin.token, body: { newBroker } });

beforeAll(async () => {
  t = await createTestApp();
  [admin, pro] = [await member(t.app, 'Admin'), await member(t.app, 'Pro')];
});
afterAll(async () => t?.close());

describe('broker rules', () => {
  it('an admin sets them; /api/brokers and the broker show them, bands highest price first', async () => {
    const res = await add({ ...base, ...rules });
    expect(res.status).toBe(200);
    const id = res.body.data.broker._id;
    const shown = {
      minimumOrder: [
        { below: 1, minShares: 100 },
        { below: 0.1, minShares: 1000 },
      ],
      dayOneDelivery: true,
      roundUpStatus: 'blocks',
      roundUpStatusDate: '2026-10-14',
      roundUpStatusSource: 'Support chat, ticket 88412',
    };
    const list = (await call(t.app, 'GET', '/api/brokers', { token: pro.token })).body.data.brokers;
    expect(list.find((b: { _id: string }) => b._id === id)).toMatchObject(shown);
    expect((await call(t.app, 'GET', `/api/brokers/${id}`, { token: pro.token })).body.data.broker).toMatchObject(shown);
  });

  it('a broker without rules says none are known', async () => {
    const res = await add({ ...base, name: 'Plain Broker' });
    expect(res.body.data.broker).toMatchObject({
      minimumOrder: [],
      dayOneDelivery: null,
      roundUpStatus: null,
      roundUpStatusDate: null,
      roundUpStatusSource: null,
    });
  });

  it('an edit changes them and can clear them', async () => {
    const { broker } = (await add({ ...base, name: 'Edited Broker', ...rules })).body.data;
    const res = await call(t.app, 'POST', '/api/brokers/edit', {
      token: admin.token,
      body: {
        newBroker: { ...base, name: 'Edited Broker', _id: broker._id, roundUpStatus: 'honours', roundUpStatusDate: '2026-11-01' },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.broker).toMatchObject({
      minimumOrder: [],
      dayOneDelivery: null,
      roundUpStatus: 'honours',
      roundUpStatusDate: '2026-11-01',
      roundUpStatusSource: null,
    });
  });

  it.each([
    [
      { roundUpStatus: 'maybe', roundUpStatusDate: '2026-10-14' },
      'Round-up status must be one of: honours, does_not_honour, blocks',
    ],
    [{ roundUpStatus: 'blocks' }, 'Give the date the round-up status was checked'],
    [{ roundUpStatus: 'blocks', roundUpStatusDate: '14/10/2026' }, 'The round-up status date must be written YYYY-MM-DD'],
    [{ minimumOrder: [{ below: 1, minShares: 0 }] }, 'Minimum shares must be at least 1'],
    [{ minimumOrder: [{ below: -1, minShares: 10 }] }, 'A price band’s price must be above 0'],
    [{ minimumOrder: 'lots' }, 'The minimum order must be a list of price bands'],
    [{ dayOneDelivery: 'yes' }, 'Day-one delivery must be yes, no or unknown'],
  ])('refuses %j with a clear 400', async (over, msg) => {
    const res = await add({ ...base, name: 'Bad Broker', ...over });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { msg: string }) => e.msg)).toContain(msg);
  });

  it("each account carries its broker's rules, so a broker that blocks round-ups can be marked where accounts are chosen", async () => {
    const { broker } = (await add({ ...base, name: 'Account Rules Broker', ...rules })).body.data;
    await addAccount(t.app, pro.token, { brokerId: broker._id, nickname: 'Blocked one' });
    const accounts = (await call(t.app, 'GET', '/api/accounts/mine', { token: pro.token })).body.data.accounts;
    expect(accounts[0].brokerRules).toMatchObject({
      roundUpStatus: 'blocks',
      minimumOrder: [
        { below: 1, minShares: 100 },
        { below: 0.1, minShares: 1000 },
      ],
    });
  });
});
