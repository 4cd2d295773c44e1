import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  IDEMPOTENCY_APPLIED_STATUS,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_APPLIED,
  IDEMPOTENCY_KEY_IN_FLIGHT,
  IDEMPOTENCY_KEY_REUSED,
  IDEMPOTENCY_TTL_HOURS,
  isIdempotentRoute,
} from '@roundup/shared';
import type { RawQuery } from '../db/client';
import type { CommitHook, WithCommitHook } from '../db/commit-hooks';
import { AppError } from './app-error';

/**
 * Safe retries (decision 048). A member's write sent with an `Idempotency-Key` claims (member, key) with one
 * insert before its handler runs. The primary key serialises attempts: a retry that arrives while the first
 * is running finds the claim and waits for its answer; a retry after it gets the stored status and body and
 * the handler does not run again. Every transaction the request commits marks the claim `applied` inside
 * itself, just before its COMMIT (db/commit-hooks.ts): the write and the fact that it was made commit together.
 * So a claim is dropped only when nothing was written (a 5xx or 429 before any commit: the retry runs it); a
 * write that committed and then answered 5xx keeps its claim with an honest answer (IDEMPOTENCY_KEY_APPLIED),
 * never a second write. An answer the database was not there to take is stored once it is back, and a claim
 * left by a process that died is taken over after CLAIM_STALE_SECONDS, or answered as applied if it was.
 */
