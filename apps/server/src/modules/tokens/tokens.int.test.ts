import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addAccount, insertBroker, insertSplit, member, type Member } from '../../../test/factories';
import { call, createTestApp, setRole, type TestApp } from '../../../test/helpers';

/** Personal API tokens: shown once, stored hashed, scoped, revocable, rate limited. */
let t: TestApp;
let pro: Member;
let starter: Member;
let accountId: string;
let splitId: string;

const create = (who: Member, body: Record<string, unknown>) => call(t.app, 'POST', '/api/tokens', { token: who.token, body });
const as = (secret: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  call(t.app, method, url, { token: secret, body });

beforeAll(async () => {
  t = await createTestApp();
  [pro, starter] = [await member(t.app, 'Pro'), await member(t.app, 'User')];
  accountId = await addAccount(t.app, pro.token, { brokerId: await insertBroker(t.database) });
  splitId = await insertSplit(t.database, { ticker: 'TOKN', status: 'Upcoming' });
});
afterAll(async () => t?.close());

describe('personal API tokens', () => {
  it('shows the secret once, stores only its hash, and lists the token without it', async () => {
    const res = await create(pro, { name: 'Order bot', scopes: ['write:trades'] });
    expect(res.status).toBe(200);
    const { token, secret } = res.body.data;
    expect(secret).toMatch(/^rut_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({ name: 'Order bot', scopes: ['write:trades'], prefix: secret.slice(0, 10), lastUsedDate: null });
    const stored = await t.database.query<{ token_hash: string }>('select token_hash from api_tokens where id = $1', [token._id]);
    expect(stored.rows[0].token_hash).not.toContain(secret.slice(4));
    const list = await call(t.app, 'GET', '/api/tokens', { token: pro.token });
    expect(list.body.data.tokens).toEqual([token]);
    expect(JSON.stringify(list.body)).not.toContain(secret);
  });

  it('records fills through /api/trades/bulk with a write token, and is refused everywhere else', async () => {
    const { secret, token } = (await create(pro, { name: 'Filler', scopes: ['write:trades'] })).body.data;
    const mine = await as(secret, 'GET', '/api/accounts/mine');
    expect(mine.status).toBe(200);
    const bulk = await as(secret, 'POST', '/api/trades/bulk', { splitId, accountIds: [accountId], buy_price: 1.25 });
    expect(bulk.status).toBe(200);
    expect(bulk.body.data.trades[0]).toMatchObject({ buy_price: 1.25, accountId });
    for (const [method, url] of [
      ['GET', '/api/rs'],
      ['GET', '/api/auth/me'],
      ['GET', '/api/tokens'],
      ['POST', '/api/trades/edit'],
      ['POST', '/api/subs/cancel-subscription'],
    ] as const) {
      const res = await as(secret, method, url, method === 'POST' ? {} : undefined);
      expect(res.status, url).toBe(403);
      expect(res.body.errors[0].msg, url).toBe('This API token cannot be used here');
    }
    const listed = (await call(t.app, 'GET', '/api/tokens', { token: pro.token })).body.data.tokens.find(
      (x: any) => x._id === token._id,
    );
    expect(listed.lastUsedDate).not.toBeNull();
  });

  it('a read token reads the calendar but cannot write', async () => {
    const { secret } = (await create(pro, { name: 'Reader', scopes: ['read:splits'] })).body.data;
    const rs = await as(secret, 'GET', '/api/rs');
    expect(rs.status).toBe(200);
    expect(rs.body.data.splits.some((s: any) => s.ticker === 'TOKN')).toBe(true);
    expect((await as(secret, 'POST', '/api/trades/bulk', { splitId, accountIds: [accountId], buy_price: 2 })).status).toBe(403);
  });

  it('never grants more than its owner has now: revoked → 401, lapsed membership → 403 and masked splits', async () => {
    const lapsing = await member(t.app, 'Pro');
    const acc = await addAccount(t.app, lapsing.token, { brokerId: await insertBroker(t.database) });
    const { secret, token } = (await create(lapsing, { name: 'Both', scopes: ['read:splits', 'write:trades'] })).body.data;
    await setRole(t.database, lapsing.id, 'User');
    expect((await as(secret, 'POST', '/api/trades/bulk', { splitId, accountIds: [acc], buy_price: 1 })).status).toBe(403);
    const masked = await as(secret, 'GET', '/api/rs');
    expect(JSON.stringify(masked.body)).not.toContain('TOKN');
    await setRole(t.database, lapsing.id, 'Pro');
    expect((await call(t.app, 'POST', '/api/tokens/revoke', { token: lapsing.token, body: { id: token._id } })).status).toBe(200);
    expect((await as(secret, 'GET', '/api/rs')).status).toBe(401);
    expect((await as(secret, 'POST', '/api/trades/bulk', { splitId, accountIds: [acc], buy_price: 1 })).status).toBe(401);
    // Someone else's token id cannot be revoked.
    const other = (await create(pro, { name: 'Not yours', scopes: ['read:splits'] })).body.data.token;
    expect((await call(t.app, 'POST', '/api/tokens/revoke', { token: lapsing.token, body: { id: other._id } })).status).toBe(404);
  });

  it('an admin’s token reaches no admin route, and a disabled owner’s token nothing at all', async () => {
    const admin = await member(t.app, 'Admin');
    const { secret } = (await create(admin, { name: 'Admin bot', scopes: ['read:splits', 'write:trades'] })).body.data;
    expect((await as(secret, 'GET', '/api/rs')).status).toBe(200);
    for (const [method, url, body] of [
      ['GET', `/api/trades/split-stats/${splitId}`],
      ['GET', '/api/users'],
      ['POST', '/api/rs/add', { newTicker: {} }],
      ['POST', '/api/users/admin-edit', { id: pro.id, role: 'User' }],
    ] as const) {
      const res = await as(secret, method, url, body);
      expect(res.status, url).toBe(403);
      expect(res.body.errors[0].msg, url).toBe('This API token cannot be used here');
    }
    expect((await call(t.app, 'GET', '/api/auth/me', { token: pro.token })).body.data.user.role).toBe('Pro');

    const leaving = await member(t.app, 'Pro');
    const own = (await create(leaving, { name: 'Soon gone', scopes: ['read:splits'] })).body.data.secret;
    expect((await as(own, 'GET', '/api/rs')).status).toBe(200);
    const off = await call(t.app, 'POST', '/api/users/admin-edit', {
      token: admin.token,
      body: { id: leaving.id, disabled: true },
    });
    expect(off.status).toBe(200);
    expect((await as(own, 'GET', '/api/rs')).status).toBe(401);
    // Enabled again, the member signs in anew; the tokens made before stay revoked and are gone from the list.
    const on = await call(t.app, 'POST', '/api/users/admin-edit', {
      token: admin.token,
      body: { id: leaving.id, disabled: false },
    });
    expect(on.status).toBe(200);
    expect((await as(own, 'GET', '/api/rs')).status).toBe(401);
    const back = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: leaving.email, password: 'correct horse battery' },
    });
    expect(back.status).toBe(200);
    const listed = await call(t.app, 'GET', '/api/tokens', { token: back.body.data.token });
    expect(listed.body.data.tokens).toEqual([]);
  });

  it('is for paid members, with valid names and scopes, at most 10 at once', async () => {
    expect((await create(starter, { name: 'Nope', scopes: ['read:splits'] })).status).toBe(403);
    expect((await create(pro, { name: '', scopes: ['read:splits'] })).status).toBe(400);
    expect((await create(pro, { name: 'x', scopes: [] })).status).toBe(400);
    expect((await create(pro, { name: 'x', scopes: ['admin'] })).status).toBe(400);
    const many = await member(t.app, 'Pro');
    for (let i = 0; i < 10; i++) expect((await create(many, { name: `t${i}`, scopes: ['read:splits'] })).status).toBe(200);
    const eleventh = await create(many, { name: 't10', scopes: ['read:splits'] });
    expect(eleventh.status).toBe(409);
  });

  it('is documented in the OpenAPI document, with a curl example recording fills through /api/trades/bulk', async () => {
    const doc = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body);
    for (const path of ['/api/tokens', '/api/trades/bulk']) {
      const text = doc.paths[path].post.description as string;
      expect(text, path).toContain('curl -X POST https://roundup.example/api/trades/bulk');
      expect(text, path).toContain('Authorization: Bearer rut_');
    }
    // Sessions and personal tokens are both bearer schemes; an operation names the ones it takes.
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.personalToken).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'rut_…' });
    expect(doc.paths['/api/trades/bulk'].post.security).toEqual([{ session: [] }, { personalToken: [] }]);
    expect(doc.paths['/api/tokens'].post.security).toEqual([{ session: [] }]);
  });

  it('is rate limited per token', async () => {
    const { secret } = (await create(pro, { name: 'Busy', scopes: ['read:splits'] })).body.data;
    let last = 0;
    for (let i = 0; i < 121; i++) last = (await as(secret, 'GET', '/api/rs/past')).status;
    expect(last).toBe(429);
  });
});

