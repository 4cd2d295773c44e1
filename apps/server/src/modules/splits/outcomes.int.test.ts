import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInMarket } from '@roundup/shared';
import { addAccount, insertBroker, insertSplit, member, type Member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';

/** GET /api/rs/:id/outcomes (decision 027): per broker, from 3 members, Pro and admins only. */
let t: TestApp;
let pros: Member[];
let starter: Member;
let admin: Member;
let schwab: string;
let webull: string;
let split: string;
const today = todayInMarket();

async function record(who: Member, brokerId: string, splitId: string, outcome: string) {
  const accountId = await addAccount(t.app, who.token, { brokerId });
  const res = await call(t.app, 'POST', '/api/trades/bulk', {
    token: who.token,
    body: { splitId, accountIds: [accountId], buy_date: today, buy_price: 1, outcome },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const outcomes = (token: string | undefined, id = split) => call(t.app, 'GET', `/api/rs/${id}/outcomes`, { token });

beforeAll(async () => {
  t = await createTestApp();
  pros = [await member(t.app, 'Pro'), await member(t.app, 'Pro'), await member(t.app, 'Member')];
  starter = await member(t.app, 'User');
  admin = await member(t.app, 'Admin');
  schwab = await insertBroker(t.database, { name: 'Peer Schwab' });
  webull = await insertBroker(t.database, { name: 'Peer Webull' });
  split = await insertSplit(t.database, { ticker: 'PEER', effDate: today, status: 'Complete' });
});
afterAll(async () => t?.close());

describe('what other members got on this split', () => {
  it('lists a broker only from 3 different members: 2 members → nothing, 3 → the counts', async () => {
    const [m1, m2, m3] = pros;
    await record(m1, schwab, split, 'share_received');
    await record(m1, schwab, split, 'share_received'); // a second account of the same member
    await record(m2, schwab, split, 'cash_in_lieu');
    await record(m1, webull, split, 'share_received');
    await record(m2, webull, split, 'pending');
    let res = await outcomes(m1.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ open: true, brokers: [], mayBeOwed: [] });
    // Below the threshold, no note either: it would tell m2 what the one other member got.
    expect((await outcomes(m2.token)).body.data.mayBeOwed).toEqual([]);

    await record(m3, schwab, split, 'pending');
    res = await outcomes(m1.token);
    expect(res.body.data).toEqual({
      open: true,
      brokers: [
        {
          broker: 'Peer Schwab',
          received: 2,
          cashInLieu: 1,
          pending: 1,
          nothing: 0,
          fractionKept: 0,
          clawedBack: 0,
          members: 3,
        },
      ],
      mayBeOwed: [],
    });
    // Only the aggregate: no member's id anywhere in the answer.
    for (const m of pros) expect(JSON.stringify(res.body)).not.toContain(m.id);
  });

  it('tells a member with cash in lieu at a broker where most received the share (2 of 3 settled) that it may owe them one', async () => {
    const [, m2] = pros;
    expect((await outcomes(m2.token)).body.data.mayBeOwed).toEqual([{ broker: 'Peer Schwab', accounts: 1 }]);
    // Another member's cash in lieu is not the admin's note.
    expect((await outcomes(admin.token)).body.data.mayBeOwed).toEqual([]);
  });

  it('an admin sees it too; a Starter member gets 403 and an anonymous caller 401, with nothing of it', async () => {
    const res = await outcomes(admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data.brokers.map((b: { broker: string }) => b.broker)).toEqual(['Peer Schwab']);

    const s = await outcomes(starter.token);
    expect(s.status).toBe(403);
    expect(s.body).toEqual({ data: null, errors: [{ msg: expect.stringContaining('Pro members') }] });
    const anon = await outcomes(undefined);
    expect(anon.status).toBe(401);
    expect(JSON.stringify(anon.body)).not.toContain('Schwab');
  });

  it('is closed (empty) once the split is more than 21 days past its effective date', async () => {
    const old = await insertSplit(t.database, { ticker: 'PEOL', effDate: addDays(today, -22), status: 'Complete' });
    for (const m of pros) {
      const accountId = await addAccount(t.app, m.token, { brokerId: schwab });
      const r = await call(t.app, 'POST', '/api/trades/bulk', {
        token: m.token,
        body: { splitId: old, accountIds: [accountId], buy_date: addDays(today, -23), buy_price: 1, outcome: 'share_received' },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const res = await outcomes(pros[0].token, old);
    expect(res.body.data).toEqual({ open: false, brokers: [], mayBeOwed: [] });
  });

  it('answers 404 for an unknown or malformed id and for an archived split', async () => {
    expect((await outcomes(pros[0].token, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await outcomes(pros[0].token, 'nope')).status).toBe(404);
    const gone = await insertSplit(t.database, { ticker: 'PEGO', status: 'Complete' });
    await t.database.query(`update reverse_splits set archived_at = now() where id = $1`, [gone]);
    expect((await outcomes(pros[0].token, gone)).status).toBe(404);
  });
});
