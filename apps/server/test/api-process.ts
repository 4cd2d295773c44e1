import path from 'node:path';

/** A real API process (apps/server/src/main.ts through tsx), as the fault tests start it. */
export interface ApiProcess {
  child: import('node:child_process').ChildProcess;
  started: Promise<void>;
  /** Everything it printed so far (its pino JSON lines at LOG_LEVEL warn). */
  output(): string;
}
type StartProcess = (
  name: string,
  script: string,
  env: Record<string, string>,
  ready: string,
  o: { quiet: boolean },
) => ApiProcess;

/**
 * Starts an API on `databaseUrl` (migrated and given an admin on start; no demo data, no worker) listening on
 * 127.0.0.1:`port`, with the deployment's default pool and deadlines. Resolves once it says it is running.
 */
export async function startApi(o: { databaseUrl: string; port: number; adminPassword: string }): Promise<ApiProcess> {
  const script = path.resolve(import.meta.dirname, '../../../scripts/multi.mjs');
  const { startProcess } = (await import(script)) as { startProcess: StartProcess };
  const api = startProcess(
    'api',
    'apps/server/src/main.ts',
    {
      DATABASE_URL: o.databaseUrl,
      PORT: String(o.port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${o.port}`,
      RUN_WORKER: 'false',
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: o.adminPassword,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '1000',
    },
    'RoundUp is running',
    { quiet: true },
  );
  await api.started;
  return api;
}

/** SIGTERM, and until it exited (a graceful stop). */
export async function stopApi(api: ApiProcess | undefined): Promise<void> {
  if (!api || api.child.exitCode !== null) return;
  await new Promise((resolve) => {
    api.child.once('exit', resolve);
    api.child.kill('SIGTERM');
  });
}
