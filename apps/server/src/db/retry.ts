import { setTimeout as sleep } from 'node:timers/promises';

/**
 * PostgreSQL answers a transaction that lost a race with `40001` (serialization failure) or
 * `40P01` (deadlock detected): nothing was written and running it again is safe. Decision 010.
 */
export const RETRYABLE_CODES: ReadonlySet<string> = new Set(['40001', '40P01']);

/** The SQLSTATE of a database error (drivers and Drizzle nest it under `cause`), or null. */
export function pgErrorCode(err: unknown): string | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

export const isRetryable = (err: unknown): boolean => RETRYABLE_CODES.has(pgErrorCode(err) ?? '');

export interface RetryOptions {
  /** Runs in all, the first included (default 8). */
  attempts?: number;
  /** Upper bound of the first random pause in ms, doubled after each failure (default 5). */
  baseDelayMs?: number;
}

/**
 * The one place that runs a use case again when the database aborted it for a deadlock or a
 * serialization failure. `fn` must be a whole unit of work (its own transaction, or one
 * statement): it re-reads what it needs, so a retry sees what the winner committed.
 */
export async function withRetry<T>(fn: () => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const attempts = opts.attempts ?? 8;
  const base = opts.baseDelayMs ?? 5;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= attempts || !isRetryable(err)) throw err;
      // Full jitter, so the transactions that collided do not collide again in step.
      await sleep(Math.random() * base * 2 ** (attempt - 1));
    }
  }
}

/**
 * SQLSTATEs that mean the connection, not the statement, failed: class 08 (connection exception),
 * 57P01–57P03 (the server is shutting down, crashed or still starting: a restart or failover) and
 * 53300 (too many connections).
 */
const CONNECTION_SQLSTATE = /^(08...|57P0[123]|53300)$/;

/** Socket errors of a connection that dropped or could not be made. */
const CONNECTION_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What node-postgres says, without a code, about a connection that is gone or never came. */
const CONNECTION_MESSAGE =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended unexpectedly|terminating connection/i;

/**
 * Whether `err` (or an error it wraps) is the database being briefly out of reach rather than a
 * fault of the statement: the request answers 503 with Retry-After, not 500.
 */
export function isConnectionLost(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_SQLSTATE.test(code) || CONNECTION_ERRNO.has(code))) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGE.test(message)) return true;
  }
  return false;
}
