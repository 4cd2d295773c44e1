import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, registerUser, setRole, type TestApp } from '../../../test/helpers';

let t: TestApp;
let admin: { token: string; id: string };
let starter: { token: string; id: string; email: string };
let pro: { token: string; id: string };

beforeAll(async () => {
  t = await createTestApp();
  const a = await registerUser(t.app, { username: 'boss_admin' });
  await setRole(t.database, a.user._id, 'Admin');
  admin = { token: a.token, id: a.user._id };
  const s = await registerUser(t.app, { username: 'starter_sam', email: 'sam@example.com' });
  starter = { token: s.token, id: s.user._id, email: s.email };
  const p = await registerUser(t.app, { username: 'pro_pat' });
  await setRole(t.database, p.user._id, 'Pro');
  pro = { token: p.token, id: p.user._id };
});
afterAll(async () => t?.close());

describe('admin endpoints refuse anonymous, Starter and Pro', () => {
  const ZERO = '00000000-0000-4000-8000-000000000000';
  it.each([
    ['GET', '/api/users', undefined],
    ['GET', `/api/users/${ZERO}`, undefined],
    ['POST', '/api/users/admin-edit', { id: ZERO, role: 'Admin' }],
    ['POST', '/api/users/revoke-sessions', { id: ZERO }],
    ['GET', '/api/admin/audit', undefined],
    ['GET', '/api/pageviews/summary', undefined],
    ['GET', '/api/feedback', undefined],
  ] as const)('%s %s', async (method, url, body) => {
    expect((await call(t.app, method, url, { body })).status).toBe(401);
    expect((await call(t.app, method, url, { token: starter.token, body })).status).toBe(403);
    expect((await call(t.app, method, url, { token: pro.token, body })).status).toBe(403);
    expect((await call(t.app, method, url, { token: admin.token, body })).status).not.toBe(403);
  });
});

