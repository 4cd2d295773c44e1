import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTestApp, registerUser, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function mail(to: string, subject: string) {
  return vi.waitFor(
    async () => {
      const { rows } = await t.database.query<{ body: string }>(
        'select body from outbox where recipient = $1 and subject = $2 order by created_at desc limit 1',
        [to, subject],
      );
      if (!rows[0]) throw new Error(`no "${subject}" to ${to} yet`);
      return rows[0].body;
    },
    { timeout: 5000, interval: 20 },
  );
}
const codeIn = (body: string) => /verify-email\/([A-Za-z0-9_-]+)/.exec(body)![1];
const me = async (token: string) => (await call(t.app, 'GET', '/api/auth/me', { token })).body.data.user;

describe('changing the email', () => {
  it('needs the current password', async () => {
    const u = await registerUser(t.app);
    const none = await call(t.app, 'POST', '/api/users/update-self', { token: u.token, body: { email: 'new-a@example.com' } });
    expect(none.status).toBe(400);
    expect(none.body.errors[0].msg).toBe('Enter your current password to change your email.');
    const wrong = await call(t.app, 'POST', '/api/users/update-self', {
      token: u.token,
      body: { email: 'new-a@example.com', password: 'not my password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].msg).toBe('Your current password is not correct.');
    expect((await me(u.token)).email).toBe(u.email);
  });

  it('keeps the old address until the new one is verified, and tells the old address', async () => {
    const u = await registerUser(t.app);
    const res = await call(t.app, 'POST', '/api/users/update-self', {
      token: u.token,
      body: { email: 'New-B@example.com', password: u.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.msg).toMatch(/We sent a verification link to New-B@example.com/);
    expect(res.body.data.user).toMatchObject({ email: u.email, pending_email: 'New-B@example.com' });
    expect(await mail(u.email, 'Your RoundUp email is about to change')).toMatch(/New-B@example.com/);
    // Until then, the old address signs in and the new one does not.
    expect((await call(t.app, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } })).status).toBe(200);
    expect(
      (await call(t.app, 'POST', '/api/auth/login', { body: { email: 'new-b@example.com', password: u.password } })).status,
    ).toBe(401);

    const ok = await call(t.app, 'POST', '/api/users/validate-email', {
      body: { email_validation_code: codeIn(await mail('New-B@example.com', 'Confirm your new RoundUp email')) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user).toMatchObject({ email: 'New-B@example.com', email_validated: true });
    expect(ok.body.data.user.pending_email).toBeUndefined();
    expect(await mail(u.email, 'Your RoundUp email was changed')).toMatch(/now uses New-B@example.com/);
    expect(
      (await call(t.app, 'POST', '/api/auth/login', { body: { email: 'new-b@example.com', password: u.password } })).status,
    ).toBe(200);
  });

  it('stops an old verification link from verifying an address the member no longer owns', async () => {
    const u = await registerUser(t.app);
    const oldLink = codeIn(await mail(u.email, 'Verify your RoundUp email'));
    await call(t.app, 'POST', '/api/users/update-self', {
      token: u.token,
      body: { email: 'new-c@example.com', password: u.password },
    });
    const firstNew = codeIn(await mail('new-c@example.com', 'Confirm your new RoundUp email'));
    // A second change replaces the first: the first new address's link is dead too.
    await call(t.app, 'POST', '/api/users/update-self', {
      token: u.token,
      body: { email: 'new-d@example.com', password: u.password },
    });
    expect((await call(t.app, 'POST', '/api/users/validate-email', { body: { email_validation_code: firstNew } })).status).toBe(
      400,
    );
    const confirm = codeIn(await mail('new-d@example.com', 'Confirm your new RoundUp email'));
    expect((await call(t.app, 'POST', '/api/users/validate-email', { body: { email_validation_code: confirm } })).status).toBe(
      200,
    );
    const stale = await call(t.app, 'POST', '/api/users/validate-email', { body: { email_validation_code: oldLink } });
    expect(stale.status).toBe(400);
    expect(stale.body.errors[0].msg).toBe('This verification link is invalid or has expired.');
  });

  it('refuses an address another account uses, and going back drops the pending change', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const taken = await call(t.app, 'POST', '/api/users/update-self', {
      token: a.token,
      body: { email: b.email.toUpperCase(), password: a.password },
    });
    expect(taken.status).toBe(409);
    await call(t.app, 'POST', '/api/users/update-self', {
      token: a.token,
      body: { email: 'new-e@example.com', password: a.password },
    });
    const back = await call(t.app, 'POST', '/api/users/update-self', { token: a.token, body: { email: a.email } });
    expect(back.status).toBe(200);
    expect(back.body.data.user.pending_email).toBeUndefined();
    const link = codeIn(await mail('new-e@example.com', 'Confirm your new RoundUp email'));
    expect((await call(t.app, 'POST', '/api/users/validate-email', { body: { email_validation_code: link } })).status).toBe(400);
  });
});
