import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTestApp, registerUser, setRole, type TestApp } from './helpers';
import { notificationsService } from '../src/modules/notifications/service';

/** Every line the app logs, as text (the pino destination stream). */
let logged = '';
const sink = new Writable({
  write(chunk, _enc, done) {
    logged += chunk.toString();
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'trace', stream: sink } });
});
afterAll(async () => t?.close());

async function mailBody(email: string, subject: RegExp) {
  return vi.waitFor(
    async () => {
      const { rows } = await t.database.query<{ subject: string; body: string }>(
        'select subject, body from outbox where recipient = $1 order by created_at desc',
        [email],
      );
      const hit = rows.find((r) => subject.test(r.subject));
      if (!hit) throw new Error(`no ${subject} mail yet`);
      return hit.body;
    },
    { timeout: 5000, interval: 20 },
  );
}

describe('logs', () => {
  it('never contain passwords, hashes, session tokens, email codes, feed secrets, tickets or unsubscribe tokens', async () => {
    const secrets: Record<string, string> = {};
    const password = 'Secret-Passphrase-Zebra-42';
    const u = await registerUser(t.app, { password });
    secrets.password = password;
    secrets.registerToken = u.token;
    // A double-submitted registration (the unique index decides) and a wrong password.
    const again = { username: 'racer1', email: 'racer1@example.com', password: 'Racer-Passphrase-Otter-77', consent: true };
    await Promise.all([0, 1, 2].map(() => call(t.app, 'POST', '/api/auth/register', { body: again })));
    secrets.racerPassword = again.password;
    await call(t.app, 'POST', '/api/auth/login', { body: { email: u.email, password: 'Wrong-Passphrase-Lynx-13' } });
    secrets.wrongPassword = 'Wrong-Passphrase-Lynx-13';
    const login = await call(t.app, 'POST', '/api/auth/login', { body: { email: u.email, password } });
    secrets.loginToken = login.body.data.token;

    // Verify: the SPA page opened from the email, then the API call.
    const verifyCode = /verify-email\/([A-Za-z0-9_-]+)/.exec(await mailBody(u.email, /^Verify/))![1];
    secrets.verifyCode = verifyCode;
    await t.app.inject({ method: 'GET', url: `/verify-email/${verifyCode}` });
    const verified = await call(t.app, 'POST', '/api/users/validate-email', { body: { email_validation_code: verifyCode } });
    expect(verified.status).toBe(200);
    secrets.verifyToken = verified.body.data.token;

    // Live-stream ticket.
    const ticket = (await call(t.app, 'POST', '/api/events/ticket', { token: secrets.loginToken })).body.data.ticket as string;
    secrets.ticket = ticket;
    await t.app.inject({ method: 'GET', url: `/api/events?ticket=${encodeURIComponent(ticket)}x` });

    // iCal feed (Pro).
    await setRole(t.database, u.user.id, 'Pro');
    const feed = await call(t.app, 'GET', '/api/rs/ical', { token: secrets.loginToken });
    const feedPath = new URL(feed.body.data.url).pathname;
    secrets.icalSecret = feedPath
      .split('/')
      .pop()!
      .replace(/\.ics$/, '')
      .split('.')[1];
    expect((await t.app.inject({ method: 'GET', url: feedPath })).statusCode).toBe(200);

    // Unsubscribe link from an email (GET opens it, POST is the one-click form).
    const unsub = new URL(notificationsService(t.app.ctx).unsubscribeUrl(u.user.id, 'newsletter'));
    secrets.unsubscribeToken = unsub.searchParams.get('token')!;
    await t.app.inject({ method: 'GET', url: unsub.pathname + unsub.search });
    await t.app.inject({
      method: 'POST',
      url: unsub.pathname + unsub.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });

    // Reset: request, the SPA page, then the API call.
    await call(t.app, 'POST', '/api/users/request-password-reset', { body: { email: u.email } });
    const resetCode = /reset-password\/([A-Za-z0-9_-]+)/.exec(await mailBody(u.email, /^Reset/))![1];
    secrets.resetCode = resetCode;
    await t.app.inject({ method: 'GET', url: `/reset-password/${resetCode}` });
    const newPassword = 'Fresh-Passphrase-Heron-88';
    secrets.newPassword = newPassword;
    expect(
      (
        await call(t.app, 'POST', '/api/users/reset-password', {
          body: { password: newPassword, password_reset_code: resetCode },
        })
      ).status,
    ).toBe(200);

    // Sign in again, change the password, sign out.
    const relog = await call(t.app, 'POST', '/api/auth/login', { body: { email: u.email, password: newPassword } });
    secrets.relogToken = relog.body.data.token;
    secrets.changedPassword = 'Changed-Passphrase-Crane-19';
    const changed = await call(t.app, 'POST', '/api/users/update-self', {
      token: secrets.relogToken,
      body: { newPassword: secrets.changedPassword, password: newPassword },
    });
    secrets.changedToken = changed.body.data.token;
    expect((await call(t.app, 'POST', '/api/auth/logout', { token: secrets.changedToken })).status).toBe(200);

    const { rows } = await t.database.query<{ password_hash: string }>(
      'select password_hash from users where id = $1 or lower(email) = $2',
      [u.user.id, 'racer1@example.com'],
    );
    rows.forEach((r, i) => (secrets[`hash${i}`] = r.password_hash));
    const { rows: tokens } = await t.database.query<{ token_hash: string }>('select token_hash from sessions');
    tokens.forEach((r, i) => (secrets[`sessionHash${i}`] = r.token_hash));

    // The flows were logged (URLs included), but no secret was.
    expect(logged).toMatch(/"url":"\/reset-password\/\[redacted\]"/);
    expect(logged).toMatch(/"url":"\/api\/rs\/ical\/\[redacted\]"/);
    expect(logged).toMatch(/unsubscribe\?token=\[redacted\]/);
    for (const [name, value] of Object.entries(secrets)) {
      expect(value, name).toBeTruthy();
      expect(logged.includes(value), `${name} appears in the logs`).toBe(false);
      expect(logged.includes(encodeURIComponent(value)), `${name} (URL-encoded) appears in the logs`).toBe(false);
    }
  });
});
