import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '@roundup/shared';
import { dbFaultOf, outageOf, type DbFault } from '../db/fault-rules';
import type { Outages } from '../lib/outages';
import { AppError } from './app-error';

export const GENERIC_500 = 'Something went wrong on our side. Please try again.';
export const BRIEFLY_UNAVAILABLE = 'The service is briefly unavailable. Please try again in a few seconds.';
/** Seconds a client should wait after a lost database connection: a restart or failover takes a few. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 3;
export const CHANGED_MEANWHILE = 'That item was changed or removed meanwhile; reload and try again.';

/** Turns a validation issue into a message a person can act on. */
export function issueMessage(path: string, message: string): string {
  const generic = /^(Invalid|Too (small|big)|Unrecognized|Expected|Required)/i.test(message);
  if (!path || !generic) return message;
  return `${path}: ${message}`;
}

export interface MappedError {
  status: number;
  errors: ApiError[];
  headers?: Record<string, string>;
  /** Logged as an error (a fault of ours), or as a refusal; a dependency's fault goes to the outage log once. */
  log: boolean;
  /** The database fault behind a 503: lost connection, a timeout, an exhausted pool. */
  fault?: DbFault;
}

/** Maps anything thrown by a handler to a status and envelope errors (unit-tested). */
export function mapError(err: unknown): MappedError {
  if (err instanceof AppError) {
    const msgs = err.extra.messages?.length ? err.extra.messages : [err.message];
    return {
      status: err.status,
      errors: err.extra.problems?.length ? err.extra.problems : msgs.map((msg) => ({ msg })),
      headers: err.extra.retryAfterSeconds ? { 'retry-after': String(err.extra.retryAfterSeconds) } : undefined,
      log: err.status >= 500,
    };
  }
  const fault = dbFaultOf(err);
  if (fault) {
    // The database restarted, failed over or dropped the connection, or the request ran out of time
    // (a lock held elsewhere, a slow statement, no free connection; its transaction was rolled back):
    // the client tries again in a moment. Not a bug, so not a 500.
    return {
      status: 503,
      errors: [{ msg: BRIEFLY_UNAVAILABLE }],
      headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
      log: false,
      fault,
    };
  }
  const pgCode = postgresCode(err);
  if (pgCode?.startsWith('22')) {
    // Data exceptions (a number out of range, a malformed value): the input's fault, never a 500.
    return {
      status: 400,
      errors: [{ msg: 'A value in the request is out of range or not in the expected format.' }],
      log: false,
    };
  }
  if (pgCode === '23505') {
    return { status: 409, errors: [{ msg: 'That already exists.' }], log: false };
  }
  if (pgCode === '23503') {
    // A foreign key violation: a row the request names was removed by someone else meanwhile
    // (e.g. an admin deleted a split while a member saved a trade on it), never a 500.
    return { status: 409, errors: [{ msg: CHANGED_MEANWHILE }], log: false };
  }
  const fe = err as FastifyError & { validation?: unknown };
  if (hasZodFastifySchemaValidationErrors(fe)) {
    return {
      status: 400,
      errors: fe.validation.map((v) => {
        const p = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
        return { msg: issueMessage(p, v.message ?? 'Invalid value'), path: p || undefined };
      }),
      log: false,
    };
  }
  const status = typeof fe?.statusCode === 'number' ? fe.statusCode : 500;
  if (status === 429) {
    return { status, errors: [{ msg: 'Too many requests. Please wait a moment and try again.' }], log: false };
  }
  if (status >= 400 && status < 500) {
    const msg =
      fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? 'The request is too large.'
        : fe.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'The address is too long.'
          : fe.code === 'FST_ERR_BAD_URL'
            ? 'The address is not valid.'
            : fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Send the request as JSON.'
              : fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
                ? 'The request body is empty.'
                : fe instanceof SyntaxError || fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
                  ? 'The request body is not valid JSON.'
                  : fe.message || 'Bad request';
    return { status, errors: [{ msg }], log: false };
  }
  return { status: 500, errors: [{ msg: GENERIC_500 }], log: true };
}

/** The SQLSTATE of a database error, also when an ORM wrapped it (drizzle puts the driver's error in `cause`). */
export function postgresCode(err: unknown): string | undefined {
  for (let e = err, i = 0; e && typeof e === 'object' && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

function isEnvelope(payload: unknown): boolean {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    'data' in payload &&
    'errors' in payload &&
    Array.isArray((payload as { errors: unknown }).errors)
  );
}

/**
 * The API envelope in one place (product.md#api-contract): success wrapper, error handler,
 * not-found handler for /api, request ids.
 */
export const envelopePlugin = fp(async (app: FastifyInstance, opts: { outages?: Outages }) => {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  app.addHook('preSerialization', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    // The docs UI reads its own JSON (/api/docs/json) unwrapped.
    if (!req.url.startsWith('/api/') || req.url.startsWith('/api/docs') || isEnvelope(payload)) return payload;
    if (reply.statusCode >= 400) return payload;
    return { data: payload ?? null, errors: [] };
  });

  app.setErrorHandler((err, req, reply) => {
    const mapped = mapError(err);
    if (mapped.fault) {
      // One line per outage (lib/outages.ts), not one per refused request.
      const { key, reason } = outageOf(mapped.fault);
      const route = `${req.method} ${req.routeOptions.url ?? req.url}`;
      opts.outages?.failed(key, reason, { cause: mapped.fault.kind, table: mapped.fault.table, route, reqId: req.id });
      opts.outages?.refused(key);
    } else if (mapped.log) req.log.error({ err, reqId: req.id }, 'unhandled error');
    else req.log.info({ status: mapped.status, msg0: mapped.errors[0]?.msg }, 'request refused');
    if (mapped.headers) reply.headers(mapped.headers);
    return reply.status(mapped.status).send({ data: null, errors: mapped.errors });
  });
});

/** Errors the router raises before any route runs (a malformed or over-long address), in the envelope too. */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const mapped = mapError(err);
  return reply.status(mapped.status).send({ data: null, errors: mapped.errors });
}

export const requestIdOptions = {
  genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
    const incoming = req.headers['x-request-id'];
    return typeof incoming === 'string' && /^[A-Za-z0-9._-]{8,64}$/.test(incoming) ? incoming : randomUUID();
  },
};
