import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTestApp, registerUser, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function lastEmailTo(email: string) {
  const { rows } = await t.database.query<{ subject: string; body: string }>(
    'select subject, body from outbox where recipient = $1 order by created_at desc limit 1',
    [email],
  );
  return rows[0];
}

/** Reset links are sent after the answer (so known and unknown addresses answer alike): wait for it. */
async function resetEmailTo(email: string, database = t.database) {
  return vi.waitFor(
    async () => {
      const { rows } = await database.query<{ subject: string; body: string }>(
        "select subject, body from outbox where recipient = $1 and subject like 'Reset%' order by created_at desc limit 1",
        [email],
      );
      if (!rows[0]) throw new Error('no reset email yet');
      return rows[0];
    },
    { timeout: 5000, interval: 20 },
  );
}

describe('registration', () => {
  it('registers, signs in and sends a verification email', async () => {
    const res = await call(t.app, 'POST', '/api/auth/register', {
      body: { username: 'alice', email: 'Alice@Example.com', password: 'a long passphrase', consent: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.errors).toEqual([]);
    expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.data.user).toMatchObject({
      username: 'alice',
      role: 'User',
      subscriptionTier: 'Starter',
      email_validated: false,
    });
    expect(res.body.data.user.password_hash).toBeUndefined();
    const mail = await lastEmailTo('Alice@Example.com');
    expect(mail.subject).toBe('Verify your RoundUp email');
    expect(mail.body).toMatch(/http:\/\/localhost:3000\/verify-email\/[A-Za-z0-9_-]{43}/);
  });

  it.each([
    [{ username: 'ALICE', email: 'other@example.com' }, 'That username or email is already taken.'],
    [{ username: 'alice2', email: 'alice@EXAMPLE.com' }, 'That username or email is already taken.'],
  ])('refuses a taken username or email case-insensitively (%o)', async (over, msg) => {
    const res = await call(t.app, 'POST', '/api/auth/register', {
      body: { password: 'a long passphrase', consent: true, ...over },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ data: null, errors: [{ msg }] });
  });

  it.each([
    [{ consent: false }, /agree/],
    [{ password: 'short' }, /at least 8/],
    [{ password: 'password123' }, /too common/],
    [{ password: 'x'.repeat(129) }, /at most 128/],
    [{ email: 'not-an-email' }, /valid email/],
    [{ username: 'a b' }, /Username/],
  ])('validates %o with a clear message', async (over, msg) => {
    const res = await call(t.app, 'POST', '/api/auth/register', {
      body: { username: 'bob', email: 'bob@example.com', password: 'a long passphrase', consent: true, ...over },
    });
    expect(res.status).toBe(400);
    expect(res.body.data).toBeNull();
    expect(res.body.errors[0].msg).toMatch(msg);
  });

  it('records an existing referrer and ignores an unknown one', async () => {
    const ref = await registerUser(t.app, { username: 'referrer1' });
    const a = await registerUser(t.app, { refId: 'REFERRER1' });
    expect(a.user.referrer).toBe('referrer1');
    const b = await registerUser(t.app, { refId: 'nobody-here' });
    expect(b.user.referrer).toBeNull();
    expect(ref.user.referrer).toBeNull();
  });

  it('answers malformed JSON with 400 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ data: null, errors: [{ msg: 'The request body is not valid JSON.' }] });
  });
});

describe('login, me and logout', () => {
  it('signs in, reads /me, and logout revokes the token', async () => {
    const u = await registerUser(t.app);
    const login = await call(t.app, 'POST', '/api/auth/login', { body: { email: u.email.toUpperCase(), password: u.password } });
    expect(login.status).toBe(200);
    const token = login.body.data.token;
    const me = await call(t.app, 'GET', '/api/auth/me', { token });
    expect(me.body.data.user.username).toBe(u.user.username);
    expect(me.body.data.user.last_login_date).not.toBeNull();
    expect((await call(t.app, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    const after = await call(t.app, 'GET', '/api/auth/me', { token });
    expect(after.status).toBe(401);
    expect(after.body.errors[0].msg).toBe('Please sign in');
    // Signing out ends every session of the member, the registration one too.
    expect((await call(t.app, 'GET', '/api/auth/me', { token: u.token })).status).toBe(401);
  });

  it('answers a wrong password and a missing account alike', async () => {
    const u = await registerUser(t.app);
    const wrong = await call(t.app, 'POST', '/api/auth/login', { body: { email: u.email, password: 'not the password' } });
    const missing = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: 'ghost@example.com', password: 'not the password' },
    });
    expect(wrong.status).toBe(401);
    expect(missing.status).toBe(wrong.status);
    expect(missing.body).toEqual(wrong.body);
    expect(wrong.body.errors[0].msg).toBe('Invalid email or password.');
  });

  it('rejects garbage bearer tokens as anonymous', async () => {
    for (const token of ['x', 'a'.repeat(43), 'Bearer']) {
      const res = await call(t.app, 'GET', '/api/auth/me', { token });
      expect(res.status).toBe(401);
    }
  });

  it('slows an account after 10 failed sign-ins but still lets its owner reset', async () => {
    const u = await registerUser(t.app);
    for (let i = 0; i < 10; i++) {
      const r = await call(t.app, 'POST', '/api/auth/login', {
        body: { email: u.email, password: `wrong-${i}-password` },
        ip: `10.0.0.${i}`,
      });
      expect(r.status).toBe(401);
    }
    const locked = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: u.email, password: u.password },
      ip: '10.0.1.1',
    });
    expect(locked.status).toBe(429);
    expect(locked.body.errors[0].msg).toMatch(/Too many failed sign-in attempts for this account/);
    expect(locked.headers['retry-after']).toBeDefined();
    // A missing account is slowed identically (no enumeration through the lock).
    for (let i = 0; i < 10; i++)
      await call(t.app, 'POST', '/api/auth/login', {
        body: { email: 'ghost2@example.com', password: 'wrong-password' },
        ip: `10.0.2.${i}`,
      });
    const ghost = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: 'ghost2@example.com', password: 'wrong-password' },
      ip: '10.0.3.1',
    });
    expect(ghost.status).toBe(429);
    expect(ghost.body.errors[0].msg).toBe(locked.body.errors[0].msg);
    const reset = await call(t.app, 'POST', '/api/users/request-password-reset', { body: { email: u.email }, ip: '10.0.4.1' });
    expect(reset.status).toBe(200);
  });
});

