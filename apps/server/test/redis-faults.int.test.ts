import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../src/lib/redis';
import { call, createTestApp, dbKind, registerUser, type TestApp } from './helpers';

/**
 * Decision 019: while Redis is unreachable (stopped, or stalled with its connection
 * open), sign-in and password reset keep working, the limits count in this process's memory,
 * /api/ready reports the degraded dependency, and the log says it once each way. The test runs
 * its own redis-server on its own port and stops only that one. Once per run (the PGlite project):
 * the database plays no part.
 */
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
const runs = dbKind === 'pglite' && hasRedisServer;
if (!runs && dbKind === 'pglite') console.warn('Redis outage tests skipped: no redis-server on PATH');

const randomIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

describe.skipIf(!runs)('a Redis outage', () => {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const url = `redis://127.0.0.1:${port}`;
  let server: ChildProcess | null = null;
  let t: TestApp;
  const lines: { level: number; msg: string }[] = [];
  const said = (re: RegExp) => lines.filter((l) => re.test(l.msg)).length;

  /** Starts redis-server on the test's port and resolves once it answers. */
  async function startRedis() {
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => 50, maxRetriesPerRequest: 0 });
    probe.on('error', () => undefined);
    try {
      for (;;) {
        try {
          if (probe.status !== 'ready') await probe.connect();
          if ((await probe.ping()) === 'PONG') return;
        } catch {
          await new Promise((r) => setImmediate(r));
        }
      }
    } finally {
      probe.disconnect();
    }
  }
  async function stopRedis() {
    const s = server;
    server = null;
    if (!s || s.exitCode !== null) return;
    await new Promise((resolve) => {
      s.once('exit', resolve);
      s.kill('SIGCONT');
      s.kill('SIGKILL');
    });
  }
  const ready = async () => (await call(t.app, 'GET', '/api/ready')).body.data as { redis: string; degraded: string[] };
  const until = async (test: () => Promise<boolean>) => {
    while (!(await test())) await new Promise((r) => setTimeout(r, 20));
  };

  let member: { email: string; password: string };
  beforeAll(async () => {
    await startRedis();
    t = await createTestApp({
      redis: connectRedis(url),
      logger: { level: 'info', stream: { write: (l: string) => lines.push(JSON.parse(l)) } },
    });
    await until(async () => (await ready()).redis === 'ok');
    const u = await registerUser(t.app);
    member = { email: u.email, password: u.password };
  });
  afterAll(async () => {
    await t?.close();
    t?.app.ctx.redis?.client.disconnect();
    await stopRedis();
  });

  const signIn = (password: string, email = member.email, ip = randomIp()) =>
    call(t.app, 'POST', '/api/auth/login', { body: { email, password }, ip });

  it('counts in Redis while it answers', async () => {
    expect((await signIn(member.password)).status).toBe(200);
    expect((await ready()).redis).toBe('ok');
    expect(said(/Redis unreachable/)).toBe(0);
  });

  it('keeps sign-in and password reset working while Redis is stopped, with the limits in memory', async () => {
    await stopRedis();
    expect((await signIn(member.password)).status).toBe(200);
    const reset = await call(t.app, 'POST', '/api/users/request-password-reset', {
      body: { email: member.email },
      ip: randomIp(),
    });
    expect(reset.status).toBe(200);

    // The single-process limits still hold: 10 failed sign-ins lock an account, 10 reset requests an IP.
    const email = `locked-${randomBytes(4).toString('hex')}@example.com`;
    for (let i = 0; i < 10; i += 1) expect((await signIn('wrong password', email)).status).toBe(401);
    expect((await signIn('wrong password', email)).status).toBe(429);
    const ip = randomIp();
    const resets: number[] = [];
    for (let i = 0; i < 11; i += 1)
      resets.push(
        (await call(t.app, 'POST', '/api/users/request-password-reset', { body: { email: `r${i}@example.com` }, ip })).status,
      );
    expect(resets.slice(0, 10)).not.toContain(429);
    expect(resets[10]).toBe(429);

    const r = await call(t.app, 'GET', '/api/ready');
    expect(r.status).toBe(200);
    expect(r.body.data.redis).toBe('unreachable');
    expect(r.body.data.degraded[0]).toMatch(/Redis is unreachable/);
    expect(said(/Redis unreachable/)).toBe(1);
  });

  it('says once that Redis is back, and shares the counters again', async () => {
    await startRedis();
    await until(async () => (await ready()).redis === 'ok');
    expect((await signIn(member.password)).status).toBe(200);
    expect(said(/Redis is back/)).toBe(1);
    expect(said(/Redis unreachable/)).toBe(1);
    const keys = await t.app.ctx.redis!.client.keys('roundup:*');
    expect(keys.length).toBeGreaterThan(0);
  });

  it('answers within the Redis timeout while Redis is stalled with its connection open', async () => {
    server!.kill('SIGSTOP');
    try {
      // Without a command timeout these would wait for Redis for ever.
      expect((await signIn(member.password)).status).toBe(200);
      expect(
        (await call(t.app, 'POST', '/api/users/request-password-reset', { body: { email: member.email }, ip: randomIp() }))
          .status,
      ).toBe(200);
      // The link goes down once Redis has also left its confirming pings unanswered.
      await until(async () => (await ready()).redis === 'unreachable');
    } finally {
      server!.kill('SIGCONT');
    }
    await until(async () => (await ready()).redis === 'ok');
  });

  it('boots and signs members in when Redis is down at start', async () => {
    const deadPort = 20_000 + Math.floor(Math.random() * 20_000);
    const other = await createTestApp({ redis: connectRedis(`redis://127.0.0.1:${deadPort}`) });
    try {
      const u = await registerUser(other.app);
      const res = await call(other.app, 'POST', '/api/auth/login', {
        body: { email: u.email, password: u.password },
        ip: randomIp(),
      });
      expect(res.status).toBe(200);
      expect((await call(other.app, 'GET', '/api/ready')).body.data.redis).toBe('unreachable');
    } finally {
      await other.close();
      other.app.ctx.redis?.client.disconnect();
    }
  });
});
