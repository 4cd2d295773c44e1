import Bottleneck from 'bottleneck';
import type { Redis } from 'ioredis';
import pRetry, { AbortError } from 'p-retry';

/**
 * Polite HTTP to SEC EDGAR (SEC fair-access rules): a declared User-Agent, at most `maxRps`
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
  fetchImpl?: typeof fetch;
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

async function readCapped(res: Response, maxBytes: number, url: string): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes)
    throw new AbortError(new EdgarHttpError(`body of ${declared} bytes is over the ${maxBytes}-byte cap`, res.status, url));
  const chunks: Buffer[] = [];
  let size = 0;
  if (res.body) {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > maxBytes) throw new AbortError(new EdgarHttpError(`body is over the ${maxBytes}-byte cap`, res.status, url));
      chunks.push(Buffer.from(chunk));
    }
  }
  return Buffer.concat(chunks);
}

export function edgarHttp(opts: EdgarHttpOptions): EdgarHttp {
  const fetchImpl = opts.fetchImpl ?? fetch;
  // 10% under the limit: requests leave evenly spaced but arrive with jitter.
  const minTime = Math.ceil(1100 / opts.maxRps);
  const limiter = new Bottleneck({
    // One limiter for all processes at this rate (the rate is part of the name: Redis keeps a limiter's settings).
    id: `roundup-sec-edgar-${opts.maxRps}`,
    minTime,
    maxConcurrent: opts.maxRps,
    ...(opts.redis
      ? {
          datastore: 'ioredis' as const,
          clearDatastore: false,
          // A connection of its own: closing the limiter must not close the app's client.
          connection: new Bottleneck.IORedisConnection({ client: opts.redis.duplicate() }),
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
      return fetchImpl(url, {
        headers: { 'user-agent': opts.userAgent, accept, 'accept-encoding': 'gzip, deflate' },
        signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
      });
    });
    if (res.status === 429 || res.status >= 500) {
      const after = retryAfterMs(res.headers.get('retry-after'));
      if (after !== null) pausedUntil = Math.max(pausedUntil, Date.now() + after);
      await res.body?.cancel().catch(() => undefined);
      throw new EdgarHttpError(`SEC answered ${res.status}`, res.status, url);
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new AbortError(new EdgarHttpError(`SEC answered ${res.status}`, res.status, url));
    }
    return readCapped(res, opts.maxBytes, url);
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
