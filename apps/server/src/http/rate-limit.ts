import { createRequire } from 'node:module';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { RedisLink } from '../lib/redis';
import { AppError } from './app-error';

/** A store as the plugin calls it (its published type leaves out the window and the maximum). */
interface Store {
  incr(
    key: string,
    callback: (err: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
    max: number,
  ): void;
  child(routeOptions: unknown): Store;
}
type StoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => Store;
// The plugin's own two stores, which it does not export by name.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreCtor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreCtor;

declare module 'fastify' {
  interface FastifyInstance {
    rateLimitScale: number;
  }
}

/** Per-IP limit for one route: `config: limit(10, '15 minutes')` (scaled by RATE_LIMIT_SCALE). */
export function limit(max: number, timeWindow: string) {
  return {
    rateLimit: {
      max: (req: { server: FastifyInstance }) => Math.max(1, Math.round(max * req.server.rateLimitScale)),
      timeWindow,
    },
  };
}

const NAMESPACE = 'roundup:ip:';

/**
 * The plugin's Redis store while Redis answers, its in-memory store while it does not (decision
 * 019): a command that fails or takes over REDIS_COMMAND_TIMEOUT_MS counts this request in memory.
 */
function sharedStore(link: RedisLink): FastifyRateLimitStoreCtor {
  class SharedStore implements Store {
    constructor(
      options: { continueExceeding?: boolean; exponentialBackoff?: boolean },
      private readonly shared = new RedisStore(
        Boolean(options.continueExceeding),
        Boolean(options.exponentialBackoff),
        link.client,
        NAMESPACE,
      ),
      private readonly local = new LocalStore(Boolean(options.continueExceeding), Boolean(options.exponentialBackoff)),
    ) {}

    incr(...[key, callback, timeWindow, max]: Parameters<Store['incr']>) {
      if (!link.usable()) return this.local.incr(key, callback, timeWindow, max);
      this.shared.incr(
        key,
        (err, result) => {
          if (!err) {
            link.succeeded();
            return callback(null, result);
          }
          link.failed(err);
          this.local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: unknown): Store {
      return new SharedStore({}, this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }
  return SharedStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Per-IP rate limits through @fastify/rate-limit (opt-in per route). Counters live in memory, or
 * in Redis when one is given so several processes share them (in memory again while it is down).
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { redis?: RedisLink; scale?: number }) => {
  app.decorate('rateLimitScale', opts.scale ?? 1);
  await app.register(rateLimit, {
    global: false,
    ...(opts.redis ? { store: sharedStore(opts.redis) } : {}),
    errorResponseBuilder: (_req, ctx) => {
      const err = new AppError('RATE_LIMITED', `Too many requests. Please try again in ${ctx.after}.`, {
        retryAfterSeconds: Math.ceil(ctx.ttl / 1000),
      });
      return Object.assign(err, { statusCode: 429 });
    },
  });
});
