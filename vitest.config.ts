import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const serverIntegration = (kind: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${kind}`,
    root: 'apps/server',
    include: ['src/**/*.int.test.ts', 'test/**/*.int.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    env: { TEST_DB_KIND: kind },
    // Files share one module graph per worker (no re-import per file: about 80 s less on 2 cores).
    // So server code keeps no module-level state between apps: registries, limiters and caches
    // belong to the app that buildApp() makes.
    isolate: false,
    // Hang detection, not a speed budget: beside the browser journeys on 2 cores a test that takes 3 s alone
    // has taken over 30 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/shared/src/**/*.test.ts',
            // Integration files are left out by name, not by an `exclude` of this project's own: a project that sets
            // `exclude` drops the command line's `--exclude`, which is how `npm test` leaves out the full tier's files.
            'apps/server/src/**/!(*.int).test.ts',
            'scripts/**/*.test.ts',
            'apps/web/build/**/*.test.ts',
            'eslint/**/*.test.ts',
          ],
          // One module graph per worker, as for the integration projects (decision 034): 25 s → 10 s alone.
          isolate: false,
          // Hang detection, not a speed budget: reading whole filings took 7 s at load average 27.
          testTimeout: 60_000,
        },
      },
      serverIntegration('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverIntegration('postgres')] : []),
      ...(existsSync('apps/web/vitest.config.ts') ? ['apps/web/vitest.config.ts'] : []),
    ],
    pool: 'forks',
    maxWorkers: 2,
  },
});
