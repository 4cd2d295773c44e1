import type { Redis } from 'ioredis';
import type { RedisLink } from './redis';

/**
 * Fixed-window counters for rate limits keyed by something other than the IP
 * (an account, a phone number). In memory by default; in Redis when REDIS_URL is
 * set, so several API processes share them.
 */
export interface Limiter {
  /** Adds one to `key`'s window and returns the count and seconds until the window resets. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetSeconds: number }>;
  /** The current count without adding to it. */
  peek(key: string): Promise<{ count: number; resetSeconds: number }>;
  reset(key: string): Promise<void>;
}

export function memoryLimiter(now: () => number = Date.now): Limiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt > now()) return w;
    if (w) windows.delete(key);
    return undefined;
  };
  return {
    async hit(key, windowSeconds) {
      let w = current(key);
      if (!w) {
        w = { count: 0, resetAt: now() + windowSeconds * 1000 };
        windows.set(key, w);
      }
      w.count += 1;
      if (windows.size > 100_000) {
        for (const [k, v] of windows) if (v.resetAt <= now()) windows.delete(k);
      }
      return { count: w.count, resetSeconds: Math.ceil((w.resetAt - now()) / 1000) };
    },
    async peek(key) {
      const w = current(key);
      return { count: w?.count ?? 0, resetSeconds: w ? Math.ceil((w.resetAt - now()) / 1000) : 0 };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

export function redisLimiter(redis: Redis, prefix = 'roundup:limit:'): Limiter {
  return {
    async hit(key, windowSeconds) {
      const k = prefix + key;
      const res = (await redis.multi().incr(k).expire(k, windowSeconds, 'NX').ttl(k).exec()) as [Error | null, number][];
      const count = Number(res[0][1]);
      const ttl = Number(res[2][1]);
      return { count, resetSeconds: ttl > 0 ? ttl : windowSeconds };
    },
    async peek(key) {
      const k = prefix + key;
      const [count, ttl] = await Promise.all([redis.get(k), redis.ttl(k)]);
      return { count: Number(count ?? 0), resetSeconds: ttl > 0 ? ttl : 0 };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

/**
 * Counters in Redis while it answers, in this process's memory while it does not (decision 019):
 * a Redis outage costs the limits their sharing between processes, never a request.
 */
export function sharedLimiter(link: RedisLink, prefix?: string): Limiter {
  const shared = redisLimiter(link.client, prefix);
  const local = memoryLimiter();
  async function either<T>(viaRedis: () => Promise<T>, inMemory: () => Promise<T>): Promise<T> {
    if (!link.usable()) return inMemory();
    try {
      const out = await viaRedis();
      link.succeeded();
      return out;
    } catch (err) {
      link.failed(err);
      return inMemory();
    }
  }
  return {
    hit: (key, windowSeconds) =>
      either(
        () => shared.hit(key, windowSeconds),
        () => local.hit(key, windowSeconds),
      ),
    peek: (key) =>
      either(
        () => shared.peek(key),
        () => local.peek(key),
      ),
    // Both: counts made in memory during an outage end with the ones in Redis.
    reset: async (key) => {
      await local.reset(key);
      await either(
        () => shared.reset(key),
        async () => undefined,
      );
    },
  };
}
