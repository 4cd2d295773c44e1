import { describe, expect, it } from 'vitest';
import { isRetryable, pgErrorCode, withRetry } from './retry';

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });
const wrapped = (code: string) => Object.assign(new Error('Failed query: update trades ...'), { cause: pgError(code) });

describe('pgErrorCode / isRetryable', () => {
  it.each([
    ['deadlock', pgError('40P01'), '40P01', true],
    ['serialization failure', pgError('40001'), '40001', true],
    ['deadlock wrapped by Drizzle', wrapped('40P01'), '40P01', true],
    ['unique violation', pgError('23505'), '23505', false],
    ['unique violation wrapped', wrapped('23505'), '23505', false],
    ['a Node error code is not a SQLSTATE', Object.assign(new Error('x'), { code: 'ECONNRESET' }), null, false],
    ['a plain error', new Error('x'), null, false],
    ['not an error', 'oops', null, false],
    ['null', null, null, false],
  ])('%s', (_name, err, code, retryable) => {
    expect(pgErrorCode(err)).toBe(code);
    expect(isRetryable(err)).toBe(retryable);
  });
});

describe('withRetry', () => {
  it('runs again after deadlocks and serialization failures, then answers', async () => {
    const errors = [pgError('40P01'), wrapped('40001')];
    let runs = 0;
    const out = await withRetry(
      async () => {
        runs += 1;
        const e = errors.shift();
        if (e) throw e;
        return 'saved';
      },
      { baseDelayMs: 0 },
    );
    expect(out).toBe('saved');
    expect(runs).toBe(3);
  });

  it('does not run again for other errors', async () => {
    let runs = 0;
    await expect(
      withRetry(async () => {
        runs += 1;
        throw pgError('23505');
      }),
    ).rejects.toThrow('pg 23505');
    expect(runs).toBe(1);
  });

  it('gives up after the last attempt and throws the database error', async () => {
    let runs = 0;
    await expect(
      withRetry(
        async () => {
          runs += 1;
          throw pgError('40P01');
        },
        { attempts: 3, baseDelayMs: 0 },
      ),
    ).rejects.toThrow('pg 40P01');
    expect(runs).toBe(3);
  });
});
