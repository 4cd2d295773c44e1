import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Runs the CLI as `npm run --silent edgar:classify` does (tsx), with no database or network settings. */
function classify(lines: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/scripts/edgar-classify.ts'], {
    cwd: ROOT,
    input: lines.join('\n') + '\n',
    env: { PATH: process.env.PATH ?? '' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
}

describe('npm run edgar:classify', () => {
  it('answers one JSON line per input line, and says which lines it could not read', () => {
    const out = classify([
      JSON.stringify({
        id: '0001000001-26-000010',
        text: '<html><body><p>Acme Robotics, Inc. will effect a 1-for-20 reverse stock split.</p><p>Fractional shares will be rounded up to the nearest whole share.</p><p>The common stock will begin trading on a split-adjusted basis on December 1, 2026.</p></body></html>',
      }),
      '{not json',
      JSON.stringify({ id: 'no-text' }),
      '',
      JSON.stringify({ id: 'plain', text: 'The quarterly dividend was declared.' }),
    ]);
    expect(out).toEqual([
      {
        id: '0001000001-26-000010',
        rounding: 'ROUND_UP',
        ratio: 20,
        marketDate: '2026-12-01',
        ticker: null,
        evidence: 'Fractional shares will be rounded up to the nearest whole share.',
      },
      { id: null, error: 'not JSON' },
      { id: 'no-text', error: 'expected {"id": string, "text": string}' },
      { id: 'plain', rounding: 'NONE', ratio: null, marketDate: null, ticker: null, evidence: null },
    ]);
  });
});
