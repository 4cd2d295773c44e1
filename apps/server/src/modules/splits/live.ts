import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { SPLITS_CHANNEL } from './repo';

/**
 * The "splits changed" signal (docs/decisions/006-live-split-updates.md).
 *
 * Every write transaction runs `pg_notify(roundup_splits, 'changed')`; this listens on the
 * channel (PGlite: `pglite.listen`, in process; PostgreSQL: one dedicated LISTEN connection,
 * so the signal reaches every API process). The payload carries no split data: listeners
 * re-read the table. The writing process also signals itself right after commit, so its own
 * clients never wait on the round trip.
 */
export interface SplitsLive {
  /** Bumped on every signal; caches compare it to avoid storing data read before a change. */
  readonly version: number;
  /** Milliseconds since the epoch of the last change this process saw (its start time before any): the live stream's event id. */
  readonly lastChangeAt: number;
  onChange(fn: () => void): () => void;
  /** Signal this process (after a local commit). */
  emitLocal(): void;
  close(): Promise<void>;
}

export async function startSplitsLive(database: Database, log: FastifyBaseLogger): Promise<SplitsLive> {
  const listeners = new Set<() => void>();
  let version = 0;
  let lastChangeAt = Date.now();
  let closed = false;
  const fire = () => {
    version += 1;
    lastChangeAt = Math.max(Date.now(), lastChangeAt + 1);
    for (const fn of [...listeners]) {
      try {
        fn();
      } catch (err) {
        log.warn({ err }, 'splits change listener failed');
      }
    }
  };

  let stop: () => Promise<void> = async () => undefined;
  if (database.kind === 'pglite' && database.pglite) {
    const unlisten = await database.pglite.listen(SPLITS_CHANNEL, () => fire());
    stop = async () => {
      await unlisten().catch(() => undefined);
    };
  } else if (database.url) {
    let client: pg.Client | null = null;
    let retry: NodeJS.Timeout | null = null;
    let lost = false;
    const gone = new WeakSet<pg.Client>();
    // One reconnection at a time, however many ways ('error', 'end', a failed connect) a connection reports its end.
    const reconnectSoon = (c: pg.Client, err: unknown) => {
      if (gone.has(c)) return;
      gone.add(c);
      if (client === c) client = null;
      c.removeAllListeners('end');
      c.end().catch(() => undefined);
      if (!lost) log.warn({ err }, 'splits LISTEN connection lost; reconnecting');
      lost = true;
      if (closed || retry) return;
      retry = setTimeout(() => {
        retry = null;
        void connect();
      }, 1000);
    };
    const connect = async () => {
      if (closed) return;
      const c = new pg.Client({ connectionString: database.url, connectionTimeoutMillis: 5_000 });
      c.on('notification', (msg) => {
        if (msg.channel === SPLITS_CHANNEL) fire();
      });
      c.on('error', (err) => reconnectSoon(c, err));
      c.on('end', () => reconnectSoon(c, new Error('connection ended')));
      try {
        await c.connect();
        await c.query(`listen ${SPLITS_CHANNEL}`);
      } catch (err) {
        reconnectSoon(c, err);
        return;
      }
      if (closed) {
        c.removeAllListeners('end');
        await c.end().catch(() => undefined);
        return;
      }
      client = c;
      if (lost) {
        lost = false;
        log.info('splits LISTEN connection back; subscribed again');
        // Changes made while it was away sent no signal here: tell every stream to re-read.
        fire();
      }
    };
    await connect();
    stop = async () => {
      if (retry) clearTimeout(retry);
      client?.removeAllListeners('end');
      await client?.end().catch(() => undefined);
    };
  }

  return {
    get version() {
      return version;
    },
    get lastChangeAt() {
      return lastChangeAt;
    },
    onChange(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    emitLocal: fire,
    async close() {
      closed = true;
      listeners.clear();
      await stop();
    },
  };
}
