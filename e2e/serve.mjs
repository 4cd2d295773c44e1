// Starts the built app for e2e on a fresh embedded database with known admin credentials.
import { rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, '.tmp/e2e-data');
rmSync(dataDir, { recursive: true, force: true });

// A local EDGAR peer, so the discovery journey reads recorded filings (no network).
const peer = spawn(process.execPath, ['--import', 'tsx', 'e2e/edgar-peer.ts'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const edgar = await new Promise((resolve, reject) => {
  let out = '';
  peer.stdout.on('data', (d) => {
    out += d;
    const m = /EDGAR_PEER (\S+)/.exec(out);
    if (m) resolve(m[1]);
  });
  peer.on('exit', (code) => reject(new Error(`EDGAR peer exited (${code})`)));
});

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
    SEC_USER_AGENT: 'RoundUp e2e@example.com',
    EDGAR_SEARCH_URL: `${edgar}/LATEST/search-index`,
    EDGAR_ARCHIVES_URL: edgar,
    EDGAR_POLL_WINDOW: '00:00-24:00',
    // The confirmation journey serves Nasdaq's daily list itself on this port (e2e/confirmation.spec.ts).
    NASDAQ_DAILY_LIST_URL: `http://127.0.0.1:${Number(process.env.E2E_PORT ?? '3100') + 1000}/dynamic/dailylist/{date}.txt`,
  },
});
for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, () => {
    peer.kill(sig);
    child.kill(sig);
  });
child.on('exit', (code) => {
  peer.kill();
  process.exit(code ?? 0);
});
