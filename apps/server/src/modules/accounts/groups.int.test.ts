import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount, insertBroker, insertSplit, member, type Member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';

/** Named groups of a member's own accounts, and POST /api/trades/bulk with `groupId`. */
let t: TestApp;
let alice: Member;
let bob: Member;
let mine: string[];
let bobAccount: string;
let splitId: string;
const MISSING = '00000000-0000-4000-8000-000000000000';

const post = (who: Member | null, path: string, body: unknown) =>
  call(t.app, 'POST', `/api/accounts/groups${path}`, { token: who?.token ?? '', body });
const list = async (who: Member) => (await call(t.app, 'GET', '/api/accounts/groups', { token: who.token })).body.data.groups;

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = [await member(t.app, 'Pro'), await member(t.app, 'Pro')];
  const brokerId = await insertBroker(t.database, { name: 'Group Broker' });
  mine = [];
  for (let i = 1; i <= 4; i++) mine.push(await addAccount(t.app, alice.token, { brokerId, nickname: `G ${i}` }));
  bobAccount = await addAccount(t.app, bob.token, { brokerId, nickname: 'Bob G' });
  splitId = await insertSplit(t.database, { ticker: 'GRP', buyDate: '2026-11-20', effDate: '2026-11-23', status: 'Upcoming' });
});
afterAll(async () => t?.close());

describe('account groups', () => {
  it('needs a signed-in member', async () => {
    expect((await call(t.app, 'GET', '/api/accounts/groups')).status).toBe(401);
    expect((await post(null, '', { name: 'x', accountIds: [] })).status).toBe(401);
  });

  it('creates a group keeping the order of its accounts, and lists it', async () => {
    const order = [mine[2], mine[0], mine[3]];
    const res = await post(alice, '', { name: '  day one ', accountIds: order });
    expect(res.status).toBe(200);
    expect(res.body.data.group).toEqual({ _id: expect.any(String), name: 'day one', accountIds: order });
    expect(await list(alice)).toEqual([res.body.data.group]);
    expect(await list(bob)).toEqual([]);
  });

  it('a double submit of a create makes one group; another group of that name is a 409', async () => {
    const body = { name: 'not Vanguard', accountIds: [mine[1], mine[0]] };
    const [a, b] = await Promise.all([post(alice, '', body), post(alice, '', body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.group._id).toBe(b.body.data.group._id);
    expect((await list(alice)).filter((g: { name: string }) => g.name === 'not Vanguard')).toHaveLength(1);
    const other = await post(alice, '', { name: 'NOT VANGUARD', accountIds: [mine[3]] });
    expect(other.status).toBe(409);
    expect(other.body.errors[0].msg).toBe('You already have a group named "not Vanguard"');
  });

  it("refuses another member's account with a 404 naming it, and writes nothing", async () => {
    const res = await post(alice, '', { name: 'sneaky', accountIds: [mine[0], bobAccount] });
    expect(res.status).toBe(404);
    expect(res.body.errors[0].msg).toBe(`Account ${bobAccount} is not one of your accounts`);
    expect((await list(alice)).map((g: { name: string }) => g.name)).not.toContain('sneaky');
  });

  it.each([
    [{ accountIds: [] }, 'Name is required'],
    [{ name: '', accountIds: [] }, 'Name is required'],
    [{ name: 'x'.repeat(51), accountIds: [] }, 'Name must be at most 50 characters'],
    [{ name: 'ok', accountIds: ['nope'] }, 'Account is not a valid id'],
    [{ name: 'ok', accountIds: 'all' }, 'accountIds must be a list of account ids'],
  ])('answers 400 with a clear message for bad input %j', async (body, msg) => {
    const res = await post(alice, '', body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { msg: string }) => e.msg)).toContain(msg);
  });

  it('a repeated account is a 400', async () => {
    const res = await post(alice, '', { name: 'twice', accountIds: [mine[0], mine[0]] });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].msg).toBe('An account is listed twice');
  });

  it('edits the name and the accounts, each alone; only the owner may', async () => {
    const { group } = (await post(alice, '', { name: 'edit me', accountIds: [mine[0]] })).body.data;
    const renamed = await post(alice, '/edit', { id: group._id, name: 'edited' });
    expect(renamed.body.data.group).toEqual({ _id: group._id, name: 'edited', accountIds: [mine[0]] });
    const moved = await post(alice, '/edit', { id: group._id, accountIds: [mine[3], mine[1]] });
    expect(moved.body.data.group).toEqual({ _id: group._id, name: 'edited', accountIds: [mine[3], mine[1]] });
    expect((await post(bob, '/edit', { id: group._id, name: 'mine now' })).status).toBe(404);
    expect((await post(alice, '/edit', { id: MISSING, name: 'x' })).status).toBe(404);
    const foreign = await post(alice, '/edit', { id: group._id, accountIds: [bobAccount] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.errors[0].msg).toBe(`Account ${bobAccount} is not one of your accounts`);
    expect((await post(alice, '/edit', { id: group._id, name: 'day one' })).status).toBe(409);
    expect((await post(alice, '/edit', { id: 'x' })).status).toBe(400);
    const after = (await list(alice)).find((g: { _id: string }) => g._id === group._id);
    expect(after).toEqual({ _id: group._id, name: 'edited', accountIds: [mine[3], mine[1]] });
  });

  it("deletes a group (not its accounts); another member's group is a 404", async () => {
    const { group } = (await post(alice, '', { name: 'short lived', accountIds: [mine[0]] })).body.data;
    expect((await post(bob, '/delete', { id: group._id })).status).toBe(404);
    const res = await post(alice, '/delete', { id: group._id });
    expect(res.status).toBe(200);
    expect(res.body.data.groups.map((g: { _id: string }) => g._id)).not.toContain(group._id);
    expect((await post(alice, '/delete', { id: group._id })).status).toBe(404);
    const accounts = (await call(t.app, 'GET', '/api/accounts/mine', { token: alice.token })).body.data.accounts;
    expect(accounts.map((a: { _id: string }) => a._id)).toContain(mine[0]);
  });

  it('deleting an account takes it out of every group, keeping the order of the rest', async () => {
    const brokerId = await insertBroker(t.database, { name: 'Group Broker 2' });
    const extra = await addAccount(t.app, alice.token, { brokerId, nickname: 'Going' });
    const { group } = (await post(alice, '', { name: 'with going', accountIds: [mine[1], extra, mine[0]] })).body.data;
    expect((await call(t.app, 'POST', '/api/accounts/delete', { token: alice.token, body: { id: extra } })).status).toBe(200);
    const after = (await list(alice)).find((g: { _id: string }) => g._id === group._id);
    expect(after.accountIds).toEqual([mine[1], mine[0]]);
  });
});

