import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSplit, member, splitFields, type Member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';

/**
 * A split typed by hand passes the same gate as an accepted discovery proposal before members see it:
 * an Upcoming split needs a price above $0 and trading days, and the 400 names the nearest trading day.
 */
let t: TestApp;
let admin: Member;
const NOW = new Date('2026-11-23T15:00:00Z'); // Monday Nov 23 2026, 10:00 am New York

const events = async () =>
  (await t.database.query<{ n: number }>('select count(*)::int as n from notification_events')).rows[0].n;
const splitsNamed = async (ticker: string) =>
  (await t.database.query<{ n: number }>('select count(*)::int as n from reverse_splits where ticker = $1', [ticker])).rows[0].n;

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  admin = await member(t.app, 'Admin');
});
afterAll(async () => t.close());

describe('the publication gate on /api/rs/add and /api/rs/edit', () => {
  it('refuses a $0 Upcoming split bought by a Saturday, naming the nearest trading day; nothing is stored or sent', async () => {
    const before = await events();
    const res = await call(t.app, 'POST', '/api/rs/add', {
      token: admin.token,
      body: { newTicker: splitFields({ ticker: 'SATX', price: 0, buyDate: '2026-11-28', effDate: '2026-11-30' }) },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        path: 'price',
        msg: 'The price is missing or $0: members would read an estimated profit of $0.00. Enter the share price.',
      },
      {
        path: 'buyDate',
        msg: 'Buy-by date Nov 28, 2026 is a Saturday, not a trading day: the nearest trading day is Fri Nov 27, 2026',
      },
    ]);
    expect(await splitsNamed('SATX')).toBe(0);
    expect(await events()).toBe(before);
  });

  it('takes an Approved split with no price yet (members do not see it), and refuses to publish it as it is', async () => {
    const draft = await addSplit(t.app, admin.token, {
      ticker: 'DRFT',
      price: 0,
      status: 'Approved',
      buyDate: '2026-11-28',
      effDate: '2026-11-30',
    });
    const publish = await call(t.app, 'POST', '/api/rs/edit', {
      token: admin.token,
      body: {
        newTicker: { ...splitFields({ ticker: 'DRFT', price: 0, buyDate: '2026-11-28', effDate: '2026-11-30' }), _id: draft._id },
      },
    });
    expect(publish.status).toBe(400);
    expect((publish.body.errors as { path?: string }[]).map((e) => e.path)).toEqual(['price', 'buyDate']);
    const fixed = await call(t.app, 'POST', '/api/rs/edit', {
      token: admin.token,
      body: {
        newTicker: {
          ...splitFields({ ticker: 'DRFT', price: 0.5, buyDate: '2026-11-27', effDate: '2026-11-30' }),
          _id: draft._id,
        },
      },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body.data.split).toMatchObject({ status: 'Upcoming', price: 0.5, buyDate: '2026-11-27' });
  });

  it('a non-admin is refused before any rule is read', async () => {
    const pro = await member(t.app, 'Pro');
    const res = await call(t.app, 'POST', '/api/rs/add', {
      token: pro.token,
      body: { newTicker: splitFields({ ticker: 'NOPE', price: 0, buyDate: '2026-11-28' }) },
    });
    expect(res.status).toBe(403);
  });
});