describe('admin users', () => {
  it('lists users with the admin fields and searches username and email', async () => {
    const res = await call(t.app, 'GET', '/api/users', { token: admin.token });
    expect(res.status).toBe(200);
    const sam = res.body.data.users.find((u: { username: string }) => u.username === 'starter_sam');
    expect(sam).toMatchObject({
      _id: starter.id,
      email: 'sam@example.com',
      role: 'User',
      subscriptionTier: 'Starter',
      createdDate: expect.any(String),
    });
    expect('last_login_date' in sam).toBe(true);
    expect(sam.password_hash ?? sam.passwordHash).toBeUndefined();
    expect(res.body.data.total).toBeGreaterThanOrEqual(3);

    const byName = await call(t.app, 'GET', '/api/users?q=PRO_P', { token: admin.token });
    expect(byName.body.data.users.map((u: { username: string }) => u.username)).toEqual(['pro_pat']);
    const byEmail = await call(t.app, 'GET', '/api/users?q=sam@exa', { token: admin.token });
    expect(byEmail.body.data.users.map((u: { username: string }) => u.username)).toEqual(['starter_sam']);
    const wild = await call(t.app, 'GET', '/api/users?q=%25', { token: admin.token });
    expect(wild.body.data.users).toEqual([]);
  });

  it('pages the list 50 at a time, newest first, with the number of matches', async () => {
    await t.database.query(
      `insert into users (username, email, password_hash, created_date)
       select 'pager_' || lpad(g::text, 3, '0'), 'pager' || g || '@example.com', 'x', timestamptz '2020-01-01' + g * interval '1 day'
       from generate_series(1, 120) g`,
    );
    const list = async (query: string) => (await call(t.app, 'GET', `/api/users?${query}`, { token: admin.token })).body.data;
    const first = await list('q=pager_');
    expect(first).toMatchObject({ matched: 120, page: 1, pageSize: 50 });
    expect(first.total).toBeGreaterThanOrEqual(123);
    expect(first.users).toHaveLength(50);
    expect(first.users[0].username).toBe('pager_120');
    const third = await list('q=pager_&page=3');
    expect(third.users.map((u: { username: string }) => u.username)).toEqual(
      Array.from({ length: 20 }, (_, i) => `pager_${String(20 - i).padStart(3, '0')}`),
    );
    const pages = [first, await list('q=pager_&page=2'), third].flatMap((p) => p.users.map((u: { _id: string }) => u._id));
    expect(new Set(pages).size).toBe(120);
    expect((await list('q=pager_&page=9')).users).toEqual([]);
    expect((await list('page=2')).matched).toBe(first.total);
    for (const [query, msg] of [
      ['page=0', 'Page must be 1 or more'],
      ['page=abc', 'Page must be a number'],
      ['page=1.5', 'Page must be a whole number'],
    ]) {
      const res = await call(t.app, 'GET', `/api/users?${query}`, { token: admin.token });
      expect(res).toMatchObject({ status: 400, body: { data: null, errors: [{ msg }] } });
    }
  });

  it('edits role, email, phone and flags, records the audit entry and shows it on the user page', async () => {
    const res = await call(t.app, 'POST', '/api/users/admin-edit', {
      token: admin.token,
      body: {
        id: starter.id,
        role: 'Member',
        email: 'sam2@example.com',
        phone: '+15555550100',
        email_validated: true,
        phone_validated: true,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({
      role: 'Member',
      email: 'sam2@example.com',
      phone: '+15555550100',
      email_validated: true,
      phone_validated: true,
    });

    const page = await call(t.app, 'GET', `/api/users/${starter.id}`, { token: admin.token });
    expect(page.status).toBe(200);
    const entry = page.body.data.user.audit[0];
    expect(entry).toMatchObject({
      action: 'user.edit',
      actorId: admin.id,
      actorUsername: 'boss_admin',
      targetType: 'user',
      targetId: starter.id,
    });
    expect(entry.details.changes.role).toEqual({ from: 'User', to: 'Member' });
    expect(entry.details.changes.email).toEqual({ from: 'sam@example.com', to: 'sam2@example.com' });

    // The user sees the new role at once.
    const me = await call(t.app, 'GET', '/api/auth/me', { token: starter.token });
    expect(me.body.data.user.role).toBe('Member');
  });

  it('refuses an email another account uses, an unknown role and an unknown user', async () => {
    const taken = await call(t.app, 'POST', '/api/users/admin-edit', {
      token: admin.token,
      body: { id: starter.id, email: 'PRO_PAT@example.com' },
    });
    expect(taken.status).toBe(409);
    const role = await call(t.app, 'POST', '/api/users/admin-edit', {
      token: admin.token,
      body: { id: starter.id, role: 'Owner' },
    });
    expect(role.status).toBe(400);
    expect(role.body.errors[0].msg).toMatch(/Role must be one of/);
    const unknown = await call(t.app, 'POST', '/api/users/admin-edit', {
      token: admin.token,
      body: { id: 'nope', role: 'User' },
    });
    expect(unknown.status).toBe(404);
  });

  it('does not let an admin demote or disable themselves', async () => {
    const demote = await call(t.app, 'POST', '/api/users/admin-edit', {
      token: admin.token,
      body: { id: admin.id, role: 'User' },
    });
    expect(demote.status).toBe(403);
    expect(demote.body.errors[0].msg).toBe('You cannot remove your own admin role.');
    const disable = await call(t.app, 'POST', '/api/users/admin-edit', {
      token: admin.token,
      body: { id: admin.id, disabled: true },
    });
    expect(disable.status).toBe(403);
  });

  it('revokes all sessions of a user, and disabling a user signs them out', async () => {
    const victim = await registerUser(t.app, { username: 'revoke_me' });
    expect((await call(t.app, 'GET', '/api/auth/me', { token: victim.token })).status).toBe(200);
    const res = await call(t.app, 'POST', '/api/users/revoke-sessions', { token: admin.token, body: { id: victim.user._id } });
    expect(res.status).toBe(200);
    expect(res.body.data.revoked).toBe(1);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: victim.token })).status).toBe(401);

    const again = await call(t.app, 'POST', '/api/auth/login', { body: { email: victim.email, password: victim.password } });
    const token = again.body.data.token as string;
    const dis = await call(t.app, 'POST', '/api/users/admin-edit', {
      token: admin.token,
      body: { id: victim.user._id, disabled: true },
    });
    expect(dis.body.data.user).toMatchObject({ disabled: true, activeSessions: 0 });
    expect((await call(t.app, 'GET', '/api/auth/me', { token })).status).toBe(401);

    const actions = (await call(t.app, 'GET', `/api/users/${victim.user._id}`, { token: admin.token })).body.data.user.audit.map(
      (e: { action: string }) => e.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['user.revoke-sessions', 'user.edit']));
    const all = await call(t.app, 'GET', '/api/admin/audit', { token: admin.token });
    expect(all.body.data.audit.length).toBeGreaterThanOrEqual(3);
  });
});