describe('POST /api/trades/bulk with groupId', () => {
  const bulk = (who: Member, body: Record<string, unknown>) =>
    call(t.app, 'POST', '/api/trades/bulk', { token: who.token, body });

  it("writes the group's accounts, in the group's order", async () => {
    const { group } = (await post(alice, '', { name: 'bulk group', accountIds: [mine[3], mine[1]] })).body.data;
    const res = await bulk(alice, { splitId, groupId: group._id, buy_price: 1.25 });
    expect(res.status).toBe(200);
    expect(res.body.data.trades.map((x: { accountId: string }) => x.accountId)).toEqual([mine[3], mine[1]]);
    expect(res.body.data.trades.every((x: { buy_price: number }) => x.buy_price === 1.25)).toBe(true);
  });

  it("another member's group is a 404, and nothing is written", async () => {
    const { group } = (await post(bob, '', { name: 'bob group', accountIds: [bobAccount] })).body.data;
    const res = await bulk(alice, { splitId, groupId: group._id, buy_price: 9 });
    expect(res.status).toBe(404);
    expect(res.body.errors[0].msg).toBe('Group not found');
    const bobs = (await call(t.app, 'GET', `/api/trades/split/${splitId}`, { token: bob.token })).body.data.trades;
    expect(bobs).toEqual([]);
  });

  it('takes exactly one of accountIds and groupId', async () => {
    const { group } = (await post(alice, '', { name: 'one of two', accountIds: [mine[0]] })).body.data;
    const both = await bulk(alice, { splitId, groupId: group._id, accountIds: [mine[0]], buy_price: 1 });
    expect(both.status).toBe(400);
    expect(both.body.errors[0].msg).toBe('Send either accountIds or groupId');
    const neither = await bulk(alice, { splitId, buy_price: 1 });
    expect(neither.status).toBe(400);
    expect(neither.body.errors[0].msg).toBe('Send either accountIds or groupId');
    expect((await bulk(alice, { splitId, groupId: 'x', buy_price: 1 })).status).toBe(400);
  });

  it('an empty group is a 400', async () => {
    const { group } = (await post(alice, '', { name: 'empty', accountIds: [] })).body.data;
    const res = await bulk(alice, { splitId, groupId: group._id, buy_price: 1 });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].msg).toBe('This group has no accounts');
  });
});
