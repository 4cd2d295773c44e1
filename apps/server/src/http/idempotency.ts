import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_IN_FLIGHT,
  IDEMPOTENCY_KEY_REUSED,
  IDEMPOTENCY_TTL_HOURS,
  isIdempotentRoute,
} from '@roundup/shared';
import type { RawQuery } from '../db/client';
import { AppError } from './app-error';

/**
 * Safe retries (decision 048). A member's write sent with an `Idempotency-Key` claims (member, key) with one
 * insert before its handler runs. The primary key serialises attempts: a retry that arrives while the first
 * is running finds the claim and waits for its answer; a retry after it gets the stored status and body and
 * the handler does not run again. The claim and the answer are rows of their own, committed apart from the
 * request's write: a 5xx or 429 answer drops the claim (the request failed, and a retry runs it), an answer the
 * database was not there to take is stored once it is back, and a claim left by a process that died is taken
 * over after CLAIM_STALE_SECONDS.
 */
export interface IdempotencyOptions {
  query: RawQuery;
  /** How long a retry waits for the first attempt's answer before a 409 (ms). */
  waitMs?: number;
  /** Between two looks at the first attempt's row while waiting (ms). */
  pollMs?: number;
}

/** A claim whose request has not answered in this long was left by a process that stopped; a retry takes it. */
export const CLAIM_STALE_SECONDS = 60;
/** Between two tries to store an answer while the database is away (a restart or failover takes a few seconds). */
const RESOLVE_RETRY_MS = 500;

/** Answers that say nothing about the request itself (who, when, our fault) are not kept: a retry runs again. */
export const keepsAnswer = (status: number): boolean =>
  status < 500 && status !== 401 && status !== 403 && status !== 408 && status !== 429;

interface Claim {
  userId: string;
  key: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim: Claim | null;
  }
}

interface StoredRow {
  fingerprint: string;
  status: number | null;
  body: string | null;
}

/** The same member, route and body: the method, the route's path, the URL's own path and the parsed body. */
export function fingerprintOf(req: Pick<FastifyRequest, 'method' | 'url' | 'body'>): string {
  return createHash('sha256')
    .update(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`)
    .digest('hex');
}

const CLAIM = `insert into idempotency_keys (user_id, key, fingerprint, expires_at)
  values ($1, $2, $3, now() + make_interval(hours => ${IDEMPOTENCY_TTL_HOURS}))
  on conflict (user_id, key) do update
    set fingerprint = excluded.fingerprint, status = null, body = null, created_at = now(), expires_at = excluded.expires_at
    where idempotency_keys.expires_at < now()
       or (idempotency_keys.status is null and idempotency_keys.created_at < now() - make_interval(secs => ${CLAIM_STALE_SECONDS}))
  returning 1 as claimed`;
// Keys past their day go on a member's next write, a few at a time, so no job has to sweep them.
const PURGE = `delete from idempotency_keys where ctid in (
  select ctid from idempotency_keys where expires_at < now() limit 50)`;

/** Fastify hooks for the routes in IDEMPOTENT_ROUTES; requests without the header are untouched. */
export const idempotencyPlugin = fp(async (app: FastifyInstance, opts: IdempotencyOptions) => {
  const { query } = opts;
  const waitMs = opts.waitMs ?? 10_000;
  const pollMs = opts.pollMs ?? 50;
  app.decorateRequest('idempotencyClaim', null);

  async function replayOrWait(req: FastifyRequest, reply: FastifyReply, claim: Claim, fingerprint: string) {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const won = await query<{ claimed: number }>(CLAIM, [claim.userId, claim.key, fingerprint]);
      if (won.rows.length) {
        req.idempotencyClaim = claim;
        return;
      }
      const { rows } = await query<StoredRow>(
        'select fingerprint, status, body from idempotency_keys where user_id = $1 and key = $2',
        [claim.userId, claim.key],
      );
      const row = rows[0];
      if (row && row.fingerprint !== fingerprint) throw new AppError('UNPROCESSABLE', IDEMPOTENCY_KEY_REUSED);
      if (row?.status != null) {
        return reply
          .status(row.status)
          .header('content-type', 'application/json; charset=utf-8')
          .header('idempotent-replayed', 'true')
          .send(row.body ?? '');
      }
      // The first attempt is still running (or its claim just went with a failed answer: claim again).
      if (Date.now() >= deadline) throw new AppError('CONFLICT', IDEMPOTENCY_KEY_IN_FLIGHT, { retryAfterSeconds: 1 });
      if (row) await sleep(pollMs);
    }
  }

  app.addHook('preHandler', async (req, reply) => {
    const key = req.headers[IDEMPOTENCY_HEADER];
    const route = req.routeOptions.url;
    if (typeof key !== 'string' || !req.principal || !route || !isIdempotentRoute(req.method, route)) return;
    const claim = { userId: req.principal.user.id, key };
    await replayOrWait(req, reply, claim, fingerprintOf({ method: req.method, url: route, body: req.body }));
    if (req.idempotencyClaim) await query(PURGE).catch(() => undefined);
  });

  /**
   * Stores the answer, or drops the claim. When the database is away (the very fault that failed the request),
   * this is tried again every RESOLVE_RETRY_MS until it works or the claim is stale anyway: otherwise a retry
   * of the member's write would wait on a claim nobody answers until CLAIM_STALE_SECONDS.
   */
  async function resolveClaim(claim: Claim, status: number, payload: unknown, log: FastifyRequest['log']) {
    const resolve = () =>
      keepsAnswer(status) && typeof payload === 'string'
        ? query('update idempotency_keys set status = $3, body = $4 where user_id = $1 and key = $2', [
            claim.userId,
            claim.key,
            status,
            payload,
          ])
        : query('delete from idempotency_keys where user_id = $1 and key = $2 and status is null', [claim.userId, claim.key]);
    try {
      await resolve();
    } catch (err) {
      log.warn({ err }, 'idempotency key: the answer could not be stored yet; trying again in the background');
      const giveUpAt = Date.now() + CLAIM_STALE_SECONDS * 1000;
      const again = () =>
        setTimeout(() => {
          resolve().catch(() => (Date.now() < giveUpAt && !closed ? again() : undefined));
        }, RESOLVE_RETRY_MS).unref();
      again();
    }
  }
  let closed = false;
  app.addHook('onClose', async () => {
    closed = true;
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const claim = req.idempotencyClaim;
    if (!claim) return payload;
    req.idempotencyClaim = null;
    // The answer goes out as it is, whatever happens to its copy.
    await resolveClaim(claim, reply.statusCode, payload, req.log);
    return payload;
  });
});
