// Runs the Playwright journeys when a Chromium is found; E2E=required makes a missing browser fail.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const found = candidates.find((p) => existsSync(p));
if (!found) {
  if (process.env.E2E === 'required') {
    console.error('E2E=required but no Chromium was found (set CHROMIUM_PATH or install Debian chromium).');
    process.exit(1);
  }
  console.log(
    [
      'Skipping e2e: no Chromium found.',
      'To run the browser journeys: install Chromium (Debian/Ubuntu: `sudo apt-get install -y chromium`)',
      'or point CHROMIUM_PATH at any Chromium or Chrome binary, then `npm run build && npm run test:e2e`',
      '(README, "Tests").',
    ].join('\n'),
  );
  process.exit(0);
}
const r = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
