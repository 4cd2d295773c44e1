import { z } from 'zod';

/**
 * Safe retries (decision 048): the writes that create or change a member's data accept an
 * `Idempotency-Key` header, Stripe's convention. The server keeps the first answer for a day, keyed by
 * the member and the key; a retry with the same key and body gets that answer and writes nothing new.
 * The web client sends a fresh key with each of these requests and retries a 503 with the same key.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** How long a key's first answer is kept; a retry after that runs as a new request. */
export const IDEMPOTENCY_TTL_HOURS = 24;

/** The writes that take a key: `METHOD path` as the server registers them (the web client reads this too). */
export const IDEMPOTENT_ROUTES = [
  'POST /api/trades/add',
  'POST /api/trades/edit',
  'POST /api/trades/bulk',
  'POST /api/imports/apply',
  'POST /api/accounts/add',
  'POST /api/accounts/add-many',
  'POST /api/accounts/groups',
  'POST /api/accounts/groups/edit',
  'POST /api/accounts/groups/delete',
  'POST /api/tokens',
  'POST /api/tokens/revoke',
] as const;

/**
 * How the web client sends a keyed write again after a 503 (the server or its database briefly away; a restart or
 * failover takes a few seconds), with the same key: up to 3 more times, about 1, 2 and 4 s apart. In p-retry's terms.
 */
export const RETRY_503 = { retries: 3, minTimeout: 1000, factor: 2, maxTimeout: 4000, randomize: true } as const;

export const isIdempotentRoute = (method: string, path: string): boolean =>
  (IDEMPOTENT_ROUTES as readonly string[]).includes(`${method.toUpperCase()} ${path}`);

export const IDEMPOTENCY_KEY_INVALID =
  'The Idempotency-Key header must be 1 to 255 visible ASCII characters (letters, digits, punctuation; no spaces).';
export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was already used with a different request. Send a new key for a new request.';
export const IDEMPOTENCY_KEY_IN_FLIGHT =
  'A request with this Idempotency-Key is still being processed. Try again in a few seconds.';

/**
 * The answer to a retry whose first attempt's write committed but whose own answer was lost (a 5xx after the
 * commit, or a process that died before answering): the write is not made again, and the member is told it was
 * made. 409: the request conflicts with what is stored now (it is already there); no Retry-After, since sending
 * it again can only answer the same.
 */
export const IDEMPOTENCY_APPLIED_STATUS = 409;
export const IDEMPOTENCY_KEY_APPLIED =
  'This request was already carried out, but its answer was lost on the way. Reload the page to see the result; there is no need to send it again.';

/** Visible ASCII, 1–255 characters (a UUID fits): stored as sent, compared exactly. */
export const idempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, IDEMPOTENCY_KEY_INVALID)
  .meta({
    description:
      'Optional. A key you choose for this request (a UUID is best). The first answer is kept for 24 hours for you and this key: ' +
      'sending the same request again with the same key answers the same status and body and writes nothing new; ' +
      'while the first is still running, the retry waits for it. The same key with a different request is a 422. ' +
      'Answers of 5xx, 401, 403, 408 and 429 are not kept: when nothing was written, a retry with the same key runs the request again; ' +
      `when the write had committed before the failure (its answer was lost), the retry answers ${IDEMPOTENCY_APPLIED_STATUS} ` +
      `"${IDEMPOTENCY_KEY_APPLIED}" and writes nothing.`,
    example: '3f2c8a1e-6b4d-4f7a-9c2e-1d5b7a9e0f34',
  });

/** The `headers` schema of a route that takes a key; other headers pass through untouched. */
export const idempotencyHeaders = z.looseObject({ [IDEMPOTENCY_HEADER]: idempotencyKey.optional() });
