import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, registerUser, setRole, type TestApp } from '../../../test/helpers';

let t: TestApp;
let admin: string;
let starter: string;
let pro: string;

const validBroker = {
  name: 'Test Broker',
  logo: '/brokers/test.svg',
  headline: 'Fast round-ups',
  signupPromo: '<p>Get <strong>$50</strong></p>',
  refLink: 'https://broker.example.com/ref?id=1',
  shareReturnTime: 2,
  rating: 4,
  fees: '<ul><li>$0 trades</li></ul>',
  notes: 'internal note',
  fullReview: '<p>Long review</p>',
  reviewBlurb: 'Good for IRAs',
  accountCash: true,
  accountMargin: false,
  accountTradIRA: true,
  accountRothIRA: true,
  disabled: false,
};

beforeAll(async () => {
  t = await createTestApp();
  const a = await registerUser(t.app);
  await setRole(t.database, a.user._id, 'Admin');
  admin = a.token;
  starter = (await registerUser(t.app)).token;
  const p = await registerUser(t.app);
  await setRole(t.database, p.user._id, 'Pro');
  pro = p.token;
});
afterAll(async () => t?.close());

async function add(over: Record<string, unknown> = {}) {
  return call(t.app, 'POST', '/api/brokers/add', { token: admin, body: { newBroker: { ...validBroker, ...over } } });
}

describe('broker writes are admin-only', () => {
  it.each([
    ['/api/brokers/add', { newBroker: validBroker }],
    ['/api/brokers/edit', { newBroker: { ...validBroker, _id: '00000000-0000-4000-8000-000000000000' } }],
    ['/api/brokers/delete', { id: '00000000-0000-4000-8000-000000000000' }],
  ])('%s refuses anonymous (401), Starter and Pro (403)', async (url, body) => {
    expect((await call(t.app, 'POST', url, { body })).status).toBe(401);
    for (const token of [starter, pro]) {
      const res = await call(t.app, 'POST', url, { token, body });
      expect(res.status).toBe(403);
      expect(res.body.errors[0].msg).toBeTruthy();
    }
  });

  it('refuses non-admins before validating the body', async () => {
    const res = await call(t.app, 'POST', '/api/brokers/add', { token: starter, body: { newBroker: { rating: 99 } } });
    expect(res.status).toBe(403);
  });
});

