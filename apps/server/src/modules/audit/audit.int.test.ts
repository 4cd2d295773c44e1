import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInMarket } from '@roundup/shared';
import { splitFields } from '../../../test/factories';
import { call, createTestApp, registerUser, setRole, type TestApp } from '../../../test/helpers';

/**
 * GET /api/admin/audit, the global audit page: every admin action writes one entry (who, what,
 * when), and admins list them filtered by admin, action and New York day, one page at a time.
 */

let t: TestApp;
type Member = Awaited<ReturnType<typeof registerUser>>;
let admin: Member;
let second: Member;
let member: Member;

interface Entry {
  _id: string;
  actorId: string | null;
  actorUsername: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  details: Record<string, unknown> | null;
  createdDate: string;
}
const audit = async (qs = '', token = admin.token) => call(t.app, 'GET', `/api/admin/audit${qs}`, { token });
const entries = async (qs = ''): Promise<Entry[]> => {
  const res = await audit(qs);
  expect(res.status).toBe(200);
  return res.body.data.audit;
};
const ok = async (p: Promise<{ status: number; body: unknown }>) => {
  const res = await p;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res as Awaited<ReturnType<typeof call>>;
};

const split = (over: Record<string, unknown> = {}) => splitFields({ name: 'Audit Corp', ticker: 'AUDT', ...over });
const broker = {
  name: 'Audit Broker',
  logo: '/brokers/test.svg',
  headline: 'Fast round-ups',
  signupPromo: '<p>Get $50</p>',
  refLink: 'https://broker.example.com/ref?id=1',
  shareReturnTime: 2,
  rating: 4,
  fees: '<ul><li>$0 trades</li></ul>',
  notes: 'internal note',
  fullReview: '<p>Long review</p>',
  reviewBlurb: 'Good for IRAs',
  accountCash: true,
  accountMargin: false,
};
const faq = { category: 'Testing', question: 'Is it audited?', answer: '<p>Yes.</p>', sort: 2 };

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerUser(t.app);
  await setRole(t.database, admin.user.id, 'Admin');
  second = await registerUser(t.app);
  await setRole(t.database, second.user.id, 'Admin');
  member = await registerUser(t.app);
}, 60_000);
afterAll(async () => t?.close());

describe('who may read the audit log', () => {
  it('visitors get 401 and members 403, before the filters are looked at', async () => {
    expect((await call(t.app, 'GET', '/api/admin/audit')).status).toBe(401);
    expect((await audit('', member.token)).status).toBe(403);
    expect((await audit('?page=zero', member.token)).status).toBe(403);
    await setRole(t.database, member.user.id, 'Pro');
    expect((await audit('', member.token)).status).toBe(403);
  });
});

