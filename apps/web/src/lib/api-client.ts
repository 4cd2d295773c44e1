import type { ApiEnvelope } from '@roundup/shared/api';
import { isIdempotentRoute, RETRY_503 } from '@roundup/shared/idempotency';
import pRetry from 'p-retry';
import { takeEarlyResponse, takeSettledAnswer } from './early-data';
import { getToken } from './session';

/**
 * The only place in the web app that calls fetch (product.md#layout).
 * Every response is the envelope `{ data, errors: [{ msg }] }` (product.md#api-contract).
 */

export const NETWORK_ERROR_MESSAGE = 'Could not reach RoundUp. Check your internet connection and try again.';
export const UNEXPECTED_RESPONSE_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

export class ApiError extends Error {
  /** HTTP status; 0 when the request never reached the server. */
  readonly status: number;
  /** Every message of the envelope's `errors`, in order (never empty). */
  readonly errors: string[];
  /** The field path of each message (`errors[i].path`), where the server named one. */
  readonly paths: (string | undefined)[];

  constructor(status: number, errors: string[], paths: (string | undefined)[] = []) {
    const list = errors.length > 0 ? errors : [UNEXPECTED_RESPONSE_MESSAGE];
    super(list[0]);
    this.name = 'ApiError';
    this.status = status;
    this.errors = list;
    this.paths = errors.length > 0 ? paths : [];
  }
}

/** The messages to show for any thrown value (ApiError or otherwise). */
export function errorMessages(error: unknown): string[] {
  if (error instanceof ApiError) return error.errors;
  if (error instanceof Error && error.message) return [error.message];
  return [UNEXPECTED_RESPONSE_MESSAGE];
}

/** The first message to show for any thrown value (product.md#messages: "the first errors[].msg is shown"). */
export function firstErrorMessage(error: unknown): string {
  return errorMessages(error)[0];
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function isEnvelope(value: unknown): value is ApiEnvelope<unknown> {
  return typeof value === 'object' && value !== null && ('data' in value || 'errors' in value);
}

/**
 * A 503 means the server or its database is briefly away. A member's write that carries an Idempotency-Key is
 * sent again with the same key (RETRY_503), so one that in fact landed is answered, not written twice (decision 048).
 */
export { RETRY_503 };

/** A fresh key per request; a retry of that request reuses it. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only on secure pages (https, localhost); the key need only be unique, not a UUID.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

class Unavailable extends Error {
  constructor(readonly response: Response) {
    super('503');
  }
}

/** Sends once; a write that takes a key is sent again on a 503, with the same key, and the last answer is kept. */
async function send(
  method: Method,
  path: string,
  ask: (headers: Record<string, string>) => Promise<Response>,
  signal?: AbortSignal,
) {
  if (method === 'GET' || !isIdempotentRoute(method, path)) return ask({});
  const key = { 'Idempotency-Key': newIdempotencyKey() };
  let last: Response | undefined;
  try {
    return await pRetry(
      async () => {
        const r = await ask(key);
        if (r.status !== 503) return r;
        last = r;
        throw new Unavailable(r);
      },
      { ...RETRY_503, signal, shouldRetry: ({ error }) => error instanceof Unavailable },
    );
  } catch (err) {
    if (err instanceof Unavailable && last) return last;
    throw err;
  }
}

async function request<T>(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const ask = (extra: Record<string, string> = {}) =>
    fetch(path, {
      method,
      headers: { ...headers, ...extra },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  // A GET the page's early script already sent (src/early-data.js) is answered by it; if that failed, ask again.
  const early = method === 'GET' ? takeEarlyResponse(path, token) : undefined;
  let response: Response;
  try {
    response = early ? await early.catch(() => ask()) : await send(method, path, ask, signal);
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, [NETWORK_ERROR_MESSAGE]);
  }

  const text = await response.text().catch(() => '');
  return answerData<T>(response.status, response.ok, text);
}

/** The data of an answer's envelope, or the ApiError its status and messages make. */
function answerData<T>(status: number, ok: boolean, text: string): T {
  let payload: unknown = null;
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = null;
    }
  }

  const envelope = isEnvelope(payload) ? payload : null;
  const listed = (envelope?.errors ?? []).filter((e) => typeof e?.msg === 'string' && e.msg.length > 0);
  const messages = listed.map((e) => e.msg);

  if (!ok || messages.length > 0) {
    throw new ApiError(
      status,
      messages,
      listed.map((e) => (typeof e.path === 'string' && e.path ? e.path : undefined)),
    );
  }
  if (!envelope) {
    // A 2xx that is not our envelope (e.g. an HTML page from a misrouted proxy).
    if (status === 204) return null as T;
    throw new ApiError(status, [UNEXPECTED_RESPONSE_MESSAGE]);
  }
  return envelope.data as T;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export const api = {
  get<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return request<T>('GET', path, undefined, options.signal);
  },
  post<T>(path: string, body: unknown = {}, options: RequestOptions = {}): Promise<T> {
    return request<T>('POST', path, body, options.signal);
  },
  /**
   * At once, the data of a GET the page's early script asked for and that had arrived when the app started
   * (`settleEarlyResponses`); taken once. Undefined when there is none, or when it is not our envelope: the
   * app's own GET then asks the server.
   */
  early<T>(path: string): T | undefined {
    const answer = takeSettledAnswer(path, getToken());
    if (!answer) return undefined;
    try {
      return answerData<T>(answer.status, true, answer.text);
    } catch {
      return undefined;
    }
  },
};
