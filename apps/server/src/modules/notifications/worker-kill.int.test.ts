import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { testConfig } from '../../env';
import { dbKind, freshDatabase, PROCESS_TEST_TIMEOUT } from '../../../test/helpers';
import { startSmtpSink, type ReceivedMail } from '../../../test/smtp';
import { notificationsService } from './service';

/**
 * Leases on the production layout (several workers on one PostgreSQL database): two real
 * worker processes deliver a fan-out to a local SMTP server; one is killed with SIGKILL in the middle.
 * The other takes over the dead worker's claims once their lease lapses (a heartbeat keeps a live
 * worker's leases short), nothing is lost, and only the sends in flight at the kill arrive twice,
 * each copy with the same Message-ID. PostgreSQL only: embedded PGlite is one process's database.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const N = 300;
const CONCURRENCY = 5;
const BATCH = 20;
const LEASE_MS = 3000;

const keyOf = (m: ReceivedMail) => /^X-RoundUp-Delivery:\s*(\S+)/im.exec(headersOf(m))?.[1] ?? null;
const messageIdOf = (m: ReceivedMail) => /^Message-ID:\s*(<[^>\s]+>)/im.exec(headersOf(m))?.[1] ?? null;
const headersOf = (m: ReceivedMail) => m.raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n(?=[ \t])/g, '');
const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

async function until(what: string, cond: () => boolean | Promise<boolean>, log: () => string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs; // hang detection only
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${log()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(dbKind !== 'postgres')('worker killed mid fan-out, another worker running', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let database: Database;
  let dataDir: string;
  const children: ChildProcess[] = [];
  let output = '';

  function worker(name: string): ChildProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/worker.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        DATABASE_URL: database.url!,
        TOKEN_PEPPER: 'worker-kill-pepper-worker-kill-pepper-0123',
        SMTP_URL: smtp.url,
        // The envelope sender tells the two workers' messages apart at the SMTP server.
        MAIL_FROM: `RoundUp <worker-${name}@roundup.test>`,
        WORKER_BATCH: String(BATCH),
        WORKER_CONCURRENCY: String(CONCURRENCY),
        WORKER_LEASE_MS: String(LEASE_MS),
        WORKER_POLL_MS: '100',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (c: Buffer) => (output += `[${name}] ${c.toString()}`));
    child.stderr!.on('data', (c: Buffer) => (output += `[${name}] ${c.toString()}`));
    children.push(child);
    return child;
  }

  beforeAll(async () => {
    smtp = await startSmtpSink();
    dataDir = mkdtempSync(path.join(tmpdir(), 'roundup-worker-kill-'));
    database = await freshDatabase();
    await database.query(
      `insert into users (username, email, password_hash, role, email_validated)
       select 'kill' || g, 'kill' || g || '@example.com', 'x', 'Pro', true from generate_series(1, ${N}) g`,
    );
    const app = await buildApp({ database, config: testConfig(), webDist: null, logger: false });
    await app.ready();
    const service = notificationsService(app.ctx);
    await database.db.transaction(async (tx) =>
      service.raise(tx as never, 'newsletter:worker-kill', 'newsletter', { subject: 'Worker kill', message: 'Hi' }),
    );
    // Materialise the fan-out here, so both workers find all N deliveries queued.
    await service.expandFanouts({ maxChunks: 100 });
    await app.close();
  }, PROCESS_TEST_TIMEOUT);

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await Promise.all(children.map(exited));
    await smtp?.close();
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses nothing, re-sends only the sends in flight (same Message-ID), and the survivor takes over within the lease', async () => {
    const counts = async () =>
      Object.fromEntries(
        (
          await database.query<{ status: string; n: number }>(
            `select status, count(*)::int as n from notification_deliveries group by status`,
          )
        ).rows.map((r) => [r.status, r.n]),
      ) as Record<string, number>;
    expect(await counts()).toEqual({ queued: N });

    const a = worker('a');
    const b = worker('b');
    const fromA = () => smtp.received.filter((m) => m.from === 'worker-a@roundup.test').length;
    const fromB = () => smtp.received.filter((m) => m.from === 'worker-b@roundup.test').length;
    const log = () => `${smtp.received.length} received (a ${fromA()}, b ${fromB()})\n${output}`;

    // 1. Both deliver (A waits for its answers until B is up, so that A cannot finish alone on a
    // busy machine, nor B before A has started). Once A has sent some and a good part has arrived,
    // the SMTP server stops answering A (its messages arrive, their "250 OK" does not), so that A
    // surely has sends in flight that the server already holds; then A is killed hard.
    smtp.hold((m) => m.from === 'worker-a@roundup.test');
    await until('worker B delivering', () => fromB() >= 1, log);
    smtp.release();
    await until('both workers delivering', () => fromA() >= 10 && smtp.received.length >= N / 3, log);
    smtp.hold((m) => m.from === 'worker-a@roundup.test');
    await until('a send of A in flight', () => smtp.held() >= 1, log);
    a.kill('SIGKILL');
    await exited(a);
    const killedAt = Date.now();
    const inFlightHeld = smtp.held();
    smtp.release();
    const receivedAtKill = smtp.received.length;
    expect(receivedAtKill, log()).toBeLessThan(N); // really killed mid-way

    // What A held when it died: its claims are the rows in `sending` that B does not hold. B's
    // leases keep moving (heartbeat), A's no longer do; both are read now and told apart below.
    const atKill = new Map(
      (
        await database.query<{ id: string; idem_key: string; attempts: number; locked_until: Date }>(
          `select id::text as id, idem_key, attempts, locked_until from notification_deliveries where status = 'sending'`,
        )
      ).rows.map((r) => [r.idem_key, r]),
    );

    // 2. B finishes everything, the dead worker's claims included.
    await until('every delivery sent', async () => (await counts()).sent === N, log);
    b.kill('SIGTERM');
    expect(await exited(b), output).toBe(0);

    // 3. Nothing lost: every member got the message, and every row is sent.
    const keys = smtp.received.map(keyOf);
    expect(keys.every(Boolean), 'every message carries its delivery key').toBe(true);
    const byKey = new Map<string, ReceivedMail[]>();
    for (const m of smtp.received) byKey.set(keyOf(m)!, [...(byKey.get(keyOf(m)!) ?? []), m]);
    expect(byKey.size, log()).toBe(N);
    expect(await counts()).toEqual({ sent: N });

    // The dead worker's claims are the rows claimed a second time (no send failed here, so no
    // other row was claimed twice).
    const final = await database.query<{ idem_key: string; attempts: number }>(
      `select idem_key, attempts from notification_deliveries`,
    );
    const reclaimed = final.rows.filter((r) => r.attempts > 1).map((r) => r.idem_key);
    expect(reclaimed.length, `A held claims when it died\n${log()}`).toBeGreaterThan(0);
    expect(final.rows.every((r) => r.attempts <= 2)).toBe(true);
    for (const k of reclaimed) expect(atKill.has(k), `${k} was in sending when A died`).toBe(true);

    // 4. Duplicates: only messages A was sending when it died, at most its `concurrency` sends in
    // flight; each copy carries the same Message-ID, so a mail client shows one message.
    const duplicated = [...byKey].filter(([, ms]) => ms.length > 1);
    for (const [key, ms] of duplicated) {
      expect(ms).toHaveLength(2);
      expect(reclaimed, `${key} was one of A's claims`).toContain(key);
      expect(ms[0].from).toBe('worker-a@roundup.test');
      expect(ms[0].at).toBeLessThanOrEqual(killedAt);
      expect(ms[1].from).toBe('worker-b@roundup.test');
      expect(messageIdOf(ms[1])).toBe(messageIdOf(ms[0]));
    }
    expect(duplicated.length, log()).toBeGreaterThanOrEqual(inFlightHeld);
    expect(duplicated.length, log()).toBeLessThanOrEqual(CONCURRENCY);
    // Every message's Message-ID is its own and stable: one per delivery key.
    const ids = new Map([...byKey].map(([k, ms]) => [k, messageIdOf(ms[0])]));
    expect(new Set(ids.values()).size).toBe(N);
    expect([...ids.values()].every((id) => id && /^<[^@\s<>]+@[^@\s<>]+>$/.test(id))).toBe(true);

    // 5. The takeover: A's leases, kept short by its heartbeat, ended at most one lease after the
    // kill (not the old two minutes), and B sent none of A's claims before they ended.
    const deadLeases = reclaimed.map((k) => new Date(atKill.get(k)!.locked_until).getTime());
    expect(Math.max(...deadLeases) - killedAt).toBeLessThanOrEqual(LEASE_MS);
    const resent = reclaimed.map((k) => {
      const ms = byKey.get(k)!;
      return ms[ms.length - 1];
    });
    for (const m of resent) expect(m.from).toBe('worker-b@roundup.test');
    const firstResend = Math.min(...resent.map((m) => m.at));
    const lastResend = Math.max(...resent.map((m) => m.at));
    expect(firstResend).toBeGreaterThanOrEqual(Math.min(...deadLeases));
    // B claims lapsed claims ahead of queued work, so they go out right after their lease (the bound
    // is hang detection for a busy machine, not a speed budget).
    expect(lastResend - Math.max(...deadLeases)).toBeLessThan(30_000);
    console.log(
      `worker kill: ${N} deliveries, ${receivedAtKill} received at the kill, A held ${reclaimed.length} claims ` +
        `(leases ended ${Math.round(Math.min(...deadLeases) - killedAt)}..${Math.round(Math.max(...deadLeases) - killedAt)} ms after the kill), ` +
        `${duplicated.length} duplicates (${inFlightHeld} sends held in flight by the server, ≤ ${CONCURRENCY}), 0 lost; B re-sent A's claims ` +
        `${firstResend - killedAt}..${lastResend - killedAt} ms after the kill (lease ${LEASE_MS} ms)`,
    );
  }, 240_000);
});