export interface IdempotencyOptions {
  query: RawQuery;
  /** Scopes the request's transactions so each marks the claim before it commits (Database.withCommitHook). */
  withCommitHook: WithCommitHook;
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

/** What a retry of a write that committed, but whose own answer was lost, is told (kept like any answer). */
export const APPLIED_BODY = JSON.stringify({ data: null, errors: [{ msg: IDEMPOTENCY_KEY_APPLIED }] });

interface Claim {
  userId: string;
  key: string;
  /** This request's hold on the key: a claim taken over by a retry is no longer this one's to mark or answer. */
  attempt: string;
  /** Until the answer goes out; transactions the request leaves running in the background mark nothing. */
  open: boolean;
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
  applied: boolean;
  stale: boolean;
}

/** The same member, route and body: the method, the route's path, the URL's own path and the parsed body. */
export function fingerprintOf(req: Pick<FastifyRequest, 'method' | 'url' | 'body'>): string {
  return createHash('sha256')
    .update(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`)
    .digest('hex');
}

const STALE = `created_at < now() - make_interval(secs => ${CLAIM_STALE_SECONDS})`;
// A stale claim is taken over only when its write never committed (applied is false): one that did is answered.
const CLAIM = `insert into idempotency_keys (user_id, key, fingerprint, attempt, expires_at)
  values ($1, $2, $3, $4, now() + make_interval(hours => ${IDEMPOTENCY_TTL_HOURS}))
  on conflict (user_id, key) do update
    set fingerprint = excluded.fingerprint, attempt = excluded.attempt, status = null, body = null, applied = false,
      created_at = now(), expires_at = excluded.expires_at
    where idempotency_keys.expires_at < now()
       or (idempotency_keys.status is null and not idempotency_keys.applied and idempotency_keys.${STALE})
  returning 1 as claimed`;
const READ = `select fingerprint, status, body, applied, ${STALE} as stale from idempotency_keys where user_id = $1 and key = $2`;
// Run by the write's transaction, last: only a transaction that wrote something (it has a transaction id) marks.
const WROTE = 'select pg_current_xact_id_if_assigned() is not null as wrote';
const MARK = 'update idempotency_keys set applied = true where user_id = $1 and key = $2 and attempt = $3 returning 1 as ok';
const STORE = 'update idempotency_keys set status = $4, body = $5 where user_id = $1 and key = $2 and attempt = $3';
// An answer that is not kept: the claim goes if nothing was written, else it answers that the write was applied.
const DROP_OR_APPLIED = `with dropped as (
    delete from idempotency_keys where user_id = $1 and key = $2 and attempt = $3 and status is null and not applied)
  update idempotency_keys set status = ${IDEMPOTENCY_APPLIED_STATUS}, body = $4
    where user_id = $1 and key = $2 and attempt = $3 and status is null and applied`;
// The process that committed the write died before answering: its retry is told the write was applied.
const ANSWER_APPLIED = `update idempotency_keys set status = ${IDEMPOTENCY_APPLIED_STATUS}, body = $3
  where user_id = $1 and key = $2 and status is null and applied and ${STALE}`;
// Keys past their day go on a member's next write, a few at a time, so no job has to sweep them.
const PURGE = `delete from idempotency_keys where ctid in (
  select ctid from idempotency_keys where expires_at < now() limit 50)`;

/**
 * The request's transactions mark its claim applied just before they commit. A transaction that wrote nothing
 * marks nothing; one whose claim was taken over by a retry (it outlived CLAIM_STALE_SECONDS) rolls back, so
 * only one attempt's write can commit.
 */
const markApplied =
  (claim: Claim): CommitHook =>
  async (run) => {
    if (!claim.open) return;
    const wrote = await run<{ wrote: boolean }>(WROTE);
    if (!wrote.rows[0]?.wrote) return;
    const marked = await run(MARK, [claim.userId, claim.key, claim.attempt]);
    if (!marked.rows.length) throw new AppError('CONFLICT', IDEMPOTENCY_KEY_IN_FLIGHT, { retryAfterSeconds: 1 });
  };

/** Fastify hooks for the routes in IDEMPOTENT_ROUTES; requests without the header are untouched. */
export const idempotencyPlugin = fp(async (app: FastifyInstance, opts: IdempotencyOptions) => {
  const { query, withCommitHook } = opts;
  const waitMs = opts.waitMs ?? 10_000;
  const pollMs = opts.pollMs ?? 50;
  app.decorateRequest('idempotencyClaim', null);

  async function replayOrWait(req: FastifyRequest, reply: FastifyReply, claim: Claim, fingerprint: string) {
    const deadline = Date.now() + waitMs;
    const { userId, key } = claim;
    for (;;) {
      const won = await query<{ claimed: number }>(CLAIM, [userId, key, fingerprint, claim.attempt]);
      if (won.rows.length) {
        req.idempotencyClaim = claim;
        return;
      }
      const row = (await query<StoredRow>(READ, [userId, key])).rows[0];
      if (row && row.fingerprint !== fingerprint) throw new AppError('UNPROCESSABLE', IDEMPOTENCY_KEY_REUSED);
      if (row?.status != null) {
        return reply
          .status(row.status)
          .header('content-type', 'application/json; charset=utf-8')
          .header('idempotent-replayed', 'true')
          .send(row.body ?? '');
      }
      if (row?.applied && row.stale) {
        // Its write committed, and its process never answered: say so (read back on the next turn).
        await query(ANSWER_APPLIED, [userId, key, APPLIED_BODY]);
        continue;
      }
      // The first attempt is still running (or its claim just went with a failed answer: claim again).
      if (Date.now() >= deadline) throw new AppError('CONFLICT', IDEMPOTENCY_KEY_IN_FLIGHT, { retryAfterSeconds: 1 });
      if (row) await sleep(pollMs);
    }
  }

  async function claimFor(req: FastifyRequest, reply: FastifyReply): Promise<Claim | null> {
    const key = req.headers[IDEMPOTENCY_HEADER];
    const route = req.routeOptions.url;
    if (typeof key !== 'string' || !req.principal || !route || !isIdempotentRoute(req.method, route)) return null;
    const claim = { userId: req.principal.user.id, key, attempt: randomUUID(), open: true };
    await replayOrWait(req, reply, claim, fingerprintOf({ method: req.method, url: route, body: req.body }));
    if (!req.idempotencyClaim) return null;
    await query(PURGE).catch(() => undefined);
    return claim;
  }

  // Callback style: the handler (and all it starts) runs inside the commit-hook scope that `done` is called in.
  app.addHook('preHandler', (req, reply, done) => {
    claimFor(req, reply).then(
      (claim) => (claim ? withCommitHook(markApplied(claim), done) : done()),
      (err: Error) => done(err),
    );
  });

  /**
   * Stores the answer; or, for an answer that is not kept, drops the claim when nothing was written and
   * answers "applied" when something was. When the database is away (the very fault that failed the request),
   * this is tried again every RESOLVE_RETRY_MS until it works or the claim is stale anyway: otherwise a retry
   * of the member's write would wait on a claim nobody answers until CLAIM_STALE_SECONDS.
   */
  async function resolveClaim(claim: Claim, status: number, payload: unknown, log: FastifyRequest['log']) {
    const { userId, key, attempt } = claim;
    const resolve = () =>
      keepsAnswer(status) && typeof payload === 'string'
        ? query(STORE, [userId, key, attempt, status, payload])
        : query(DROP_OR_APPLIED, [userId, key, attempt, APPLIED_BODY]);
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
    claim.open = false;
    // The answer goes out as it is, whatever happens to its copy.
    await resolveClaim(claim, reply.statusCode, payload, req.log);
    return payload;
  });
});
