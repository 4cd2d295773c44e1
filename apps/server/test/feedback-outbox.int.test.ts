import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, registerUser, setRole, type TestApp } from './helpers';

let t: TestApp;
let admin: { token: string };
let member: { token: string; user: { id: string } };
beforeAll(async () => {
  t = await createTestApp();
  const a = await registerUser(t.app);
  await setRole(t.database, a.user.id, 'Admin');
  admin = a;
  member = await registerUser(t.app);
  await setRole(t.database, member.user.id, 'Pro');
});
afterAll(async () => t?.close());

describe('feedback', () => {
  it('accepts feedback from a visitor and lists it for admins only', async () => {
    const sent = await call(t.app, 'POST', '/api/feedback/new', {
      body: { email: 'visitor@example.com', feedback: '  Love the calendar  ' },
    });
    expect(sent.status).toBe(200);
    const list = await call(t.app, 'GET', '/api/feedback', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.data.feedback[0]).toMatchObject({ email: 'visitor@example.com', feedback: 'Love the calendar' });
    expect(list.body.data.feedback[0].createdDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await call(t.app, 'GET', '/api/feedback')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/feedback', { token: member.token })).status).toBe(403);
  });

  it.each([
    [{ email: '', feedback: 'hi' }, /valid email/],
    [{ email: 'a@b.co', feedback: '   ' }, /Feedback is required/],
    [{ email: 'a@b.co' }, /Feedback is required/],
    [{ email: 'a@b.co', feedback: 'x'.repeat(5001) }, /at most 5000/],
  ])('refuses %o with a message', async (body, msg) => {
    const res = await call(t.app, 'POST', '/api/feedback/new', { body });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].msg).toMatch(msg);
  });
});

describe('outbox', () => {
  it('shows admins what the local adapters sent, and nobody else', async () => {
    const u = await registerUser(t.app, { email: 'outbox.reader@example.com' });
    const res = await call(t.app, 'GET', '/api/outbox?recipient=OUTBOX.reader@example.com', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data.messages).toHaveLength(1);
    expect(res.body.data.messages[0]).toMatchObject({ channel: 'email', subject: 'Verify your RoundUp email' });
    expect((await call(t.app, 'GET', '/api/outbox', { token: u.token })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/outbox?channel=fax', { token: admin.token })).status).toBe(400);
  });
});
