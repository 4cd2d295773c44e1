import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TextSender } from '../../adapters/sms';
import { call, createTestApp, registerUser, type TestApp } from '../../../test/helpers';

let t: TestApp;
let now = new Date('2026-03-02T15:00:00Z');
const texts: { to: string; body: string }[] = [];
const sms: TextSender = {
  kind: 'outbox',
  channel: 'sms',
  async send(m) {
    texts.push(m);
    return { id: `sms-${texts.length}` };
  },
};
const lastCode = () => /(\d{6})/.exec(texts.at(-1)!.body)![1];
const advance = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};

beforeAll(async () => {
  t = await createTestApp({ sms, clock: () => now });
});
afterAll(async () => t.close());

async function userWithPhone(phone = '+1 415 555 0132') {
  const u = await registerUser(t.app);
  const res = await call(t.app, 'POST', '/api/users/update-self', {
    token: u.token,
    body: { username: 'ignored', email: u.email, phone },
  });
  expect(res.status).toBe(200);
  return u;
}

describe('profile phone', () => {
  it('is normalised to E.164 and must be in an allowed country', async () => {
    const u = await registerUser(t.app);
    const ok = await call(t.app, 'POST', '/api/users/update-self', {
      token: u.token,
      body: { username: 'someone-else', email: u.email, phone: '+1 (415) 555-0199' },
    });
    expect(ok.body.data.user.phone).toBe('+14155550199');
    expect(ok.body.data.user.username).toBe(u.user.username); // never changed by the server
    const uk = await call(t.app, 'POST', '/api/users/update-self', {
      token: u.token,
      body: { email: u.email, phone: '+44 20 7946 0958' },
    });
    expect(uk.status).toBe(400);
    expect(uk.body.errors[0].msg).toContain('US, CA');
    const bad = await call(t.app, 'POST', '/api/users/update-self', { token: u.token, body: { email: u.email, phone: '555' } });
    expect(bad.status).toBe(400);
  });

  it('reads a US number as the member types it, without "+1"', async () => {
    const u = await registerUser(t.app);
    const res = await call(t.app, 'POST', '/api/users/update-self', {
      token: u.token,
      body: { email: u.email, phone: '(415) 555-0134' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user.phone).toBe('+14155550134');
  });

  it('notification toggles persist (GET /api/users/self)', async () => {
    const u = await registerUser(t.app);
    await call(t.app, 'POST', '/api/users/update-self', {
      token: u.token,
      body: { notifications: { rsaSMS: true, newsletter: false } },
    });
    const self = await call(t.app, 'GET', '/api/users/self', { token: u.token });
    expect(self.body.data.user.notifications).toMatchObject({ rsaSMS: true, newsletter: false, rsa: true });
  });
});

describe('phone validation codes', () => {
  it('validates the phone with the right code', async () => {
    const u = await userWithPhone();
    const sent = await call(t.app, 'GET', '/api/users/send-sms-otp', { token: u.token });
    expect(sent.status).toBe(200);
    expect(sent.body.errors).toEqual([]);
    expect(texts.at(-1)!.to).toBe('+14155550132');
    const code = lastCode();
    const rows = await t.database.query<{ code_hash: string }>('select code_hash from phone_codes');
    expect(rows.rows.every((r) => !r.code_hash.includes(code))).toBe(true); // stored hashed
    const ok = await call(t.app, 'POST', '/api/users/verify-otp', { token: u.token, body: { otp: code } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.phone_validated).toBe(true);
    const self = await call(t.app, 'GET', '/api/users/self', { token: u.token });
    expect(self.body.data.user.phone_validated).toBe(true);
    // Changing the number un-validates it.
    const changed = await call(t.app, 'POST', '/api/users/update-self', {
      token: u.token,
      body: { email: u.email, phone: '+1 415 555 0133' },
    });
    expect(changed.body.data.user.phone_validated).toBe(false);
  });

  it('refuses a resend before 59 s and the 4th code', async () => {
    const u = await userWithPhone('+1 415 555 0140');
    expect((await call(t.app, 'GET', '/api/users/send-sms-otp', { token: u.token })).status).toBe(200);
    const early = await call(t.app, 'GET', '/api/users/send-sms-otp', { token: u.token });
    expect(early.status).toBe(429);
    expect(early.body.errors[0].msg).toMatch(/Please wait \d+ seconds/);
    advance(59);
    expect((await call(t.app, 'GET', '/api/users/send-sms-otp', { token: u.token })).status).toBe(200);
    const first = texts.length;
    advance(60);
    expect((await call(t.app, 'GET', '/api/users/send-sms-otp', { token: u.token })).status).toBe(200);
    advance(60);
    const fourth = await call(t.app, 'GET', '/api/users/send-sms-otp', { token: u.token });
    expect(fourth.status).toBe(429);
    expect(fourth.body.errors[0].msg).toBe('Max Attempts Reached!');
    expect(texts.length).toBe(first + 1);
  });

  it('a new code replaces the old one', async () => {
    const u = await userWithPhone('+1 415 555 0141');
    await call(t.app, 'GET', '/api/users/send-sms-otp', { token: u.token });
    const old = lastCode();
    advance(60);
    await call(t.app, 'GET', '/api/users/send-sms-otp', { token: u.token });
    const fresh = lastCode();
    if (old !== fresh) {
      const r = await call(t.app, 'POST', '/api/users/verify-otp', { token: u.token, body: { otp: old } });
      expect(r.status).toBe(400);
    }
    expect(
      (await call(t.app, 'POST', '/api/users/verify-otp', { token: u.token, body: { otp: fresh } })).body.data.phone_validated,
    ).toBe(true);
  });

  it('5 wrong tries kill the code', async () => {
    const u = await userWithPhone('+1 415 555 0142');
    await call(t.app, 'GET', '/api/users/send-sms-otp', { token: u.token });
    const code = lastCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i += 1) {
      const r = await call(t.app, 'POST', '/api/users/verify-otp', { token: u.token, body: { otp: wrong } });
      expect(r.body.errors[0].msg).toBe('That code is not correct.');
    }
    const fifth = await call(t.app, 'POST', '/api/users/verify-otp', { token: u.token, body: { otp: wrong } });
    expect(fifth.body.errors[0].msg).toContain('Too many wrong codes');
    const right = await call(t.app, 'POST', '/api/users/verify-otp', { token: u.token, body: { otp: code } });
    expect(right.status).toBe(400);
    expect(right.body.errors[0].msg).toContain('Too many wrong codes');
  });

  it('refuses an expired code', async () => {
    const u = await userWithPhone('+1 415 555 0143');
    await call(t.app, 'GET', '/api/users/send-sms-otp', { token: u.token });
    const code = lastCode();
    advance(10 * 60 + 1);
    const r = await call(t.app, 'POST', '/api/users/verify-otp', { token: u.token, body: { otp: code } });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].msg).toContain('expired');
  });

  it('limits codes per number across accounts (SMS pumping)', async () => {
    const phone = '+1 415 555 0150';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const u = await userWithPhone(phone);
      statuses.push((await call(t.app, 'GET', '/api/users/send-sms-otp', { token: u.token, ip: `10.0.0.${i}` })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('needs a phone and a signed-in user', async () => {
    const u = await registerUser(t.app);
    expect((await call(t.app, 'GET', '/api/users/send-sms-otp', { token: u.token })).status).toBe(400);
    expect((await call(t.app, 'GET', '/api/users/send-sms-otp')).status).toBe(401);
  });
});

describe('a code already texted, after a reload', () => {
  it('GET /api/users/phone-code says a code is waiting, how many were sent and when a new one may be asked for', async () => {
    const u = await userWithPhone('+1 415 555 0177');
    const status = () => call(t.app, 'GET', '/api/users/phone-code', { token: u.token });
    const before = await status();
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({ pending: false, codesSent: 0, resendSeconds: 0 });

    expect((await call(t.app, 'GET', '/api/users/send-sms-otp', { token: u.token })).status).toBe(200);
    advance(20);
    expect((await status()).body.data).toEqual({ pending: true, codesSent: 1, resendSeconds: 39 });
    advance(60);
    expect((await status()).body.data).toEqual({ pending: true, codesSent: 1, resendSeconds: 0 });

    // The code waits until it expires (10 minutes).
    advance(10 * 60);
    expect((await status()).body.data).toEqual({ pending: false, codesSent: 1, resendSeconds: 0 });

    // Validated: nothing waits.
    expect((await call(t.app, 'GET', '/api/users/send-sms-otp', { token: u.token })).status).toBe(200);
    const ok = await call(t.app, 'POST', '/api/users/verify-otp', { token: u.token, body: { otp: lastCode() } });
    expect(ok.status).toBe(200);
    expect((await status()).body.data).toMatchObject({ pending: false });
    expect((await call(t.app, 'GET', '/api/users/phone-code')).status).toBe(401);
  });
});
