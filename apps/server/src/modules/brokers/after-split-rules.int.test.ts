import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../../../test/factories';
import { call, createTestApp, registerUser, setRole, type TestApp } from '../../../test/helpers';

/**
 * The broker rules a member reads before buying: whether the broker hands back the fraction instead of cash,
 * what a new account may not buy yet, and its reorganisation fee. Admins edit them; GET /api/brokers and the
 * accounts' broker rules (Record Trades) carry them.
 */
let t: TestApp;
let admin: string;
let starter: string;

const broker = {
  name: 'Fraction Broker',
  refLink: 'https://fraction.example.com/ref',
  shareReturnTime: 1,
  rating: 4,
};
const add = (over: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/brokers/add', { token: admin, body: { newBroker: { ...broker, ...over } } });

beforeAll(async () => {
  t = await createTestApp();
  const a = await registerUser(t.app);
  await setRole(t.database, a.user._id, 'Admin');
  admin = a.token;
  starter = (await registerUser(t.app)).token;
});
afterAll(async () => t?.close());

describe('returnsFraction, newAccountRestriction and reorgFeeCents', () => {
  it('are stored as an admin sends them, listed by GET /api/brokers for everyone, and edited', async () => {
    const res = await add({
      returnsFraction: true,
      newAccountRestriction: 'No stocks under $1 until funds settle',
      reorgFeeCents: 2500,
    });
    expect(res.status).toBe(200);
    const id = res.body.data.broker._id as string;
    for (const token of [starter, undefined]) {
      const listed = (await call(t.app, 'GET', '/api/brokers', { token })).body.data.brokers.find(
        (b: { _id: string }) => b._id === id,
      );
      expect(listed).toMatchObject({
        returnsFraction: true,
        newAccountRestriction: 'No stocks under $1 until funds settle',
        reorgFeeCents: 2500,
      });
    }
    const edit = await call(t.app, 'POST', '/api/brokers/edit', {
      token: admin,
      body: { newBroker: { ...broker, _id: id, returnsFraction: false, newAccountRestriction: '  ', reorgFeeCents: null } },
    });
    expect(edit.status).toBe(200);
    expect((await call(t.app, 'GET', `/api/brokers/${id}`)).body.data.broker).toMatchObject({
      returnsFraction: false,
      newAccountRestriction: null,
      reorgFeeCents: null,
    });
  });

  it('default to "pays cash", no restriction and no fee known', async () => {
    const res = await add({ name: 'Plain Broker' });
    expect(res.body.data.broker).toMatchObject({ returnsFraction: false, newAccountRestriction: null, reorgFeeCents: null });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a negative fee', { reorgFeeCents: -1 }, 'The reorganisation fee cannot be negative'],
    ['a fee in fractions of a cent', { reorgFeeCents: 12.5 }, 'The reorganisation fee must be a whole number of cents'],
    ['a fee over $1,000', { reorgFeeCents: 100_001 }, 'The reorganisation fee must be at most $1,000'],
    ['a fee as text', { reorgFeeCents: '25' }, 'The reorganisation fee must be a whole number of cents'],
    ['returnsFraction as text', { returnsFraction: 'yes' }, 'Returns fraction must be true or false'],
    [
      'a restriction of 501 characters',
      { newAccountRestriction: 'x'.repeat(501) },
      'The new account restriction must be at most 500 characters',
    ],
  ])('%s: 400 with a clear message', async (_name, over, msg) => {
    const res = await add({ name: `Bad ${Math.random()}`, ...over });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ data: null });
    expect(res.body.errors.map((e: { msg: string }) => e.msg)).toContain(msg);
  });

  it("a member's accounts carry the rules, for the buy checklist", async () => {
    const id = (await add({ name: 'Checklist Broker', returnsFraction: true, reorgFeeCents: 0 })).body.data.broker._id;
    await addAccount(t.app, starter, { brokerId: id, nickname: 'Checklist' });
    const accounts = (await call(t.app, 'GET', '/api/accounts/mine', { token: starter })).body.data.accounts;
    expect(accounts.find((a: { nickname: string }) => a.nickname === 'Checklist').brokerRules).toMatchObject({
      returnsFraction: true,
      newAccountRestriction: null,
      reorgFeeCents: 0,
    });
  });
});
