import type { ApiEnvelope } from '@roundup/shared/api';
import { takeEarlyResponse } from './early-data';
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

async function request<T>(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const ask = () => fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
  // A GET the page's early script already sent (src/early-data.js) is answered by it; if that failed, ask again.
  const early = method === 'GET' ? takeEarlyResponse(path, token) : undefined;
  let response: Response;
  try {
    response = early ? await early.catch(ask) : await ask();
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, [NETWORK_ERROR_MESSAGE]);
  }

  let payload: unknown = null;
  const text = await response.text().catch(() => '');
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

  if (!response.ok || messages.length > 0) {
    throw new ApiError(
      response.status,
      messages,
      listed.map((e) => (typeof e.path === 'string' && e.path ? e.path : undefined)),
    );
  }
  if (!envelope) {
    // A 2xx that is not our envelope (e.g. an HTML page from a misrouted proxy).
    if (response.status === 204) return null as T;
    throw new ApiError(response.status, [UNEXPECTED_RESPONSE_MESSAGE]);
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
};
