// Starts the built app for e2e on a fresh embedded database with known admin credentials.
import { rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, '.tmp/e2e-data');
rmSync(dataDir, { recursive: true, force: true });
const child = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '3100',
    APP_URL: `http://localhost:${process.env.E2E_PORT ?? '3100'}`,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'admin@e2e.test',
    ADMIN_PASSWORD: 'admin-e2e-password',
    RATE_LIMIT_SCALE: '50',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    SMTP_URL: process.env.E2E_SMTP_URL ?? '',
  },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
