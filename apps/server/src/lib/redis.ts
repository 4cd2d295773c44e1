import { Redis } from 'ioredis';

/**
 * Redis holds the rate-limit counters that API processes share (decision 002). It is a help, not a
 * dependency: while it is unreachable each process counts in its own memory, and sign-in, password
 * reset and every other limited route keep answering (decision 019).
 */

/** The longest a request waits on Redis before it counts in memory instead. */
export const REDIS_COMMAND_TIMEOUT_MS = 100;

/**
 * A client for shared counters: a command fails at once while the connection is down (no offline
 * queue, no retries per request) or after REDIS_COMMAND_TIMEOUT_MS when Redis does not answer, and
 * the client keeps reconnecting in the background (at most every 2 s).
 */
export function connectRedis(url: string): Redis {
  const client = new Redis(url, {
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  // Until redisLink watches it (its listener logs): ioredis prints every failed attempt of a client without one.
  client.on('error', () => undefined);
  return client;
}

export type RedisState = 'ok' | 'unreachable';

export interface RedisLink {
  client: Redis;
  /** Whether counters should go to Redis now: connected, and the last command did not fail. */
  usable(): boolean;
  state(): RedisState;
  /** A command failed or timed out: count in memory until Redis answers again. */
  failed(err: unknown): void;
  /** A command succeeded. */
  succeeded(): void;
}

interface Log {
  warn(obj: object, msg: string): void;
  info(msg: string): void;
}

/** How many PINGs, one after another, must go unanswered before a command timeout counts as an outage. */
export const REDIS_CONFIRM_PINGS = 3;

/**
 * Watches a client and says whether to use it. Logs one line when Redis goes away (connection lost,
 * refused at start, or commands timing out on an open connection) and one when it is back.
 *
 * A command that fails on an open connection is a suspicion, not an outage: the request that saw it
 * counts in memory, and up to REDIS_CONFIRM_PINGS pings decide. A busy API process (a long
 * synchronous task, a loaded machine) can make one answer late without Redis being at fault; only
 * when Redis answers none of the pings is it marked down and logged.
 */
export function redisLink(client: Redis, log: Log): RedisLink {
  let down = false;
  let probing = false;
  let confirming = false;
  const goDown = (err: unknown) => {
    if (down) return;
    down = true;
    log.warn({ err }, "Redis unreachable: rate limits count in each process's memory until it is back");
  };
  const goUp = () => {
    if (!down) return;
    down = false;
    log.info('Redis is back: rate limits are shared again');
  };
  // Without an 'error' listener ioredis prints "Unhandled error event" for every reconnection attempt.
  client.on('error', (err) => goDown(err));
  client.on('reconnecting', () => goDown(new Error('connection closed')));
  client.on('ready', goUp);
  return {
    client,
    usable: () => client.status === 'ready' && !down,
    state: () => (client.status === 'ready' && !down ? 'ok' : 'unreachable'),
    failed(err) {
      if (down) return;
      if (client.status !== 'ready') goDown(err);
      else void confirm(err);
    },
    succeeded: goUp,
  };

  /** A command failed on an open connection: Redis is down only if it answers none of a few pings. */
  async function confirm(err: unknown) {
    if (confirming) return;
    confirming = true;
    try {
      let unanswered = 0;
      for (let tries = 0; unanswered < REDIS_CONFIRM_PINGS; tries += 1) {
        if (client.status !== 'ready' || tries >= REDIS_CONFIRM_PINGS * 4) return;
        const started = performance.now();
        if (
          await client.ping().then(
            () => true,
            () => false,
          )
        )
          return;
        // A timeout that took far longer than the timeout itself means this process was busy (a long
        // synchronous query on the embedded database blocks the event loop, and timers run before the
        // socket is read): Redis's answer may have been waiting unread. Only a prompt timeout counts.
        if (performance.now() - started <= REDIS_COMMAND_TIMEOUT_MS * 2) unanswered += 1;
      }
      goDown(err);
      // An open connection whose commands time out (Redis stalled, a network partition): ask again
      // each second, so that the outage ends as soon as Redis answers.
      probeSoon();
    } finally {
      confirming = false;
    }
  }

  function probeSoon() {
    if (probing) return;
    probing = true;
    setTimeout(() => {
      probing = false;
      if (!down || client.status !== 'ready') return;
      client.ping().then(goUp, probeSoon);
    }, 1_000).unref();
  }
}
