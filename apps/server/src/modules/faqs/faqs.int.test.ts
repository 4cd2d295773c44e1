import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, registerUser, setRole, type TestApp } from '../../../test/helpers';

let t: TestApp;
let admin: string;
let starter: string;
let pro: string;

const validFaq = { category: 'Testing', question: 'Does it work?', answer: '<p>Yes.</p>', sort: 2 };

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

const add = (over: Record<string, unknown> = {}) =>
  call(t.app, 'POST', '/api/faqs/add', { token: admin, body: { newFaq: { ...validFaq, ...over } } });

describe('FAQ writes are admin-only', () => {
  it.each([
    ['/api/faqs/add', { newFaq: validFaq }],
    ['/api/faqs/edit', { newFaq: { ...validFaq, _id: '00000000-0000-4000-8000-000000000000' } }],
    ['/api/faqs/delete', { id: '00000000-0000-4000-8000-000000000000' }],
  ])('%s refuses anonymous (401), Starter and Pro (403)', async (url, body) => {
    expect((await call(t.app, 'POST', url, { body })).status).toBe(401);
    expect((await call(t.app, 'POST', url, { token: starter, body })).status).toBe(403);
    expect((await call(t.app, 'POST', url, { token: pro, body })).status).toBe(403);
  });
});

describe('FAQ reads', () => {
  it('lists FAQs publicly, ordered by sort then creation, and filters by category case-insensitively', async () => {
    const c = (await add({ question: 'Third', sort: 5 })).body.data.faq;
    const a = (await add({ question: 'First', sort: 0 })).body.data.faq;
    const b = (await add({ question: 'Second', sort: 0 })).body.data.faq;
    const res = await call(t.app, 'GET', '/api/faqs');
    expect(res.status).toBe(200);
    const ids = res.body.data.faqs
      .filter((f: { category: string }) => f.category === 'Testing')
      .map((f: { _id: string }) => f._id);
    expect(ids).toEqual([a._id, b._id, c._id]);
    const sorts = res.body.data.faqs.map((f: { sort: number }) => f.sort);
    expect(sorts).toEqual([...sorts].sort((x, y) => x - y));

    const cat = await call(t.app, 'GET', '/api/faqs/category/testing');
    expect(cat.body.data.faqs.map((f: { _id: string }) => f._id)).toEqual([a._id, b._id, c._id]);
    const none = await call(t.app, 'GET', '/api/faqs/category/Nothing');
    expect(none.body.data.faqs).toEqual([]);

    const one = await call(t.app, 'GET', `/api/faqs/${a._id}`);
    expect(one.body.data.faq).toMatchObject({
      _id: a._id,
      question: 'First',
      category: 'Testing',
      answer: '<p>Yes.</p>',
      sort: 0,
    });
    expect(one.body.data.faqs).toHaveLength(1);
    expect((await call(t.app, 'GET', '/api/faqs/not-an-id')).status).toBe(404);
  });

  it('serves the seeded Affiliate category', async () => {
    const res = await call(t.app, 'GET', '/api/faqs/category/Affiliate');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.data.faqs)).toBe(true);
  });
});

describe('FAQ edit and delete', () => {
  it('edits and deletes with audit entries', async () => {
    const f = (await add()).body.data.faq;
    const edit = await call(t.app, 'POST', '/api/faqs/edit', {
      token: admin,
      body: { newFaq: { ...validFaq, _id: f._id, question: 'Changed?', sort: 4 } },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.data.faq).toMatchObject({ _id: f._id, question: 'Changed?', sort: 4 });
    expect((await call(t.app, 'POST', '/api/faqs/delete', { token: admin, body: { id: f._id } })).status).toBe(200);
    expect((await call(t.app, 'GET', `/api/faqs/${f._id}`)).status).toBe(404);
    const { rows } = await t.database.query<{ action: string; actor_id: string | null }>(
      'select action, actor_id from audit_log where target_type = $1 and target_id = $2',
      ['faq', f._id],
    );
    expect(rows.map((r) => r.action).sort()).toEqual(['faq.add', 'faq.delete', 'faq.edit']);
    expect(rows.every((r) => r.actor_id)).toBe(true);
  });
});

describe('FAQ validation and sanitization', () => {
  it.each([
    [{ sort: 6 }, /Sort must be a whole number from 0 to 5/],
    [{ sort: -1 }, /Sort/],
    [{ sort: 1.5 }, /Sort/],
    [{ category: '' }, /Category is required/],
    [{ question: '  ' }, /Question is required/],
    [{ question: 'x'.repeat(301) }, /Question must be at most 300/],
    [{ answer: '' }, /Answer is required/],
    [{ answer: '<script>alert(1)</script>' }, /Answer is required/],
  ])('refuses %o', async (over, msg) => {
    const res = await add(over);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { msg: string }) => e.msg).join(' | ')).toMatch(msg);
  });

  it('strips script, event handlers and javascript: links from the answer', async () => {
    const res = await add({
      answer:
        '<p onmouseover="alert(1)">Hi<script>alert(1)</script></p><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><a href="https://ok.test">ok</a>',
    });
    expect(res.status).toBe(200);
    const { rows } = await t.database.query<{ answer: string }>('select answer from faqs where id = $1', [res.body.data.faq._id]);
    expect(rows[0].answer).toBe(
      '<p>Hi</p><a rel="noopener noreferrer">x</a><a href="https://ok.test" rel="noopener noreferrer">ok</a>',
    );
  });
});
