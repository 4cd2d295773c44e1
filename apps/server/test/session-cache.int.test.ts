import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, registerUser, setRole, type TestApp } from './helpers';

let t: TestApp;
let now = new Date('2026-05-04T14:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ clock: () => now, config: { SESSION_CACHE_MS: 1000 } });
});
afterAll(async () => t?.close());

/** The iCal feed URL is for Pro members only: 403 for a Starter, 200 for Pro. */
const feedStatus = async (token: string) => (await call(t.app, 'GET', '/api/rs/ical', { token })).status;

describe('session cache', () => {
  it('applies an admin role change to the very next request', async () => {
    const admin = await registerUser(t.app);
    await setRole(t.database, admin.user.id, 'Admin');
    const member = await registerUser(t.app);
    expect(await feedStatus(member.token)).toBe(403);
    const edit = await call(t.app, 'POST', '/api/users/admin-edit', {
      token: admin.token,
      body: { id: member.user.id, role: 'Pro' },
    });
    expect(edit.status).toBe(200);
    expect(await feedStatus(member.token)).toBe(200);
  });

  it('lets a change made elsewhere (another process, SQL) show within the cache lifetime of 1 s', async () => {
    const member = await registerUser(t.app);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: member.token })).body.data.user.role).toBe('User');
    await setRole(t.database, member.user.id, 'Pro');
    now = new Date(now.getTime() + 500);
    expect(await feedStatus(member.token)).toBe(403);
    now = new Date(now.getTime() + 600);
    expect(await feedStatus(member.token)).toBe(200);
  });

  it('answers /api/auth/me fresh even while the session is cached', async () => {
    const member = await registerUser(t.app);
    await call(t.app, 'GET', '/api/auth/me', { token: member.token });
    await t.database.query('update users set phone = $1 where id = $2', ['+14155550132', member.user.id]);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: member.token })).body.data.user.phone).toBe('+14155550132');
  });

  it('refuses a logged-out token at once', async () => {
    const member = await registerUser(t.app);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: member.token })).status).toBe(200);
    await call(t.app, 'POST', '/api/auth/logout', { token: member.token });
    expect((await call(t.app, 'GET', '/api/rs', { token: member.token })).status).toBe(401);
  });

  it('answers twenty requests that find the cached session ended together, and a sign-out among them holds for every later request', async () => {
    const member = await registerUser(t.app);
    await call(t.app, 'GET', '/api/auth/me', { token: member.token });
    now = new Date(now.getTime() + 1500);
    const burst = Array.from({ length: 20 }, () => call(t.app, 'GET', '/api/rs', { token: member.token }));
    expect((await Promise.all(burst)).map((r) => r.status)).toEqual(Array(20).fill(200));
    now = new Date(now.getTime() + 1500);
    const racing = Array.from({ length: 10 }, () => call(t.app, 'GET', '/api/rs', { token: member.token }));
    await call(t.app, 'POST', '/api/auth/logout', { token: member.token });
    await Promise.all(racing);
    for (let i = 0; i < 3; i++) expect((await call(t.app, 'GET', '/api/rs', { token: member.token })).status).toBe(401);
  });
});
