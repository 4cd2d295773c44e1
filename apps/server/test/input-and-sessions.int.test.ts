import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addAccount, insertBroker } from './factories';
import { call, createTestApp, registerUser, type TestApp } from './helpers';
import { TAKEN } from '../src/modules/auth/rules';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function mailsTo(email: string, subject: string) {
  const { rows } = await t.database.query<{ body: string }>(
    'select body from outbox where recipient = $1 and subject = $2 order by created_at desc',
    [email, subject],
  );
  return rows;
}

/** Waits for an email that is sent after the answer (reset links, register notices). */
async function waitForMail(email: string, subject: string) {
  return vi.waitFor(
    async () => {
      const rows = await mailsTo(email, subject);
      if (rows.length === 0) throw new Error(`no "${subject}" to ${email} yet`);
      return rows[0].body;
    },
    { timeout: 5000, interval: 20 },
  );
}

describe('NUL bytes', () => {
  it.each([
    ['POST', '/api/auth/login', { email: 'a\u0000@example.com', password: 'x' }],
    [
      'POST',
      '/api/auth/register',
      { username: 'nul\u0000user', email: 'n@example.com', password: 'a long passphrase', consent: true },
    ],
    ['POST', '/api/feedback/new', { email: 'f@example.com', feedback: 'hello\u0000world' }],
    ['POST', '/api/users/request-password-reset', { email: 'x\u0000@example.com' }],
  ] as const)('%s %s with a NUL answers 400 naming the field', async (method, url, body) => {
    const res = await call(t.app, method, url, { body });
    expect(res.status).toBe(400);
    expect(res.body.data).toBeNull();
    expect(res.body.errors[0].msg).toMatch(/must not contain NUL characters/);
  });

  it('refuses a NUL in an authenticated body, a query string and a path parameter', async () => {
    const u = await registerUser(t.app);
    const add = await call(t.app, 'POST', '/api/accounts/add', {
      token: u.token,
      body: { newAccount: { name: 'Main\u0000', type: 'Individual' } },
    });
    expect(add.status).toBe(400);
    expect(add.body.errors[0].msg).toMatch(/NUL/);
    const q = await call(t.app, 'GET', '/api/notifications/unsubscribe?token=ab%00cd');
    expect(q.status).toBe(400);
    expect(q.body.errors[0].msg).toMatch(/NUL/);
    const p = await call(t.app, 'GET', '/api/rs/ical/abc%00def.ics');
    expect(p.status).toBe(400);
    expect(p.body.errors[0].msg).toMatch(/NUL/);
  });
});