/** Personal tokens end with the events meant to end access (a reset always; otherwise by choice). */
describe('tokens and the events that end access', () => {
  const CHANGED = 'Your RoundUp password was changed';
  const mail = (email: string, subject: string) =>
    vi.waitFor(
      async () => {
        const { rows } = await t.database.query<{ body: string }>(
          'select body from outbox where recipient = $1 and subject = $2 order by created_at desc limit 1',
          [email, subject],
        );
        if (!rows[0]) throw new Error(`no "${subject}" to ${email} yet`);
        return rows[0].body;
      },
      { timeout: 5000, interval: 20 },
    );
  async function twoTokens(who: Member) {
    const a = (await create(who, { name: 'Bot A', scopes: ['read:splits'] })).body.data.secret as string;
    const b = (await create(who, { name: 'Bot B', scopes: ['read:splits', 'write:trades'] })).body.data.secret as string;
    for (const s of [a, b]) expect((await as(s, 'GET', '/api/rs')).status).toBe(200);
    return [a, b];
  }
  const changePassword = (who: Member, body: Record<string, unknown>) =>
    call(t.app, 'POST', '/api/users/update-self', {
      token: who.token,
      body: { newPassword: 'a different long passphrase', password: who.password, ...body },
    });

  it('a password reset revokes every token, and the confirming email says so', async () => {
    const who = await member(t.app, 'Pro');
    const secrets = await twoTokens(who);
    await call(t.app, 'POST', '/api/users/request-password-reset', { body: { email: who.email } });
    const code = /reset-password\/([A-Za-z0-9_-]+)/.exec(await mail(who.email, 'Reset your RoundUp password'))![1];
    const reset = await call(t.app, 'POST', '/api/users/reset-password', {
      body: { password: 'a brand new passphrase', password_reset_code: code },
    });
    expect(reset.status).toBe(200);
    for (const s of secrets) expect((await as(s, 'GET', '/api/rs')).status).toBe(401);
    expect(
      (await call(t.app, 'GET', '/api/tokens', { token: await login(who.email, 'a brand new passphrase') })).body.data.tokens,
    ).toEqual([]);
    const body = await mail(who.email, CHANGED);
    expect(body).toMatch(/signed out of every device/);
    expect(body).toMatch(/2 personal API tokens were revoked/);
  });

  it('a password change revokes the tokens by default, and keeps them when asked', async () => {
    const who = await member(t.app, 'Pro');
    const secrets = await twoTokens(who);
    const ok = await changePassword(who, {});
    expect(ok.status).toBe(200);
    for (const s of secrets) expect((await as(s, 'GET', '/api/rs')).status).toBe(401);
    expect(await mail(who.email, CHANGED)).toMatch(/2 personal API tokens were revoked/);

    const keeper = await member(t.app, 'Pro');
    const kept = await twoTokens(keeper);
    const res = await changePassword(keeper, { revokeTokens: false });
    expect(res.status).toBe(200);
    for (const s of kept) expect((await as(s, 'GET', '/api/rs')).status).toBe(200);
    const body = await mail(keeper.email, CHANGED);
    expect(body).toMatch(/signed out of every device/);
    expect(body).toMatch(/Your 2 personal API tokens still work/);
    expect(
      (
        await changePassword(
          { ...keeper, token: res.body.data.token },
          {
            password: 'a different long passphrase',
            newPassword: 'x y z w v u t',
            revokeTokens: 'no',
          },
        )
      ).status,
    ).toBe(400);
  });

  it('"sign out everywhere" revokes the tokens by default, and keeps them when asked', async () => {
    const admin = await member(t.app, 'Admin');
    const who = await member(t.app, 'Pro');
    const secrets = await twoTokens(who);
    const keep = await call(t.app, 'POST', '/api/users/revoke-sessions', {
      token: admin.token,
      body: { id: who.id, revokeTokens: false },
    });
    expect(keep.status).toBe(200);
    expect(keep.body.data).toEqual({ revoked: 1, revokedTokens: 0 });
    for (const s of secrets) expect((await as(s, 'GET', '/api/rs')).status).toBe(200);
    const all = await call(t.app, 'POST', '/api/users/revoke-sessions', { token: admin.token, body: { id: who.id } });
    expect(all.status).toBe(200);
    expect(all.body.data).toEqual({ revoked: 0, revokedTokens: 2 });
    for (const s of secrets) expect((await as(s, 'GET', '/api/rs')).status).toBe(401);
    const { rows } = await t.database.query<{ details: any }>(
      "select details from audit_log where action = 'user.revoke-sessions' and target_id = $1 order by created_at",
      [who.id],
    );
    expect(rows.map((r) => r.details.revokedTokens)).toEqual([0, 2]);
  });

  it('documents revokeTokens in the OpenAPI document', async () => {
    const doc = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body);
    const revoke = doc.paths['/api/users/revoke-sessions'].post.requestBody.content['application/json'].schema;
    expect(JSON.stringify(revoke)).toContain('revokeTokens');
    expect(doc.paths['/api/users/update-self'].post.description).toContain('revokeTokens');
  });
});

const login = async (email: string, password: string) =>
  (await call(t.app, 'POST', '/api/auth/login', { body: { email, password } })).body.data.token as string;
