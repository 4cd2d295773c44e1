import Bottleneck from 'bottleneck';
import type { Redis } from 'ioredis';
import { gunzipSync, inflateSync } from 'node:zlib';
import pRetry, { AbortError } from 'p-retry';
import { request } from 'undici';

/**
 * Polite HTTP to SEC EDGAR (SEC fair-access rules), over undici: a declared User-Agent, at most `maxRps`
 * requests a second for all processes together (Bottleneck, clustered through Redis when the app
 * has one), Retry-After honoured, exponential backoff with jitter on 429 and 5xx, bodies capped.
 */
export interface EdgarHttpOptions {
  userAgent: string;
  maxRps: number;
  /** Largest body read (bytes); a longer one fails the request without retry. */
  maxBytes: number;
  redis?: Redis;
  retries?: number;
  /** Backoff floor between attempts (ms). Tests shorten it. */
  minBackoffMs?: number;
  timeoutMs?: number;
}

export class EdgarHttpError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly url: string,
  ) {
    super(message);
    this.name = 'EdgarHttpError';
  }
}

export interface EdgarHttp {
  get(url: string, accept?: string): Promise<Buffer>;
  /** Requests sent (every attempt counts), for the cycle's figures. */
  readonly requests: number;
  close(): Promise<void>;
}

/** Seconds or an HTTP date → milliseconds to wait (capped at two minutes). */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const secs = Number(header);
  const ms = Number.isFinite(secs) ? secs * 1000 : Date.parse(header) - now;
  if (!Number.isFinite(ms)) return null;
  return Math.min(Math.max(ms, 0), 120_000);
}

const header = (h: Record<string, string | string[] | undefined>, name: string) => {
  const v = h[name];
  return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
};

/**
 * The body, at most `maxBytes` before and after decompression. Compressed bodies are inflated
 * here, strictly: a truncated gzip stream is an error (fetch would hand back what it could read).
 */
async function readBody(
  body: AsyncIterable<Uint8Array>,
  encoding: string | null,
  maxBytes: number,
  url: string,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new AbortError(new EdgarHttpError(`body is over the ${maxBytes}-byte cap`, 200, url));
    chunks.push(Buffer.from(chunk));
  }
  const raw = Buffer.concat(chunks);
  const enc = (encoding ?? '').toLowerCase();
  try {
    if (enc === 'gzip' || enc === 'x-gzip') return gunzipSync(raw, { maxOutputLength: maxBytes });
    if (enc === 'deflate') return inflateSync(raw, { maxOutputLength: maxBytes });
  } catch (err) {
    if (err instanceof RangeError) throw new AbortError(new EdgarHttpError(`body is over the ${maxBytes}-byte cap`, 200, url));
    throw new EdgarHttpError(`a ${enc} body that does not inflate: ${(err as Error).message}`, 200, url);
  }
  return raw;
}

const BLOCK_PAGE = /Request Rate Threshold Exceeded|Undeclared Automated Tool/i;

/** SEC's fair-access block page ("Request Rate Threshold Exceeded", "Undeclared Automated Tool"): a short HTML page. */
export function isBlockPage(body: Buffer): boolean {
  const head = body.subarray(0, 16_384).toString('utf8');
  return /^\s*(?:<!doctype html|<html)/i.test(head) && BLOCK_PAGE.test(head);
}

export function edgarHttp(opts: EdgarHttpOptions): EdgarHttp {
  // A quarter under the limit: requests leave evenly spaced, but arrive with jitter (more so when
  // processes share the limiter through Redis), and no second may see more than maxRps.
  const minTime = Math.ceil(1250 / opts.maxRps);
  const limiter = new Bottleneck({
    // One limiter for all processes at this rate (the rate is part of the name: Redis keeps a limiter's settings).
    id: `roundup-sec-edgar-${opts.maxRps}`,
    minTime,
    maxConcurrent: opts.maxRps,
    ...(opts.redis
      ? {
          datastore: 'ioredis' as const,
          clearDatastore: false,
          // A connection of its own: closing the limiter must not close the app's client. It waits for
          // Redis as Bottleneck expects (the app's client fails fast instead: lib/redis.ts).
          connection: new Bottleneck.IORedisConnection({
            client: opts.redis.duplicate({ enableOfflineQueue: true, commandTimeout: undefined, maxRetriesPerRequest: null }),
          }),
          timeout: 60_000,
        }
      : {}),
  });
  let requests = 0;
  /** After a 429 every request waits until then (the limit is per client, not per URL). */
  let pausedUntil = 0;

  async function attempt(url: string, accept: string): Promise<Buffer> {
    const wait = pausedUntil - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const res = await limiter.schedule(() => {
      requests += 1;
      return request(url, {
        method: 'GET',
        headers: { 'user-agent': opts.userAgent, accept, 'accept-encoding': 'gzip, deflate' },
        signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
      });
    });
    const status = res.statusCode;
    if (status === 429 || status >= 500) {
      const after = retryAfterMs(header(res.headers, 'retry-after'));
      if (after !== null) pausedUntil = Math.max(pausedUntil, Date.now() + after);
      await res.body.dump().catch(() => undefined);
      throw new EdgarHttpError(`SEC answered ${status}`, status, url);
    }
    if (status < 200 || status >= 300) {
      await res.body.dump().catch(() => undefined);
      throw new AbortError(new EdgarHttpError(`SEC answered ${status}`, status, url));
    }
    const declared = Number(header(res.headers, 'content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > opts.maxBytes) {
      await res.body.dump().catch(() => undefined);
      throw new AbortError(new EdgarHttpError(`body of ${declared} bytes is over the ${opts.maxBytes}-byte cap`, status, url));
    }
    const body = await readBody(res.body, header(res.headers, 'content-encoding'), opts.maxBytes, url);
    // SEC's block page can arrive as a 200 HTML page: it is a refusal to retry later, never a document.
    if (isBlockPage(body)) throw new EdgarHttpError('SEC answered its automated-access block page', status, url);
    return body;
  }

  return {
    get: (url, accept = '*/*') =>
      pRetry(() => attempt(url, accept), {
        retries: opts.retries ?? 4,
        minTimeout: opts.minBackoffMs ?? 1000,
        factor: 2,
        randomize: true,
      }),
    get requests() {
      return requests;
    },
    async close() {
      await limiter.disconnect(false);
    },
  };
}
