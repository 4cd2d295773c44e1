import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { parseChangeId } from './change-id-rules';
import { LAST_CHANGE_ID_SQL, SPLITS_CHANNEL } from './repo';

/**
 * The "splits changed" signal (docs/decisions/006-live-split-updates.md).
 *
 * Every write transaction counts the change in `split_change_seq` and runs
 * `pg_notify(roundup_splits, '<change id>')`; this listens on the channel (PGlite:
 * `pglite.listen`, in process; PostgreSQL: one dedicated LISTEN connection, so the signal
 * reaches every API process). The payload is the change id, no split data: listeners re-read
 * the table. The writing process also signals itself right after commit, so its own clients
 * never wait on the round trip. The change id is the database's count, the same in every
 * process whatever its clock: the live stream's event id.
 */
export interface SplitsLive {
  /** Bumped on every signal; caches compare it to avoid storing data read before a change. */
  readonly version: number;
  /** The highest change id this process has seen (read from the database at start and after a reconnect): the live stream's event id. */
  readonly lastChangeId: number;
  onChange(fn: () => void): () => void;
  /** Signal this process (after a local commit of change `changeId`). */
  emitLocal(changeId: number): void;
  close(): Promise<void>;
}

export async function startSplitsLive(database: Database, log: FastifyBaseLogger): Promise<SplitsLive> {
  const listeners = new Set<() => void>();
  let version = 0;
  let lastChangeId = 0;
  let closed = false;
  /** Ids only move forward here: notifications of two commits may arrive in either order. */
  const seen = (id: number | null) => {
    if (id !== null && id > lastChangeId) lastChangeId = id;
  };
  const readLastChangeId = async () => parseChangeId((await database.query<{ id: string }>(LAST_CHANGE_ID_SQL)).rows[0]?.id);
  const fire = (changeId: number | null = null) => {
    seen(changeId);
    version += 1;
    for (const fn of [...listeners]) {
      try {
        fn();
      } catch (err) {
        log.warn({ err }, 'splits change listener failed');
      }
    }
  };

  /**
   * A notification: its payload is the change id. Another payload (`'changed'`, from a process of
   * the version before ids were counted, or an operator's `pg_notify`) names no id: read it first.
   */
  const signal = (payload: string | undefined) => {
    const id = parseChangeId(payload);
    if (id !== null) return fire(id);
    readLastChangeId()
      .then(fire)
      .catch((err: unknown) => {
        log.warn({ err }, 'could not read the last split change id');
        fire();
      });
  };

  let stop: () => Promise<void> = async () => undefined;
  if (database.kind === 'pglite' && database.pglite) {
    const unlisten = await database.pglite.listen(SPLITS_CHANNEL, signal);
    // After LISTEN: a change committed from here on arrives as a notification.
    seen(await readLastChangeId());
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
        if (msg.channel === SPLITS_CHANNEL) signal(msg.payload);
      });
      c.on('error', (err) => reconnectSoon(c, err));
      c.on('end', () => reconnectSoon(c, new Error('connection ended')));
      try {
        await c.connect();
        await c.query(`listen ${SPLITS_CHANNEL}`);
        // After LISTEN: a change committed from here on arrives as a notification.
        seen(await readLastChangeId());
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
    get lastChangeId() {
      return lastChangeId;
    },
    onChange(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    emitLocal: (changeId) => fire(changeId),
    async close() {
      closed = true;
      listeners.clear();
      await stop();
    },
  };
}
