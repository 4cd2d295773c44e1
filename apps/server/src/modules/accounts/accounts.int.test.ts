import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBroker, insertSplit } from '../../../test/factories';
import { call, createTestApp, registerUser, setRole, type TestApp } from '../../../test/helpers';

let t: TestApp;
let alice: Awaited<ReturnType<typeof registerUser>>;
let bob: Awaited<ReturnType<typeof registerUser>>;
let brokerA: string;
let brokerB: string;
let disabledBroker: string;
let splitId: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await registerUser(t.app);
  bob = await registerUser(t.app);
  await setRole(t.database, alice.user._id, 'Pro');
  await setRole(t.database, bob.user._id, 'Pro');
  brokerA = await insertBroker(t.database, { name: 'Acct Test Broker A' });
  brokerB = await insertBroker(t.database, { name: 'Acct Test Broker B', shareReturnTime: 10 });
  disabledBroker = await insertBroker(t.database, { name: 'Acct Test Broker Off', disabled: true });
  splitId = await insertSplit(t.database, {
    name: 'Acme',
    ticker: 'ACME',
    effDate: '2026-03-02',
    buyDate: '2026-02-27',
    status: 'Upcoming',
  });
});
afterAll(async () => t?.close());

const add = (token: string, newAccount: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/accounts/add', { token, body: { newAccount } });

describe('accounts', () => {
  it('needs a signed-in user', async () => {
    expect((await call(t.app, 'GET', '/api/accounts/mine')).status).toBe(401);
    expect((await add('', { brokerId: brokerA, type: 'Roth IRA', nickname: 'x' })).status).toBe(401);
  });

  it('adds, lists in order with the broker name, and offers only enabled brokers', async () => {
    const r1 = await add(alice.token, { brokerId: brokerA, type: 'Individual Cash', nickname: '  Main  ' });
    expect(r1.status).toBe(200);
    expect(r1.body.data.accounts).toHaveLength(1);
    expect(r1.body.data.accounts[0]).toMatchObject({
      broker: 'Acct Test Broker A',
      brokerId: brokerA,
      type: 'Individual Cash',
      nickname: 'Main',
      tradeCount: 0,
      userId: alice.user._id,
    });
    // The flat payload works too.
    const r2 = await call(t.app, 'POST', '/api/accounts/add', {
      token: alice.token,
      body: { brokerId: brokerB, type: 'Roth IRA', nickname: 'Roth' },
    });
    expect(r2.body.data.accounts.map((a: { nickname: string }) => a.nickname)).toEqual(['Main', 'Roth']);
    const mine = await call(t.app, 'GET', '/api/accounts/mine', { token: alice.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.accounts).toHaveLength(2);
    const names = mine.body.data.brokers.map((b: { name: string }) => b.name);
    expect(names).toContain('Acct Test Broker A');
    expect(names).not.toContain('Acct Test Broker Off');
    // Bob sees none of Alice's accounts.
    const bobs = await call(t.app, 'GET', '/api/accounts/mine', { token: bob.token });
    expect(bobs.body.data.accounts).toEqual([]);
  });

  it.each([
    [{ type: 'Roth IRA', nickname: 'x' }, /broker/i],
    [{ brokerId: 'not-a-uuid', type: 'Roth IRA', nickname: 'x' }, /broker/i],
    [{ brokerId: '00000000-0000-4000-8000-000000000000', type: 'Roth IRA', nickname: 'x' }, /Choose a broker from the list/],
    [{ brokerId: 'DISABLED', type: 'Roth IRA', nickname: 'x' }, /Choose a broker from the list/],
    [{ brokerId: 'A', type: 'Crypto Wallet', nickname: 'x' }, /Type must be one of/],
    [{ brokerId: 'A', type: 'Roth IRA', nickname: '   ' }, /Nickname is required/],
    [{ brokerId: 'A', type: 'Roth IRA', nickname: 'x'.repeat(51) }, /at most 50/],
  ])('refuses bad input %j', async (body: { brokerId?: string; type: string; nickname: string }, msg) => {
    const fixed = {
      ...body,
      brokerId: body.brokerId === 'A' ? brokerA : body.brokerId === 'DISABLED' ? disabledBroker : body.brokerId,
    };
    const res = await add(alice.token, fixed);
    expect(res.status).toBe(400);
    expect(res.body.data).toBeNull();
    expect(res.body.errors[0].msg).toMatch(msg);
  });

  it('accepts all ten account types', async () => {
    const types = [
      'Individual Cash',
      'Joint Cash',
      'Individual Margin',
      'Joint Margin',
      'Traditional IRA',
      'Roth IRA',
      'HSA',
      'ESA',
      'UGMA/UTMA',
      'SEP',
    ];
    const carol = await registerUser(t.app);
    for (const type of types) expect((await add(carol.token, { brokerId: brokerA, type, nickname: type })).status).toBe(200);
    const mine = await call(t.app, 'GET', '/api/accounts/mine', { token: carol.token });
    expect(mine.body.data.accounts.map((a: { type: string }) => a.type)).toEqual(types);
  });

  it('edits only the owner’s account; someone else’s id answers 404', async () => {
    const mine = (await call(t.app, 'GET', '/api/accounts/mine', { token: alice.token })).body.data.accounts;
    const edited = await call(t.app, 'POST', '/api/accounts/edit', {
      token: alice.token,
      body: { newAccount: { _id: mine[0]._id, brokerId: brokerB, type: 'Joint Margin', nickname: 'Joint' } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.accounts[0]).toMatchObject({
      _id: mine[0]._id,
      broker: 'Acct Test Broker B',
      type: 'Joint Margin',
      nickname: 'Joint',
    });
    const foreign = await call(t.app, 'POST', '/api/accounts/edit', {
      token: bob.token,
      body: { newAccount: { _id: mine[0]._id, brokerId: brokerA, type: 'HSA', nickname: 'Mine now' } },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.errors[0].msg).toBe('Account not found');
    const del = await call(t.app, 'POST', '/api/accounts/delete', { token: bob.token, body: { id: mine[0]._id } });
    expect(del.status).toBe(404);
    const after = (await call(t.app, 'GET', '/api/accounts/mine', { token: alice.token })).body.data.accounts;
    expect(after[0].nickname).toBe('Joint');
  });

  it('marks an account inactive and back, keeping its history; other edits leave it as it was', async () => {
    const [first] = (await call(t.app, 'GET', '/api/accounts/mine', { token: alice.token })).body.data.accounts;
    expect(first.active).toBe(true);
    const edit = (over: Record<string, unknown>) =>
      call(t.app, 'POST', '/api/accounts/edit', {
        token: alice.token,
        body: { newAccount: { _id: first._id, brokerId: first.brokerId, type: first.type, nickname: first.nickname, ...over } },
      });
    const off = await edit({ active: false });
    expect(off.body.data.accounts.find((a: { _id: string }) => a._id === first._id)).toMatchObject({
      active: false,
      tradeCount: first.tradeCount,
    });
    const renamed = await edit({ nickname: 'Renamed while inactive' });
    expect(renamed.body.data.accounts.find((a: { _id: string }) => a._id === first._id)).toMatchObject({ active: false });
    expect((await edit({ active: 'no' })).status).toBe(400);
    const on = await edit({ active: true, nickname: first.nickname });
    expect(on.body.data.accounts.find((a: { _id: string }) => a._id === first._id)).toMatchObject({ active: true });
  });

  it('an account may keep a broker that was disabled later, but not switch to one', async () => {
    const b = await insertBroker(t.database, { name: 'Acct Test Later Off' });
    const res = await add(alice.token, { brokerId: b, type: 'HSA', nickname: 'Later' });
    const acc = res.body.data.accounts.find((a: { nickname: string }) => a.nickname === 'Later');
    await t.database.query('update brokers set disabled = true where id = $1', [b]);
    const keep = await call(t.app, 'POST', '/api/accounts/edit', {
      token: alice.token,
      body: { newAccount: { ...acc, nickname: 'Later 2' } },
    });
    expect(keep.status).toBe(200);
    const other = (await call(t.app, 'GET', '/api/accounts/mine', { token: alice.token })).body.data.accounts[0];
    const sw = await call(t.app, 'POST', '/api/accounts/edit', {
      token: alice.token,
      body: { newAccount: { ...other, brokerId: b } },
    });
    expect(sw.status).toBe(400);
    await call(t.app, 'POST', '/api/accounts/delete', { token: alice.token, body: { id: acc._id } });
  });

  describe('reorder', () => {
    it('persists the new order and returns it', async () => {
      const ids = (await call(t.app, 'GET', '/api/accounts/mine', { token: alice.token })).body.data.accounts.map(
        (a: { _id: string }) => a._id,
      );
      const reversed = [...ids].reverse();
      const res = await call(t.app, 'POST', '/api/accounts/reorder', { token: alice.token, body: { accounts: reversed } });
      expect(res.status).toBe(200);
      expect(res.body.data.accounts.map((a: { _id: string }) => a._id)).toEqual(reversed);
      const again = await call(t.app, 'GET', '/api/accounts/mine', { token: alice.token });
      expect(again.body.data.accounts.map((a: { _id: string }) => a._id)).toEqual(reversed);
      // Account objects (as the original client posts them) are accepted too.
      const objs = await call(t.app, 'POST', '/api/accounts/reorder', {
        token: alice.token,
        body: { accounts: ids.map((_id: string) => ({ _id })) },
      });
      expect(objs.body.data.accounts.map((a: { _id: string }) => a._id)).toEqual(ids);
    });

    it('new accounts go to the end', async () => {
      const res = await add(alice.token, { brokerId: brokerA, type: 'SEP', nickname: 'Last' });
      const list = res.body.data.accounts;
      expect(list[list.length - 1].nickname).toBe('Last');
    });

    it('refuses a foreign, missing, duplicated or malformed id', async () => {
      const mine = (await call(t.app, 'GET', '/api/accounts/mine', { token: alice.token })).body.data.accounts.map(
        (a: { _id: string }) => a._id,
      );
      await add(bob.token, { brokerId: brokerA, type: 'SEP', nickname: 'Bob' });
      const bobs = (await call(t.app, 'GET', '/api/accounts/mine', { token: bob.token })).body.data.accounts.map(
        (a: { _id: string }) => a._id,
      );
      const cases: unknown[] = [
        [...mine, bobs[0]],
        mine.slice(1),
        [mine[0], ...mine],
        [...mine.slice(1), bobs[0]],
        ['nope'],
        'x',
      ];
      for (const accounts of cases) {
        const res = await call(t.app, 'POST', '/api/accounts/reorder', { token: alice.token, body: { accounts } });
        expect(res.status, JSON.stringify(accounts)).toBe(400);
        expect(res.body.data).toBeNull();
      }
      const after = (await call(t.app, 'GET', '/api/accounts/mine', { token: alice.token })).body.data.accounts.map(
        (a: { _id: string }) => a._id,
      );
      expect(after).toEqual(mine);
    });
  });

  it('deleting an account removes its trades and reports the count before', async () => {
    const res = await add(alice.token, { brokerId: brokerA, type: 'HSA', nickname: 'To delete' });
    const acc = res.body.data.accounts.find((a: { nickname: string }) => a.nickname === 'To delete');
    const tr = await call(t.app, 'POST', '/api/trades/add', {
      token: alice.token,
      body: { newTrade: { accountId: acc._id, splitId, buy_price: 1 } },
    });
    expect(tr.status).toBe(200);
    const listed = (await call(t.app, 'GET', '/api/accounts/mine', { token: alice.token })).body.data.accounts.find(
      (a: { _id: string }) => a._id === acc._id,
    );
    expect(listed.tradeCount).toBe(1);
    const del = await call(t.app, 'POST', '/api/accounts/delete', { token: alice.token, body: { id: acc._id } });
    expect(del.status).toBe(200);
    expect(del.body.data.accounts.some((a: { _id: string }) => a._id === acc._id)).toBe(false);
    const { rows } = await t.database.query<{ n: number }>('select count(*)::int as n from trades where account_id = $1', [
      acc._id,
    ]);
    expect(rows[0].n).toBe(0);
    const gone = await call(t.app, 'GET', `/api/trades/s/${acc._id}/${splitId}`, { token: alice.token });
    expect(gone.status).toBe(404);
  });

  it('parallel adds each get their own position, in a stable order; a double-submitted add makes one account', async () => {
    const carol = await registerUser(t.app);
    await setRole(t.database, carol.user._id, 'Pro');
    const names = Array.from({ length: 8 }, (_, i) => `Parallel ${i}`);
    const adds = await Promise.all(
      names.map((nickname) => add(carol.token, { brokerId: brokerA, type: 'Individual Cash', nickname })),
    );
    expect(adds.map((r) => r.status)).toEqual(names.map(() => 200));
    const { rows } = await t.database.query<{ n: number; positions: number }>(
      'select count(*)::int as n, count(distinct position)::int as positions from accounts where user_id = $1',
      [carol.user._id],
    );
    expect(rows[0]).toEqual({ n: 8, positions: 8 });

    const same = { brokerId: brokerB, type: 'Roth IRA', nickname: 'Double click' };
    const twice = await Promise.all([add(carol.token, same), add(carol.token, same), add(carol.token, same)]);
    expect(twice.map((r) => r.status)).toEqual([200, 200, 200]);
    const mine = (await call(t.app, 'GET', '/api/accounts/mine', { token: carol.token })).body.data.accounts as {
      nickname: string;
    }[];
    expect(mine.filter((a) => a.nickname === 'Double click')).toHaveLength(1);
    expect(mine).toHaveLength(9);
    // Every answer shows the one account.
    for (const r of twice)
      expect(r.body.data.accounts.filter((a: { nickname: string }) => a.nickname === 'Double click')).toHaveLength(1);
  });
});
