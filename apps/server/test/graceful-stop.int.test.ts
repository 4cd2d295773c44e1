import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dbKind, PROCESS_TEST_TIMEOUT } from './helpers';

/**
 * The server as production runs it: the JavaScript bundle of apps/server/build.mjs under plain node,
 * no transpiler, built here beside the real dist. SIGTERM with a live stream open
 * (decision 017): the process stops accepting, ends the stream, finishes and exits 0
 * within 10 s. Runs on embedded PGlite in a temporary data dir.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'roundup-stop-'));
const dist = path.join(root, `apps/server/.tmp-dist-${process.pid}`);
let child: ChildProcess | null = null;

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(dist, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

// The process runs on its own embedded database whatever the project: once (server-pglite) is enough.
describe.skipIf(dbKind !== 'pglite')('graceful stop', () => {
  it(
    'runs from its JavaScript bundle, ends open live streams and exits within 10 s on SIGTERM',
    async () => {
      const build = spawnSync(process.execPath, ['apps/server/build.mjs', '--outdir', dist], { cwd: root, encoding: 'utf8' });
      expect(build.status, build.stderr).toBe(0);
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const proc = spawn(process.execPath, [path.join(dist, 'main.js')], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          NODE_ENV: 'development',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      let out = '';
      proc.stdout!.on('data', (d) => (out += String(d)));
      proc.stderr!.on('data', (d) => (out += String(d)));
      const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
      await new Promise<void>((resolve, reject) => {
        const check = () => (out.includes('RoundUp is running') ? resolve() : undefined);
        proc.stdout!.on('data', check);
        void exited.then(() => reject(new Error(`server exited early:\n${out}`)));
      });

      const reg = await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: 'stopper',
          email: 'stopper@example.com',
          password: 'correct horse battery',
          consent: true,
        }),
      });
      const token = ((await reg.json()) as { data: { token: string } }).data.token;
      const stream = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${token}` } });
      expect(stream.status).toBe(200);
      const reader = stream.body!.getReader();
      let text = '';
      while (!text.includes('event: hello')) text += new TextDecoder().decode((await reader.read()).value);

      proc.kill('SIGTERM');
      // The stream ends (the client would reconnect elsewhere) ...
      for (;;) {
        const chunk = await reader.read().catch(() => ({ done: true as const }));
        if (chunk.done) break;
      }
      // ... and the process exits cleanly, well before a 10 s deadline.
      const deadline = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 10_000).unref());
      expect(await Promise.race([exited, deadline]), out).toBe(0);
      // It no longer accepts connections.
      await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    },
    PROCESS_TEST_TIMEOUT,
  );
});
