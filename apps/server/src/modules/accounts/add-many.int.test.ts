import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBroker, member, type Member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';

/** POST /api/accounts/add-many adds several accounts at one broker, of one type, at once. */
let t: TestApp;
let alice: Member;
let bob: Member;
let brokerId: string;
let disabled: string;

const addMany = (who: Member | null, body: unknown) =>
  call(t.app, 'POST', '/api/accounts/add-many', { token: who?.token ?? '', body });
const nicknames = (res: { body: { data: { accounts: { nickname: string }[] } } }) =>
  res.body.data.accounts.map((a) => a.nickname);

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = [await member(t.app, 'Pro'), await member(t.app, 'Pro')];
  brokerId = await insertBroker(t.database, { name: 'Many Broker' });
  disabled = await insertBroker(t.database, { name: 'Many Off', disabled: true });
});
afterAll(async () => t?.close());

describe('POST /api/accounts/add-many', () => {
  it('needs a signed-in member', async () => {
    expect((await addMany(null, { brokerId, type: 'Roth IRA', nicknames: ['x'] })).status).toBe(401);
  });

  it('adds one account per nickname, in order, at the end of the list', async () => {
    await call(t.app, 'POST', '/api/accounts/add', {
      token: alice.token,
      body: { brokerId, type: 'Roth IRA', nickname: 'First' },
    });
    const res = await addMany(alice, { brokerId, type: 'Individual Cash', nicknames: ['Cash 1', ' Cash 2 ', 'Cash 3'] });
    expect(res.status).toBe(200);
    expect(nicknames(res)).toEqual(['First', 'Cash 1', 'Cash 2', 'Cash 3']);
    expect(res.body.data.accounts[1]).toMatchObject({ broker: 'Many Broker', brokerId, type: 'Individual Cash', active: true });
    const bobs = await call(t.app, 'GET', '/api/accounts/mine', { token: bob.token });
    expect(bobs.body.data.accounts).toEqual([]);
  });

  it('a double submit adds the accounts once', async () => {
    const body = { brokerId, type: 'Traditional IRA', nicknames: ['IRA 1', 'IRA 2'] };
    const [a, b] = await Promise.all([addMany(bob, body), addMany(bob, body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const mine = await call(t.app, 'GET', '/api/accounts/mine', { token: bob.token });
    expect(nicknames(mine)).toEqual(['IRA 1', 'IRA 2']);
  });

  it.each([
    [{ brokerId: disabled, type: 'Roth IRA', nicknames: ['x'] }, 'Choose a broker from the list'],
    [{ brokerId, type: 'Roth IRA', nicknames: [] }, 'Give at least one nickname'],
    [{ brokerId, type: 'Roth IRA', nicknames: ['a', 'A'] }, 'A nickname is listed twice'],
    [{ brokerId, type: 'Roth IRA', nicknames: [''] }, 'Nickname is required'],
    [{ brokerId, type: 'Roth IRA', nicknames: Array.from({ length: 51 }, (_, i) => `n${i}`) }, 'At most 50 accounts at once'],
    [{ brokerId, type: 'Pension', nicknames: ['x'] }, 'Type must be one of'],
    [{ brokerId, type: 'Roth IRA', nicknames: 'x' }, 'nicknames must be a list of nicknames'],
  ])('refuses %j with a clear 400 and adds nothing', async (body, msg) => {
    const before = (await call(t.app, 'GET', '/api/accounts/mine', { token: alice.token })).body.data.accounts.length;
    const res = await addMany(alice, body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { msg: string }) => e.msg).join('\n')).toContain(msg);
    expect((await call(t.app, 'GET', '/api/accounts/mine', { token: alice.token })).body.data.accounts).toHaveLength(before);
  });
});
