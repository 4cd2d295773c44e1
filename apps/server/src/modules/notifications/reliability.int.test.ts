import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { migrate, openDatabase, type Database } from '../../db/client';
import { testConfig } from '../../env';
import { dbKind, freshDatabase, PROCESS_TEST_TIMEOUT } from '../../../test/helpers';
import { startSmtpSink } from '../../../test/smtp';
import { notificationsService } from './service';

/**
 * Killing the worker process (SIGKILL) in the middle of a batch and starting it again loses no
 * message and duplicates at most the messages that were in flight, each copy with the same
 * Message-ID. On embedded PGlite (one process at a time); on PostgreSQL, worker-kill.int.test.ts
 * kills one of two workers running side by side and checks the takeover too.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const N = 300;
const CONCURRENCY = 10;

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let dataDir: string;
let pgDatabase: Database | null = null;

async function openForSetup(): Promise<Database> {
  if (dbKind === 'postgres') return (pgDatabase = await freshDatabase());
  const database = await openDatabase({ pglite: new PGlite(path.join(dataDir, 'pglite')) });
  await migrate(database);
  return database;
}

function workerProcess(env: Record<string, string>): ChildProcess {
  const dbEnv = dbKind === 'postgres' ? { DATABASE_URL: pgDatabase!.url! } : {};
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/worker.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      TOKEN_PEPPER: 'reliability-pepper-reliability-pepper-0123',
      SMTP_URL: smtp.url,
      WORKER_BATCH: '100',
      WORKER_CONCURRENCY: String(CONCURRENCY),
      WORKER_LEASE_MS: '1500',
      WORKER_POLL_MS: '100',
      ...dbEnv,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
const keyOf = (raw: string) => /X-RoundUp-Delivery:\s*(\S+)/i.exec(raw.replace(/\r?\n(?=[ \t])/g, ''))?.[1] ?? null;
const messageIdOf = (raw: string) => /^Message-ID:\s*(<[^>\s]+>)/im.exec(raw.replace(/\r?\n(?=[ \t])/g, ''))?.[1] ?? null;

describe.skipIf(dbKind === 'postgres')('worker crash (SIGKILL mid-batch)', () => {
  beforeAll(async () => {
    smtp = await startSmtpSink();
    dataDir = mkdtempSync(path.join(tmpdir(), 'roundup-reliability-'));
    const database = await openForSetup();
    await database.query(
      `insert into users (username, email, password_hash, role, email_validated)
       select 'rel' || g, 'rel' || g || '@example.com', 'x', 'Pro', true from generate_series(1, ${N}) g`,
    );
    const app = await buildApp({ database, config: testConfig(), webDist: null, logger: false });
    await app.ready();
    await database.db.transaction(async (tx) =>
      notificationsService(app.ctx).raise(tx as never, 'newsletter:reliability', 'newsletter', {
        subject: 'Reliability',
        message: 'Hi',
      }),
    );
    await app.close();
    if (dbKind === 'pglite') await database.close();
  }, PROCESS_TEST_TIMEOUT);

  afterAll(async () => {
    await smtp.close();
    await pgDatabase?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'loses nothing and re-sends at most the messages in flight',
    async () => {
      // 1. A worker starts delivering; kill it hard once a good part has arrived.
      const first = workerProcess({});
      let stderr = '';
      first.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
      const firstExit = exited(first);
      const deadline = Date.now() + 90_000;
      while (smtp.received.length < N / 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(smtp.received.length, stderr).toBeGreaterThanOrEqual(N / 3);
      first.kill('SIGKILL');
      await firstExit;
      const beforeRestart = smtp.received.length;
      expect(beforeRestart).toBeLessThan(N); // really killed mid-way

      // 2. Start again and let it finish (it waits for the killed worker's leases to lapse).
      const second = workerProcess({ WORKER_DRAIN: 'true' });
      let out = '';
      second.stdout!.on('data', (c: Buffer) => (out += c.toString()));
      second.stderr!.on('data', (c: Buffer) => (out += c.toString()));
      expect(await exited(second), out).toBe(0);

      // 3. Every message arrived; duplicates only among the ones in flight at the kill.
      const keys = smtp.received.map((m) => keyOf(m.raw));
      expect(keys.every(Boolean)).toBe(true);
      const unique = new Set(keys);
      expect(unique.size).toBe(N);
      const duplicates = keys.length - unique.size;
      expect(duplicates).toBeLessThanOrEqual(CONCURRENCY);
      // One Message-ID per delivery, the same on the re-sent copy.
      const ids = new Map<string, Set<string | null>>();
      for (const m of smtp.received) ids.set(keyOf(m.raw)!, (ids.get(keyOf(m.raw)!) ?? new Set()).add(messageIdOf(m.raw)));
      expect([...ids.values()].every((s) => s.size === 1 && [...s][0] !== null)).toBe(true);
      expect(new Set([...ids.values()].map((s) => [...s][0])).size).toBe(N);

      const database =
        dbKind === 'postgres' ? pgDatabase! : await openDatabase({ pglite: new PGlite(path.join(dataDir, 'pglite')) });
      const r = await database.query<{ status: string; n: number }>(
        `select status, count(*)::int as n from notification_deliveries group by status`,
      );
      expect(r.rows).toEqual([{ status: 'sent', n: N }]);
      if (dbKind === 'pglite') await database.close();
    },
    PROCESS_TEST_TIMEOUT,
  );
});