describe('every admin action writes one entry', () => {
  it('splits, brokers, FAQs, users, sessions, comms, reminders and commission payouts', async () => {
    const a = admin.token;
    // Splits: add, edit, delete.
    const added = await ok(call(t.app, 'POST', '/api/rs/add', { token: a, body: { newTicker: split() } }));
    const splitId = added.body.data.split._id;
    await ok(call(t.app, 'POST', '/api/rs/edit', { token: a, body: { newTicker: { ...split({ ratio: 20 }), _id: splitId } } }));
    await ok(call(t.app, 'POST', '/api/rs/delete', { token: a, body: { id: splitId } }));
    // Brokers and FAQs.
    const b = await ok(call(t.app, 'POST', '/api/brokers/add', { token: a, body: { newBroker: broker } }));
    const brokerId = b.body.data.broker?._id ?? b.body.data._id;
    await ok(
      call(t.app, 'POST', '/api/brokers/edit', { token: a, body: { newBroker: { ...broker, _id: brokerId, rating: 5 } } }),
    );
    await ok(call(t.app, 'POST', '/api/brokers/delete', { token: a, body: { id: brokerId } }));
    const f = await ok(call(t.app, 'POST', '/api/faqs/add', { token: a, body: { newFaq: faq } }));
    const faqId = f.body.data.faq?._id ?? f.body.data._id;
    await ok(call(t.app, 'POST', '/api/faqs/edit', { token: a, body: { newFaq: { ...faq, _id: faqId, sort: 3 } } }));
    await ok(call(t.app, 'POST', '/api/faqs/delete', { token: a, body: { id: faqId } }));
    // Users: role and disabled, sessions.
    const target = await registerUser(t.app);
    await ok(call(t.app, 'POST', '/api/users/admin-edit', { token: a, body: { id: target.user.id, role: 'Member' } }));
    await ok(call(t.app, 'POST', '/api/users/admin-edit', { token: a, body: { id: target.user.id, disabled: true } }));
    await ok(call(t.app, 'POST', '/api/users/revoke-sessions', { token: a, body: { id: target.user.id } }));
    // Communications and reminders.
    await ok(call(t.app, 'POST', '/api/comms/send-sms', { token: a, body: { message: 'Audit SMS', audience: 'All' } }));
    await ok(
      call(t.app, 'POST', '/api/comms/send-announcement', {
        token: a,
        body: { requestId: randomUUID(), kind: 'general', subject: 'Audit news', message: 'Hello' },
      }),
    );
    await ok(call(t.app, 'GET', '/api/rs/send-update', { token: a }));
    // Commission payout (a pending commission of a referrer).
    await t.database.query(`insert into commissions (referrer_id, invoice_id, amount_cents) values ($1, $2, 1000)`, [
      target.user.id,
      `in_${randomUUID()}`,
    ]);
    await ok(call(t.app, 'POST', `/api/affiliates/admin/${target.user.id}/mark-paid`, { token: a, body: {} }));

    const all = await entries('?limit=200');
    const mine = all.filter((e) => e.actorId === admin.user.id);
    expect(mine.map((e) => e.action).sort()).toEqual(
      [
        'split.add',
        'split.edit',
        'split.delete',
        'broker.add',
        'broker.edit',
        'broker.delete',
        'faq.add',
        'faq.edit',
        'faq.delete',
        'user.edit',
        'user.edit',
        'user.revoke-sessions',
        'comms.send-sms',
        'comms.send-announcement',
        'reminders.send',
        'commission.mark-paid',
      ].sort(),
    );
    expect(mine.every((e) => e.actorUsername === admin.user.username)).toBe(true);
    const edit = mine.find((e) => e.action === 'split.edit')!;
    expect(edit).toMatchObject({
      targetType: 'split',
      targetId: splitId,
      details: { ticker: 'AUDT', changes: { ratio: { from: 10, to: 20 } } },
    });
    expect(mine.find((e) => e.action === 'commission.mark-paid')).toMatchObject({
      targetId: target.user.id,
      details: { count: 1 },
    });
  });

  it('a refused action (validation, not found) writes nothing', async () => {
    const before = (await audit()).body.data.total;
    expect((await call(t.app, 'POST', '/api/rs/delete', { token: admin.token, body: { id: randomUUID() } })).status).toBe(404);
    expect(
      (await call(t.app, 'POST', '/api/rs/add', { token: admin.token, body: { newTicker: split({ ratio: -1 }) } })).status,
    ).toBe(400);
    expect((await call(t.app, 'POST', '/api/rs/add', { token: member.token, body: { newTicker: split() } })).status).toBe(403);
    expect((await audit()).body.data.total).toBe(before);
  });
});