describe('broker CRUD', () => {
  it('adds, reads, edits and deletes a broker, with the API field names of product.md#stored and an audit trail', async () => {
    const res = await add();
    expect(res.status).toBe(200);
    const b = res.body.data.broker;
    expect(b).toMatchObject({ ...validBroker, _id: expect.any(String) });

    const list = await call(t.app, 'GET', '/api/brokers', { token: starter });
    const listed = list.body.data.brokers.find((x: { _id: string }) => x._id === b._id);
    expect(listed).toMatchObject({ name: 'Test Broker', rating: 4, shareReturnTime: 2, accountRothIRA: true });
    expect(listed.notes).toBeUndefined();

    const one = await call(t.app, 'GET', `/api/brokers/${b._id}`);
    expect(one.body.data.broker.name).toBe('Test Broker');

    const edit = await call(t.app, 'POST', '/api/brokers/edit', {
      token: admin,
      body: { newBroker: { ...validBroker, _id: b._id, name: 'Renamed', rating: 5 } },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.data.broker).toMatchObject({ _id: b._id, name: 'Renamed', rating: 5 });

    const del = await call(t.app, 'POST', '/api/brokers/delete', { token: admin, body: { id: b._id } });
    expect(del.status).toBe(200);
    expect((await call(t.app, 'GET', `/api/brokers/${b._id}`)).status).toBe(404);
    expect((await call(t.app, 'POST', '/api/brokers/delete', { token: admin, body: { id: b._id } })).status).toBe(404);

    const { rows } = await t.database.query<{ action: string }>(
      'select action from audit_log where target_type = $1 and target_id = $2 order by created_at, action',
      ['broker', b._id],
    );
    expect(rows.map((r) => r.action).sort()).toEqual(['broker.add', 'broker.delete', 'broker.edit']);
  });

  it('hides disabled brokers from everyone but admins asking for all', async () => {
    const b = (await add({ name: 'Hidden Broker', disabled: true })).body.data.broker;
    for (const token of [undefined, starter, pro, admin]) {
      const names = (await call(t.app, 'GET', '/api/brokers', { token })).body.data.brokers.map((x: { name: string }) => x.name);
      expect(names).not.toContain('Hidden Broker');
    }
    const all = (await call(t.app, 'GET', '/api/brokers?all=1', { token: admin })).body.data.brokers;
    expect(all.find((x: { _id: string }) => x._id === b._id)).toMatchObject({ disabled: true, notes: 'internal note' });
    const starterAll = (await call(t.app, 'GET', '/api/brokers?all=1', { token: starter })).body.data.brokers;
    expect(starterAll.map((x: { name: string }) => x.name)).not.toContain('Hidden Broker');
    expect((await call(t.app, 'GET', `/api/brokers/${b._id}`, { token: starter })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/brokers/${b._id}`, { token: admin })).status).toBe(200);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await call(t.app, 'GET', '/api/brokers/not-a-uuid')).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/brokers/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const edit = await call(t.app, 'POST', '/api/brokers/edit', {
      token: admin,
      body: { newBroker: { ...validBroker, _id: 'nope' } },
    });
    expect(edit.status).toBe(404);
  });
});

describe('broker validation', () => {
  it.each([
    [{ rating: 6 }, /Rating must be a whole number from 0 to 5/],
    [{ rating: -1 }, /Rating/],
    [{ rating: 2.5 }, /Rating/],
    [{ shareReturnTime: 7 }, /Share return time must be one of 0, 1, 2, 3, 4, 5, 10, 14/],
    [{ refLink: 'javascript:alert(1)' }, /Referral link must be an http\(s\) URL/],
    [{ refLink: '' }, /Referral link is required/],
    [{ name: '' }, /Name is required/],
    [{ name: 'x'.repeat(101) }, /Name must be at most 100/],
    [{ logo: 'javascript:alert(1)' }, /Logo must be/],
    [{ headline: 'x'.repeat(201) }, /Headline must be at most 200/],
    [{ accountCash: 'yes' }, /accountCash/],
  ])('refuses %o', async (over, msg) => {
    const res = await add(over);
    expect(res.status).toBe(400);
    expect(res.body.data).toBeNull();
    expect(res.body.errors.map((e: { msg: string }) => e.msg).join(' | ')).toMatch(msg);
  });

  it.each([0, 1, 2, 3, 4, 5, 10, 14])('accepts share return time %d', async (shareReturnTime) => {
    expect((await add({ name: `SRT ${shareReturnTime}`, shareReturnTime })).status).toBe(200);
  });
});

describe('rich text is sanitized on save', () => {
  it('strips script, event handlers and javascript: links from fees, promo and review', async () => {
    const res = await add({
      name: 'Evil Broker',
      signupPromo:
        '<p>Bonus<script>window.__pwned=1</script></p><img src=x onerror="window.__pwned=1"><a href="javascript:window.__pwned=1">claim</a>',
      fees: '<p onclick="alert(1)">Fees <a href="https://ok.example.com" target="_self">schedule</a></p>',
      fullReview: '<iframe src="https://evil.test"></iframe><p>Review</p>',
    });
    expect(res.status).toBe(200);
    const { rows } = await t.database.query<{ signup_promo: string; fees: string; full_review: string }>(
      'select signup_promo, fees, full_review from brokers where id = $1',
      [res.body.data.broker._id],
    );
    const stored = rows[0];
    for (const html of [stored.signup_promo, stored.fees, stored.full_review]) {
      expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|<img/i);
    }
    expect(stored.signup_promo).toBe('<p>Bonus</p><a rel="noopener noreferrer">claim</a>');
    expect(stored.fees).toBe(
      '<p>Fees <a href="https://ok.example.com" target="_blank" rel="noopener noreferrer">schedule</a></p>',
    );
    expect(stored.full_review).toBe('<p>Review</p>');
  });
});
