import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { DataDirInUseError, lockPathFor } from '../src/db/data-dir-lock';
import { dbKind, PROCESS_TEST_TIMEOUT } from './helpers';

/**
 * Two processes on one embedded PGlite directory lost writes. The second opener
 * refuses and names the holder; a lock left by a dead process is taken over; `npm run worker`
 * without DATABASE_URL explains that it needs PostgreSQL while the web server holds the database.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dirs: string[] = [];
const children: ChildProcess[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'roundup-lock-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Starts a process that opens `dir` and holds it; resolves once it has. */
function holder(dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/fixtures/hold-pglite.ts', dir], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('ready')) resolve(child);
    });
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => reject(new Error(`holder exited ${code}: ${out}`)));
  });
}

describe.skipIf(dbKind !== 'pglite')('one process per embedded database directory', () => {
  it(
    'a second open in the same process is refused with the holder’s pid; after close it opens again',
    async () => {
      const dir = path.join(tempDir(), 'pglite');
      const first = await openDatabase({ dataDir: dir });
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
        new RegExp(`already open by process ${process.pid} \\(this process\\)`),
      );
      await first.close();
      expect(existsSync(lockPathFor(dir))).toBe(false);
      const again = await openDatabase({ dataDir: dir });
      await again.close();
    },
    PROCESS_TEST_TIMEOUT,
  );

  it(
    'a second process is refused while the first holds the directory, and takes it over once the first is killed',
    async () => {
      const dir = path.join(tempDir(), 'pglite');
      const child = await holder(dir);
      const err = await openDatabase({ dataDir: dir }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DataDirInUseError);
      expect((err as Error).message).toContain(`already open by process ${child.pid}`);
      expect((err as Error).message).toMatch(/one process at a time.*DATABASE_URL/s);

      // `npm run worker` without DATABASE_URL, while the "web server" holds the database.
      const worker = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/worker.ts'], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'production',
          DATA_DIR: path.dirname(dir),
          TOKEN_PEPPER: 'lock-test-pepper-lock-test-pepper-0123456',
        },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(worker.status, worker.stderr).toBe(1);
      expect(worker.stderr).toContain('npm run worker needs PostgreSQL: set DATABASE_URL');
      expect(worker.stderr).toContain(`process ${child.pid} has it open`);

      // SIGKILL leaves the lock behind; its pid is gone, so the next opener takes over and sees the data.
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await gone;
      expect(JSON.parse(readFileSync(lockPathFor(dir), 'utf8')).pid).toBe(child.pid);
      const database = await openDatabase({ dataDir: dir });
      try {
        expect(JSON.parse(readFileSync(lockPathFor(dir), 'utf8')).pid).toBe(process.pid);
        const { rows } = await database.query<{ pid: number }>('select pid from held');
        expect(rows).toEqual([{ pid: child.pid }]);
      } finally {
        await database.close();
      }
    },
    PROCESS_TEST_TIMEOUT,
  );

  it(
    'takes over a lock whose process is gone, or that a previous process with this pid left',
    async () => {
      const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
      for (const pid of [dead, process.pid]) {
        const dir = path.join(tempDir(), 'pglite');
        writeFileSync(
          lockPathFor(dir),
          JSON.stringify({ pid, host: hostname(), startedAt: '2026-01-01T00:00:00.000Z', id: 'stale' }),
        );
        const database = await openDatabase({ dataDir: dir });
        expect(JSON.parse(readFileSync(lockPathFor(dir), 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
        await database.close();
      }
    },
    PROCESS_TEST_TIMEOUT,
  );
});
