import { defineConfig } from '@playwright/test';
import { chromiumPath } from './chromium';

const PORT = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Timeouts catch hangs, not slowness: the CI machine runs these beside the Vitest suites on 2 cores, where a
  // journey takes up to three times as long as on a quiet machine (45 s cut two of them off).
  timeout: 90_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  outputDir: '../test-results',
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A trace's film strip (a screencast of every page for the whole journey) was about 30 % of the journeys' CPU,
    // so only the full run (CI) records it; a failing journey's trace keeps its actions, DOM snapshots and network.
    trace: { mode: 'retain-on-failure', screenshots: process.env.TEST_TIER === 'full' },
    launchOptions: {
      executablePath: chromiumPath() ?? undefined,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `node e2e/serve.mjs`,
    cwd: '..',
    url: `http://localhost:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(PORT) },
  },
});