describe('page views', () => {
  it('records the path and the user id only, normalizes secrets, and summarizes per day for admins', async () => {
    expect((await call(t.app, 'POST', '/api/pageviews', { body: { path: '/learn?utm=x' } })).body.data).toEqual({
      path: '/learn',
    });
    expect((await call(t.app, 'POST', '/api/pageviews', { token: starter.token, body: { path: '/learn' } })).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/pageviews', { body: { path: '/reset-password/secret' } })).body.data.path).toBe(
      '/reset-password',
    );
    expect((await call(t.app, 'POST', '/api/pageviews', { body: { path: 'https://evil.test/' } })).status).toBe(400);
    expect((await call(t.app, 'POST', '/api/pageviews', { body: { path: '/x'.repeat(200) } })).status).toBe(400);

    const { rows } = await t.database.query<{ path: string; user_id: string | null }>(
      'select path, user_id from page_views order by created_at',
    );
    expect(rows).toEqual([
      { path: '/learn', user_id: null },
      { path: '/learn', user_id: starter.id },
      { path: '/reset-password', user_id: null },
    ]);

    const sum = await call(t.app, 'GET', '/api/pageviews/summary', { token: admin.token });
    expect(sum.status).toBe(200);
    expect(sum.body.data.total).toBe(3);
    expect(sum.body.data.totals[0]).toEqual({ path: '/learn', views: 2 });
    expect(sum.body.data.days[0]).toMatchObject({ path: '/learn', views: 2, day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(sum.body.data.to).toBe(sum.body.data.days[0].day);
  });

  it('rate limits page views per IP', async () => {
    const limited = await createTestApp({ config: { RATE_LIMIT_SCALE: 0.05 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++)
        statuses.push((await call(limited.app, 'POST', '/api/pageviews', { body: { path: '/' }, ip: '10.0.0.9' })).status);
      expect(statuses.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(statuses.slice(6)).toEqual([429, 429]);
      expect((await call(limited.app, 'POST', '/api/pageviews', { body: { path: '/' }, ip: '10.0.0.10' })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('serves the public config', async () => {
    const res = await call(t.app, 'GET', '/api/config');
    expect(res.body.data).toEqual({ gaMeasurementId: null });
  });
});

describe('content security policy', () => {
  it('allows Google Analytics only when GA_MEASUREMENT_ID is set', async () => {
    const plain = await call(t.app, 'GET', '/api/config');
    expect(String(plain.headers['content-security-policy'])).not.toContain('googletagmanager');
    const ga = await createTestApp({ config: { GA_MEASUREMENT_ID: 'G-TEST12345' } });
    try {
      const res = await call(ga.app, 'GET', '/api/config');
      expect(res.body.data).toEqual({ gaMeasurementId: 'G-TEST12345' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com/);
      expect(csp).toMatch(/connect-src 'self' https:\/\/\*\.google-analytics\.com/);
    } finally {
      await ga.close();
    }
  });
});
