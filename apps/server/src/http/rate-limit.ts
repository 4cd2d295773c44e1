import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from './app-error';

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

/**
 * Per-IP rate limits through @fastify/rate-limit (opt-in per route). Counters
 * live in memory, or in Redis when one is given so several processes share them.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { redis?: Redis; scale?: number }) => {
  app.decorate('rateLimitScale', opts.scale ?? 1);
  await app.register(rateLimit, {
    global: false,
    redis: opts.redis,
    nameSpace: 'roundup:ip:',
    errorResponseBuilder: (_req, ctx) => {
      const err = new AppError('RATE_LIMITED', `Too many requests. Please try again in ${ctx.after}.`, {
        retryAfterSeconds: Math.ceil(ctx.ttl / 1000),
      });
      return Object.assign(err, { statusCode: 429 });
    },
  });
});
