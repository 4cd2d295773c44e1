import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { BRIEFLY_UNAVAILABLE, CHANGED_MEANWHILE, GENERIC_500, issueMessage, mapError } from './envelope';

describe('envelope error mapping', () => {
  it.each([
    [new AppError('BAD_REQUEST', 'Nope'), 400, 'Nope'],
    [new AppError('VALIDATION', 'Bad field'), 400, 'Bad field'],
    [new AppError('UNAUTHENTICATED', 'Please sign in'), 401, 'Please sign in'],
    [new AppError('FORBIDDEN', 'No'), 403, 'No'],
    [new AppError('NOT_FOUND', 'Gone'), 404, 'Gone'],
    [new AppError('CONFLICT', 'Taken'), 409, 'Taken'],
    [new AppError('RATE_LIMITED', 'Slow down'), 429, 'Slow down'],
    [new AppError('UNAVAILABLE', 'Down'), 503, 'Down'],
    [
      Object.assign(new Error('body too large'), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' }),
      413,
      'The request is too large.',
    ],
    [
      Object.assign(new Error('x'), { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' }),
      415,
      'Send the request as JSON.',
    ],
    [
      Object.assign(new SyntaxError('Unexpected end of JSON input'), { statusCode: 400 }),
      400,
      'The request body is not valid JSON.',
    ],
    [Object.assign(new Error('limit'), { statusCode: 429 }), 429, 'Too many requests. Please wait a moment and try again.'],
    [
      new Error('Failed query', {
        cause: Object.assign(new Error('value "99999999999" is out of range for type integer'), { code: '22003' }),
      }),
      400,
      'A value in the request is out of range or not in the expected format.',
    ],
    [
      Object.assign(new Error('invalid input syntax for type uuid'), { code: '22P02' }),
      400,
      'A value in the request is out of range or not in the expected format.',
    ],
    [
      new Error('Failed query', { cause: Object.assign(new Error('duplicate key'), { code: '23505' }) }),
      409,
      'That already exists.',
    ],
    [
      new Error('Failed query', {
        cause: Object.assign(new Error('insert or update on table "trades" violates foreign key constraint'), {
          code: '23503',
          constraint: 'trades_split_id_reverse_splits_id_fk',
        }),
      }),
      409,
      CHANGED_MEANWHILE,
    ],
    [
      Object.assign(new Error('violates foreign key constraint'), { code: '23503' }),
      409,
      'That item was changed or removed meanwhile; reload and try again.',
    ],
    [new Error('connection refused to 10.0.0.1: select * from users'), 500, GENERIC_500],
    [new TypeError("Cannot read properties of undefined (reading 'x')"), 500, GENERIC_500],
    ['a thrown string', 500, GENERIC_500],
  ])('maps %s to %i', (err, status, msg) => {
    const m = mapError(err);
    expect(m.status).toBe(status);
    expect(m.errors[0].msg).toBe(msg);
    expect(m.log).toBe(status >= 500);
  });

  it.each([
    [
      'an ended session (pg_terminate_backend, restart)',
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ],
    [
      'the same inside a Drizzle query error',
      new Error('Failed query: update trades', { cause: Object.assign(new Error('x'), { code: '57P01' }) }),
    ],
    [
      'a connection refused while the server restarts',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['a connection that ended mid-transaction', new Error('Connection terminated unexpectedly')],
    [
      'a lock held elsewhere past lock_timeout',
      new Error('Failed query: update "trades"', {
        cause: Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03', dbTable: 'trades' }),
      }),
    ],
    [
      'a statement past statement_timeout',
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
    ],
    ['no answer within the client query timeout', new Error('Query read timeout')],
    ['no free connection in the pool', new Error('timeout exceeded when trying to connect')],
  ])('answers 503 with Retry-After for %s, for the outage log (not one warning each)', (_name, err) => {
    const m = mapError(err);
    expect(m.status).toBe(503);
    expect(m.errors[0].msg).toBe(BRIEFLY_UNAVAILABLE);
    expect(m.headers?.['retry-after']).toMatch(/^\d+$/);
    expect(m.log).toBe(false);
    expect(m.fault).toBeDefined();
  });

  it('lists several messages of one AppError', () => {
    expect(mapError(new AppError('VALIDATION', 'a', { messages: ['a', 'b'] })).errors).toEqual([{ msg: 'a' }, { msg: 'b' }]);
  });

  it('adds Retry-After for rate limits that know it', () => {
    expect(mapError(new AppError('RATE_LIMITED', 'x', { retryAfterSeconds: 60 })).headers).toEqual({ 'retry-after': '60' });
  });

  it('prefixes generic validation messages with the field', () => {
    expect(issueMessage('price', 'Invalid input: expected number, received string')).toBe(
      'price: Invalid input: expected number, received string',
    );
    expect(issueMessage('email', 'Please enter a valid email address')).toBe('Please enter a valid email address');
    expect(issueMessage('', 'Invalid input')).toBe('Invalid input');
  });
});
