import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Runs the CLI as `npm run --silent edgar:classify` does (tsx), with no database or network settings. */
async function classify(lines: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/scripts/edgar-classify.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += String(d)));
  child.stderr.on('data', (d) => (stderr += String(d)));
  child.stdin.end(lines.join('\n') + '\n');
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(status, stderr).toBe(0);
  return stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
}

describe('npm run edgar:classify', () => {
  // A process start: on a busy 2-core machine it has taken over 7 s. The limit only catches a hang.
  it('answers one JSON line per input line, and says which lines it could not read', { timeout: 120_000 }, async () => {
    const out = await classify([
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
