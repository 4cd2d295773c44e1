import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '../src/adapters/mail';
import { redisLimiter } from '../src/lib/limiter';
import { call, createTestApp, redisReachable, redisUrl as REDIS_URL, type TestApp } from './helpers';
import { startSmtpSink } from './smtp';

const hasRedis = await redisReachable();
const randomIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

describe('verification email over real SMTP', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ mailer: smtpMailer(sink.url, 'RoundUp <no-reply@roundup.test>') });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('delivers a link that verifies the account', async () => {
    const reg = await call(t.app, 'POST', '/api/auth/register', {
      body: { username: 'smtpuser', email: 'smtp.user@example.com', password: 'a long passphrase', consent: true },
    });
    expect(reg.status).toBe(200);
    expect(sink.received).toHaveLength(1);
    const mail = sink.received[0];
    expect(mail.to).toEqual(['smtp.user@example.com']);
    expect(mail.decoded).toContain('Subject: Verify your RoundUp email');
    const link = /http:\/\/localhost:3000\/verify-email\/([A-Za-z0-9_-]{43})/.exec(mail.decoded);
    expect(link).not.toBeNull();
    const res = await call(t.app, 'POST', '/api/users/validate-email', { body: { email_validation_code: link![1] } });
    expect(res.status).toBe(200);
    expect(res.body.data.user.email_validated).toBe(true);
    const me = await call(t.app, 'GET', '/api/auth/me', { token: res.body.data.token });
    expect(me.body.data.user.email_validated).toBe(true);
  });

  it('Resend sends one link a minute per member: a double click gets 429 with Retry-After and no second email', async () => {
    const reg = await call(t.app, 'POST', '/api/auth/register', {
      body: { username: 'resender', email: 'resend.me@example.com', password: 'a long passphrase', consent: true },
    });
    const token = reg.body.data.token as string;
    const before = sink.received.length;
    const first = await call(t.app, 'POST', '/api/users/resend-verification', { token });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ msg: 'We sent a new link to resend.me@example.com.', resendSeconds: 60 });
    const second = await call(t.app, 'POST', '/api/users/resend-verification', { token });
    expect(second.status).toBe(429);
    expect(second.body.errors[0].msg).toMatch(/^We just sent a link\. You can ask for another in \d+ s\.$/);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    expect(sink.received.length - before).toBe(1);
    expect(sink.received.at(-1)!.to).toEqual(['resend.me@example.com']);
    // Nobody signed in: 401; already verified: nothing sent.
    expect((await call(t.app, 'POST', '/api/users/resend-verification')).status).toBe(401);
    const link = /verify-email\/([A-Za-z0-9_-]{43})/.exec(sink.received.at(-1)!.decoded)!;
    const ok = await call(t.app, 'POST', '/api/users/validate-email', { body: { email_validation_code: link[1] } });
    const verified = await call(t.app, 'POST', '/api/users/resend-verification', { token: ok.body.data.token });
    expect(verified.body.data).toEqual({ msg: 'Your email is already verified.', resendSeconds: 0 });
    expect(sink.received.length - before).toBe(1);
  });
});

describe('rate limits', () => {
  it('answers 429 with a clear message in the envelope once an IP exceeds a route limit (memory)', async () => {
    const t = await createTestApp();
    try {
      const ip = randomIp();
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) {
        const r = await call(t.app, 'POST', '/api/users/request-password-reset', { body: { email: `x${i}@example.com` }, ip });
        codes.push(r.status);
        if (r.status === 429) {
          expect(r.body.data).toBeNull();
          expect(r.body.errors[0].msg).toMatch(/^Too many requests\. Please try again in/);
          expect(r.headers['retry-after']).toBeDefined();
        }
      }
      expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
      expect(codes[10]).toBe(429);
      // Another IP is unaffected.
      expect(
        (await call(t.app, 'POST', '/api/users/request-password-reset', { body: { email: 'y@example.com' }, ip: randomIp() }))
          .status,
      ).toBe(200);
    } finally {
      await t.close();
    }
  });

  it.runIf(hasRedis)('shares IP and account counters between two API processes through Redis', async () => {
    const r1 = new Redis(REDIS_URL);
    const r2 = new Redis(REDIS_URL);
    // Connected before the first request: until its client is ready a process counts in its own memory (the
    // designed fallback), which on a loaded machine took the first requests out of the shared count.
    await Promise.all([r1.ping(), r2.ping()]);
    const a = await createTestApp({ redis: r1 });
    const b = await createTestApp({ redis: r2 });
    try {
      const ip = randomIp();
      for (let i = 0; i < 5; i++)
        expect(
          (await call(a.app, 'POST', '/api/users/request-password-reset', { body: { email: `r${i}@example.com` }, ip })).status,
        ).toBe(200);
      for (let i = 0; i < 5; i++)
        expect(
          (await call(b.app, 'POST', '/api/users/request-password-reset', { body: { email: `s${i}@example.com` }, ip })).status,
        ).toBe(200);
      const over = await call(a.app, 'POST', '/api/users/request-password-reset', { body: { email: 'z@example.com' }, ip });
      expect(over.status).toBe(429);

      // Failed sign-ins on one account, spread over both processes, lock it on both.
      const email = `locked-${randomBytes(4).toString('hex')}@example.com`;
      for (let i = 0; i < 10; i++) {
        const app = i % 2 ? a.app : b.app;
        expect(
          (await call(app, 'POST', '/api/auth/login', { body: { email, password: 'wrong password' }, ip: randomIp() })).status,
        ).toBe(401);
      }
      expect(
        (await call(a.app, 'POST', '/api/auth/login', { body: { email, password: 'wrong password' }, ip: randomIp() })).status,
      ).toBe(429);
      expect(
        (await call(b.app, 'POST', '/api/auth/login', { body: { email, password: 'wrong password' }, ip: randomIp() })).status,
      ).toBe(429);
    } finally {
      await a.close();
      await b.close();
      r1.disconnect();
      r2.disconnect();
    }
  });

  it.runIf(hasRedis)('counts and expires keys in Redis', async () => {
    const redis = new Redis(REDIS_URL);
    try {
      const limiter = redisLimiter(redis, `roundup:test:${randomBytes(4).toString('hex')}:`);
      expect((await limiter.peek('k')).count).toBe(0);
      expect((await limiter.hit('k', 60)).count).toBe(1);
      const second = await limiter.hit('k', 60);
      expect(second.count).toBe(2);
      expect(second.resetSeconds).toBeGreaterThan(0);
      expect(second.resetSeconds).toBeLessThanOrEqual(60);
      await limiter.reset('k');
      expect((await limiter.peek('k')).count).toBe(0);
    } finally {
      redis.disconnect();
    }
  });
});