describe('filters and paging', () => {
  beforeAll(async () => {
    // The second admin adds three FAQs.
    for (let i = 0; i < 3; i += 1) {
      await ok(
        call(t.app, 'POST', '/api/faqs/add', { token: second.token, body: { newFaq: { ...faq, question: `Second ${i}?` } } }),
      );
    }
  });

  it('by admin: only their entries; the response lists the admins and actions to choose from', async () => {
    const res = await audit(`?admin=${second.user.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.audit.map((e: Entry) => [e.actorUsername, e.action])).toEqual(
      Array(3).fill([second.user.username, 'faq.add']),
    );
    expect(res.body.data.admins).toEqual(
      expect.arrayContaining([
        { _id: admin.user.id, username: admin.user.username },
        { _id: second.user.id, username: second.user.username },
      ]),
    );
    expect(res.body.data.actions).toEqual(expect.arrayContaining(['faq.add', 'split.delete', 'commission.mark-paid']));
    expect([...res.body.data.actions].sort()).toEqual(res.body.data.actions);
    // A valid id with no entries: an empty page, not an error.
    expect((await audit(`?admin=${randomUUID()}`)).body.data).toMatchObject({ audit: [], total: 0, page: 1 });
  });

  it('by action, and by admin and action together', async () => {
    const faqAdds = await audit('?action=faq.add');
    expect(faqAdds.body.data.total).toBe(4);
    expect(faqAdds.body.data.audit.every((e: Entry) => e.action === 'faq.add')).toBe(true);
    expect((await audit(`?action=faq.add&admin=${admin.user.id}`)).body.data.total).toBe(1);
    expect((await audit('?action=split.archive')).body.data.total).toBe(0);
  });

  it('by New York day: today holds everything; a range before today holds nothing; one-sided ranges work', async () => {
    const today = todayInMarket();
    const total = (await audit()).body.data.total;
    expect(total).toBeGreaterThanOrEqual(19);
    expect((await audit(`?from=${today}&to=${today}`)).body.data.total).toBe(total);
    expect((await audit(`?from=${today}`)).body.data.total).toBe(total);
    expect((await audit(`?to=2020-12-31`)).body.data.total).toBe(0);
    expect((await audit(`?from=2020-01-01&to=2020-12-31`)).body.data.total).toBe(0);
    // An entry dated late on a New York day stays on that day (not the UTC one).
    await t.database.query(
      `insert into audit_log (actor_id, action, target_type, created_at) values ($1, 'faq.edit', 'faq', '2026-03-11T03:30:00Z')`,
      [second.user.id],
    );
    const onTenth = await audit(`?from=2026-03-10&to=2026-03-10`);
    expect(onTenth.body.data.audit.map((e: Entry) => e.createdDate)).toEqual(['2026-03-11T03:30:00.000Z']);
    expect((await audit(`?from=2026-03-11&to=2026-03-11`)).body.data.total).toBe(0);
  });

  it('pages: newest first, no entry twice or missing across pages', async () => {
    const total = (await audit()).body.data.total;
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 7); page += 1) {
      const res = await audit(`?limit=7&page=${page}`);
      expect(res.body.data).toMatchObject({ page, pageSize: 7, total });
      seen.push(...res.body.data.audit.map((e: Entry) => e._id));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    const all = await entries('?limit=200');
    expect(all.map((e) => e._id)).toEqual(seen);
    const dates = all.map((e) => e.createdDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    // Past the end: an empty page with the total.
    expect((await audit('?page=999')).body.data).toMatchObject({ audit: [], page: 999, total });
    // Default page size is 50.
    expect((await audit()).body.data.pageSize).toBe(50);
  });

  it.each([
    ['admin not an id', '?admin=bob', 'Admin must be an admin id'],
    ['action malformed', '?action=DROP%20TABLE', 'Action must look like broker.add'],
    ['action too long', `?action=a.${'b'.repeat(80)}`, 'Action must be at most 64 characters'],
    ['from not a date', '?from=yesterday', 'From must be a date written YYYY-MM-DD'],
    ['to impossible', '?to=2026-02-30', 'To must be a date written YYYY-MM-DD'],
    ['from after to', '?from=2026-03-02&to=2026-03-01', 'From must be on or before To'],
    ['page zero', '?page=0', 'Page must be 1 or more'],
    ['page not a number', '?page=two', 'Page must be a number'],
    ['page fraction', '?page=1.5', 'Page must be a whole number'],
    ['page huge', '?page=1e12', 'Page is out of range'],
    ['limit too big', '?limit=1000', 'Limit must be at most 200'],
  ])('%s → 400 with a clear message', async (_name, qs, msg) => {
    const res = await audit(qs);
    expect(res.status).toBe(400);
    expect(res.body.data).toBeNull();
    expect(res.body.errors.map((e: { msg: string }) => e.msg)).toContain(msg);
  });
});
