import { describe, expect, it } from 'vitest';
import { playwrightTimes, slowest, vitestTimes } from './slowest.mjs';

describe('the slowest tests of a run', () => {
  it('reads Vitest and Playwright reports and ranks their tests, slowest first', () => {
    const vitest = {
      testResults: [
        {
          name: '/repo/apps/server/test/a.int.test.ts',
          assertionResults: [
            { fullName: 'a fast one', duration: 12 },
            { fullName: 'a slow one', duration: 9_000 },
          ],
        },
      ],
    };
    const playwright = {
      suites: [
        {
          title: 'journey.spec.ts',
          file: 'journey.spec.ts',
          specs: [],
          suites: [
            {
              title: 'a member',
              file: 'journey.spec.ts',
              specs: [
                {
                  title: 'records a trade',
                  file: 'journey.spec.ts',
                  tests: [{ results: [{ duration: 20_000 }, { duration: 5_000 }] }],
                },
              ],
            },
          ],
        },
      ],
    };
    const times = [...vitestTimes(vitest, '/repo'), ...playwrightTimes(playwright)];
    expect(slowest(times, 2)).toEqual([
      { name: 'a member › records a trade', file: 'e2e/journey.spec.ts', ms: 25_000 },
      { name: 'a slow one', file: 'apps/server/test/a.int.test.ts', ms: 9_000 },
    ]);
    expect(slowest(times, 10)).toHaveLength(3);
    expect(vitestTimes(null)).toEqual([]);
  });
});
