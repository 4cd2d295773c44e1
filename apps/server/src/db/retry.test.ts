import { describe, expect, it } from 'vitest';
import { isConnectionLost, isRetryable, pgErrorCode, withRetry } from './retry';

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

describe('isConnectionLost: the database briefly out of reach, not a fault of the statement', () => {
  const sys = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
  it.each([
    ['an operator ended the session (pg_terminate_backend)', pgError('57P01'), true],
    ['the server crashed', pgError('57P02'), true],
    ['the server is starting up (restart, failover)', pgError('57P03'), true],
    ['too many connections', pgError('53300'), true],
    ['connection exception class 08', pgError('08006'), true],
    ['the same, wrapped by Drizzle', wrapped('57P01'), true],
    ['refused while the server is down', sys('ECONNREFUSED'), true],
    ['reset by a network blip', sys('ECONNRESET'), true],
    ['pg: the socket ended mid-query', new Error('Connection terminated unexpectedly'), true],
    ['pg: a client whose connection failed', new Error('Client has encountered a connection error and is not queryable'), true],
    ['pg-pool: no connection within connectionTimeoutMillis', new Error('timeout exceeded when trying to connect'), true],
    [
      'Drizzle wrapping pg’s message',
      Object.assign(new Error('Failed query: select 1'), { cause: new Error('Connection terminated') }),
      true,
    ],
    ['a unique violation is the statement’s fault', pgError('23505'), false],
    ['a deadlock is retried, not a lost connection', pgError('40P01'), false],
    ['a syntax error', pgError('42601'), false],
    ['a plain bug', new TypeError('x is undefined'), false],
    ['not an error', 'oops', false],
  ])('%s', (_name, err, lost) => {
    expect(isConnectionLost(err)).toBe(lost);
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