describe('text that is not Unicode', () => {
  /** A JSON body sent as the bytes given, invalid UTF-8 included. */
  const raw = (url: string, token: string, before: string, bytes: Buffer, after: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: Buffer.concat([Buffer.from(before), bytes, Buffer.from(after)]),
    });

  it('refuses lone surrogates in group names, nicknames and usernames with 400, and stores nothing', async () => {
    const u = await registerUser(t.app);
    const brokerId = await insertBroker(t.database);
    const accountId = await addAccount(t.app, u.token, { brokerId, nickname: 'Main' });
    for (const [url, body] of [
      ['/api/accounts/groups', { name: 'Family \ud800', accountIds: [accountId] }],
      ['/api/accounts/add', { newAccount: { brokerId, type: 'Individual Cash', nickname: 'Roth \udfff\ud800' } }],
      ['/api/accounts/edit', { newAccount: { _id: accountId, brokerId, type: 'Individual Cash', nickname: '\ud83d' } }],
    ] as const) {
      const res = await call(t.app, 'POST', url, { token: u.token, body });
      expect(res.status, url).toBe(400);
      expect(res.body.data, url).toBeNull();
      expect(res.body.errors[0].msg, url).toMatch(/not valid Unicode/);
    }
    const reg = await call(t.app, 'POST', '/api/auth/register', {
      body: { username: 'lone\ud800', email: 'lone@example.com', password: 'a long passphrase', consent: true },
    });
    expect(reg.status).toBe(400);
    const stored = await t.database.query<{ n: string }>(
      `select (select count(*) from account_groups) + (select count(*) from accounts where nickname <> 'Main') as n`,
    );
    expect(Number(stored.rows[0].n)).toBe(0);
  });

  it('refuses a body of invalid UTF-8 with 400 instead of storing U+FFFD', async () => {
    const u = await registerUser(t.app);
    const brokerId = await insertBroker(t.database);
    const accountId = await addAccount(t.app, u.token, { brokerId, nickname: 'Main' });
    // A surrogate written as UTF-8 (CESU-8), and a lone continuation byte.
    for (const bytes of [Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0x80])]) {
      const res = await raw('/api/accounts/groups', u.token, '{"name":"Family ', bytes, `","accountIds":["${accountId}"]}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].msg).toMatch(/not valid UTF-8/);
    }
    const fine = await call(t.app, 'POST', '/api/accounts/groups', {
      token: u.token,
      body: { name: 'Família 👩‍👩‍👧 \ufffd', accountIds: [accountId] },
    });
    expect(fine.status).toBe(200);
    expect(fine.body.data.group.name).toBe('Família 👩‍👩‍👧 \ufffd');
    const names = await t.database.query<{ name: string }>('select name from account_groups');
    expect(names.rows.map((r) => r.name)).toEqual(['Família 👩‍👩‍👧 \ufffd']);
  });
});

describe('double-submitted registration', () => {
  it('creates one member; the other submits get the normal taken answer', async () => {
    const body = { username: 'twice', email: 'twice@example.com', password: 'a long passphrase', consent: true };
    const answers = await Promise.all([0, 1, 2].map(() => call(t.app, 'POST', '/api/auth/register', { body })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body).toEqual({ data: null, errors: [{ msg: TAKEN }] });
    const { rows } = await t.database.query<{ n: number }>(
      "select count(*)::int as n from users where lower(email) = 'twice@example.com'",
    );
    expect(rows[0].n).toBe(1);
  });
});

describe('no email enumeration', () => {
  it('answers a taken address exactly like a taken username, and tells the owner', async () => {
    const owner = await registerUser(t.app, { username: 'owner1', email: 'owner1@example.com' });
    const byEmail = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'fresh_name1', email: 'OWNER1@example.com', password: 'a long passphrase', consent: true },
    });
    const byName = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'owner1', email: 'fresh1@example.com', password: 'a long passphrase', consent: true },
    });
    expect(byEmail.statusCode).toBe(409);
    expect(byName.statusCode).toBe(byEmail.statusCode);
    expect(byName.rawPayload.equals(byEmail.rawPayload)).toBe(true);
    expect(await waitForMail(owner.email, 'Someone tried to register with your RoundUp email')).toMatch(/nothing was created/);
  });

  it('answers reset requests for known and unknown addresses with the same bytes', async () => {
    const u = await registerUser(t.app);
    const known = await t.app.inject({ method: 'POST', url: '/api/users/request-password-reset', payload: { email: u.email } });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/users/request-password-reset',
      payload: { email: 'nobody-here@example.com' },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.rawPayload.equals(known.rawPayload)).toBe(true);
    expect(await waitForMail(u.email, 'Reset your RoundUp password')).toMatch(/reset-password\//);
  });
});

describe('lockout', () => {
  it('locks after ten wrong passwords and a completed reset unlocks the account', async () => {
    const u = await registerUser(t.app);
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await call(t.app, 'POST', '/api/auth/login', {
            body: { email: u.email, password: `wrong ${i} password` },
            ip: `10.9.0.${i}`,
          })
        ).status,
      ).toBe(401);
    }
    const locked = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: u.email, password: u.password },
      ip: '10.9.1.1',
    });
    expect(locked.status).toBe(429);
    expect(locked.body.errors[0].msg).toMatch(/Try again in 15 minutes/);
    await call(t.app, 'POST', '/api/users/request-password-reset', { body: { email: u.email }, ip: '10.9.1.2' });
    const code = /reset-password\/([A-Za-z0-9_-]+)/.exec(await waitForMail(u.email, 'Reset your RoundUp password'))![1];
    const reset = await call(t.app, 'POST', '/api/users/reset-password', {
      body: { password: 'a brand new passphrase', password_reset_code: code },
      ip: '10.9.1.3',
    });
    expect(reset.status).toBe(200);
    const after = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: u.email, password: 'a brand new passphrase' },
      ip: '10.9.1.4',
    });
    expect(after.status).toBe(200);
  });
});

describe('sessions', () => {
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });

  const login = async (email: string, password: string) =>
    (await call(t.app, 'POST', '/api/auth/login', { body: { email, password } })).body.data.token as string;

  async function openStream(ticket: string) {
    const res = await fetch(`${base}/api/events?ticket=${encodeURIComponent(ticket)}`);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read(); // hello
    return {
      /** Resolves when the server ends the stream. */
      async ended() {
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) return true;
        }
      },
    };
  }

  it('an event-stream ticket opens one stream only, and names neither the member nor the session', async () => {
    const u = await registerUser(t.app);
    const ticket = (await call(t.app, 'POST', '/api/events/ticket', { token: u.token })).body.data.ticket as string;
    const { rows } = await t.database.query<{ id: string }>('select id from sessions where user_id = $1', [u.user._id]);
    // Not in the ticket, in plain or in any base64url piece of it.
    const pieces = [ticket, ...ticket.split(/[.:]/).map((p) => Buffer.from(p, 'base64url').toString('latin1'))];
    for (const secret of [u.user._id, ...rows.map((r) => r.id)])
      for (const piece of pieces) expect(piece.toLowerCase()).not.toContain(secret.toLowerCase());
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    const ctrl = new AbortController();
    const first = await fetch(`${base}/api/events?ticket=${encodeURIComponent(ticket)}`, { signal: ctrl.signal });
    expect(first.status).toBe(200);
    const again = await fetch(`${base}/api/events?ticket=${encodeURIComponent(ticket)}`);
    expect(again.status).toBe(401);
    ctrl.abort();
    void first.body?.cancel().catch(() => {});
  });

  it('logout ends every session of the member, live streams and tickets included', async () => {
    const u = await registerUser(t.app);
    const laptop = await login(u.email, u.password);
    const ticket = (await call(t.app, 'POST', '/api/events/ticket', { token: laptop })).body.data.ticket as string;
    const spare = (await call(t.app, 'POST', '/api/events/ticket', { token: laptop })).body.data.ticket as string;
    const stream = await openStream(ticket);
    expect((await call(t.app, 'POST', '/api/auth/logout', { token: u.token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: u.token })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: laptop })).status).toBe(401);
    await expect(stream.ended()).resolves.toBe(true);
    expect((await fetch(`${base}/api/events?ticket=${encodeURIComponent(spare)}`)).status).toBe(401);
  });

  it('a password change ends every session and its live streams; the changing tab gets a fresh token', async () => {
    const u = await registerUser(t.app);
    const other = await login(u.email, u.password);
    const ticket = (await call(t.app, 'POST', '/api/events/ticket', { token: other })).body.data.ticket as string;
    const spare = (await call(t.app, 'POST', '/api/events/ticket', { token: other })).body.data.ticket as string;
    const own = (await call(t.app, 'POST', '/api/events/ticket', { token: u.token })).body.data.ticket as string;
    const stream = await openStream(ticket);
    const ownStream = await openStream(own);
    const ok = await call(t.app, 'POST', '/api/users/update-self', {
      token: u.token,
      body: { newPassword: 'another long passphrase', password: u.password },
    });
    expect(ok.status).toBe(200);
    await expect(stream.ended()).resolves.toBe(true);
    await expect(ownStream.ended()).resolves.toBe(true);
    expect((await fetch(`${base}/api/events?ticket=${encodeURIComponent(spare)}`)).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: other })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: u.token })).status).toBe(401);
    // The tab that changed the password carries on with its fresh token, live updates included.
    const fresh = ok.body.data.token as string;
    const again = (await call(t.app, 'POST', '/api/events/ticket', { token: fresh })).body.data.ticket as string;
    expect(
      await fetch(`${base}/api/events?ticket=${encodeURIComponent(again)}`, { signal: AbortSignal.timeout(3000) }).then((r) => {
        const s = r.status;
        void r.body?.cancel();
        return s;
      }),
    ).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  it.each([[1], [['10.20.0.0/16']]] as const)(
    'with TRUST_PROXY=%j a rotating X-Forwarded-For cannot escape the per-IP limit',
    async (trust) => {
      const t2 = await createTestApp({ config: { TRUST_PROXY: trust as number | string[] } });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 12; i++) {
          // The client makes up a new address each time; the load balancer appends the real one.
          const res = await t2.app.inject({
            method: 'POST',
            url: '/api/users/request-password-reset',
            payload: { email: `rot${i}@example.com` },
            remoteAddress: '10.20.0.5',
            headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
          });
          statuses.push(res.statusCode);
        }
        expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
        expect(statuses.slice(10)).toEqual([429, 429]);
        // Another real client behind the same balancer has its own allowance.
        const other = await t2.app.inject({
          method: 'POST',
          url: '/api/users/request-password-reset',
          payload: { email: 'x@example.com' },
          remoteAddress: '10.20.0.5',
          headers: { 'x-forwarded-for': '203.0.113.8' },
        });
        expect(other.statusCode).toBe(200);
      } finally {
        await t2.close();
      }
    },
  );
});

/**
 * The router matches a path after percent-decoding, so `/%61pi/…` reached API routes while the
 * hooks that look at the path (auth, token scopes, envelope, caching) saw no `/api/` and stood aside.
 */
describe('percent-encoded paths', () => {
  it('an encoded /api/ path is authenticated, scoped and answered in the envelope like the plain one', async () => {
    const u = await registerUser(t.app);
    for (const url of ['/%61pi/users/self', '/%61%70%69/users/self', '/api/%75sers/self', '/%61pi/auth/me']) {
      const signedIn = await call(t.app, 'GET', url, { token: u.token });
      expect(signedIn.status, url).toBe(200);
      expect(signedIn.body.errors, url).toEqual([]);
      expect(signedIn.body.data.user.username, url).toBe(u.user.username);
      expect(signedIn.headers['cache-control'], url).toBe('no-store');
      const anonymous = await call(t.app, 'GET', url);
      expect(anonymous.status, url).toBe(401);
      expect(anonymous.body.data, url).toBeNull();
    }
    const health = await call(t.app, 'GET', '/%61pi/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ data: expect.anything(), errors: [] });
  });

  it('a personal API token stays within its scopes on an encoded path', async () => {
    const pro = await registerUser(t.app);
    await t.database.query(`update users set role = 'Pro' where id = $1`, [pro.user._id]);
    const secret = (await call(t.app, 'POST', '/api/tokens', { token: pro.token, body: { name: 'r', scopes: ['read:splits'] } }))
      .body.data.secret as string;
    for (const url of ['/%61pi/auth/me', '/%61pi/tokens', '/api/%74okens']) {
      const res = await call(t.app, 'GET', url, { token: secret });
      expect(res.status, url).toBe(403);
      expect(res.body.errors[0].msg, url).toBe('This API token cannot be used here');
    }
    expect((await call(t.app, 'GET', '/%61pi/rs', { token: secret })).status).toBe(200);
  });

  it('an unknown encoded API path is a 404 in the envelope, and other escapes are left as they are', async () => {
    const res = await call(t.app, 'GET', '/%61pi/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ data: null, errors: [{ msg: 'Not found: GET /api/nope' }] });
    // %2F is not a path separator, and %25 stays a literal percent sign (no double decoding).
    expect((await call(t.app, 'GET', '/api%2Fusers/self')).status).toBe(404);
    expect((await call(t.app, 'GET', '/%2561pi/users/self')).status).toBe(404);
  });
});