describe('email verification', () => {
  it('verifies once from the emailed code, then refuses the same code', async () => {
    const u = await registerUser(t.app);
    const mail = await lastEmailTo(u.email);
    const code = /verify-email\/([A-Za-z0-9_-]+)/.exec(mail.body)![1];
    const ok = await call(t.app, 'POST', '/api/users/validate-email', { body: { email_validation_code: code } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user).toMatchObject({ username: u.user.username, email_validated: true });
    expect(ok.body.data.token).toBeTruthy();
    const again = await call(t.app, 'POST', '/api/users/validate-email', { body: { email_validation_code: code } });
    expect(again.status).toBe(400);
    expect(again.body.errors[0].msg).toBe('This verification link is invalid or has expired.');
  });
});

describe('password reset', () => {
  it('answers existing and missing accounts alike', async () => {
    const u = await registerUser(t.app);
    const a = await call(t.app, 'POST', '/api/users/request-password-reset', { body: { email: u.email } });
    const b = await call(t.app, 'POST', '/api/users/request-password-reset', { body: { email: 'nobody@example.com' } });
    expect(a.status).toBe(200);
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
  });

  it('resets with the emailed code once, revoking every session', async () => {
    const u = await registerUser(t.app);
    await call(t.app, 'POST', '/api/users/request-password-reset', { body: { email: u.email } });
    const mail = await resetEmailTo(u.email);
    expect(mail.subject).toBe('Reset your RoundUp password');
    const code = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail.body)![1];
    const res = await call(t.app, 'POST', '/api/users/reset-password', {
      body: { password: 'brand new secret', password_reset_code: code },
    });
    expect(res.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: u.token })).status).toBe(401);
    const reuse = await call(t.app, 'POST', '/api/users/reset-password', {
      body: { password: 'another new secret', password_reset_code: code },
    });
    expect(reuse.status).toBe(400);
    const oldPw = await call(t.app, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } });
    expect(oldPw.status).toBe(401);
    const newPw = await call(t.app, 'POST', '/api/auth/login', { body: { email: u.email, password: 'brand new secret' } });
    expect(newPw.status).toBe(200);
  });

  it('refuses an expired reset code', async () => {
    let now = new Date('2026-01-01T12:00:00Z');
    const t2 = await createTestApp({ clock: () => now });
    try {
      const u = await registerUser(t2.app);
      await call(t2.app, 'POST', '/api/users/request-password-reset', { body: { email: u.email } });
      const mail = await resetEmailTo(u.email, t2.database);
      const code = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail.body)![1];
      now = new Date('2026-01-01T13:00:01Z');
      const res = await call(t2.app, 'POST', '/api/users/reset-password', {
        body: { password: 'brand new secret', password_reset_code: code },
      });
      expect(res.status).toBe(400);
    } finally {
      await t2.close();
    }
  });
});

describe('password change', () => {
  it('needs the current password and revokes every session, handing this tab a fresh token', async () => {
    const u = await registerUser(t.app);
    const other = (await call(t.app, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } })).body.data
      .token;
    const bad = await call(t.app, 'POST', '/api/users/update-self', {
      token: u.token,
      body: { newPassword: 'new secret phrase', password: 'wrong' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].msg).toBe('Your current password is not correct.');
    const weak = await call(t.app, 'POST', '/api/users/update-self', {
      token: u.token,
      body: { newPassword: 'short', password: u.password },
    });
    expect(weak.status).toBe(400);
    const ok = await call(t.app, 'POST', '/api/users/update-self', {
      token: u.token,
      body: { newPassword: 'new secret phrase', password: u.password },
    });
    expect(ok.status).toBe(200);
    // Every session ends, the one that made the change too; that tab continues with the fresh token.
    expect(ok.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ok.body.data.user.username).toBe(u.user.username);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: u.token })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: other })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: ok.body.data.token })).status).toBe(200);
  });
});

describe('platform', () => {
  it('answers unknown API paths with 404 in the envelope', async () => {
    const res = await call(t.app, 'GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.data).toBeNull();
    expect(res.body.errors[0].msg).toMatch(/Not found/);
  });

  it('reports health with the database and sets security headers', async () => {
    const res = await call(t.app, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('ok');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('refuses bodies over the limit with 413', async () => {
    const res = await call(t.app, 'POST', '/api/feedback/new', { body: { email: 'a@b.co', feedback: 'x'.repeat(200_000) } });
    expect(res.status).toBe(413);
    expect(res.body.errors[0].msg).toBe('The request is too large.');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3/);
    expect(Object.keys(doc.paths)).toContain('/api/auth/login');
    // The docs UI loads the same document, unwrapped.
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(ui.json().openapi).toMatch(/^3/);
  });

  it('the OpenAPI document passes a standard validator (@apidevtools/swagger-parser)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
  });
});
