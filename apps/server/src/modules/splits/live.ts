import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { parseChangeId } from './change-id-rules';
import { listenOnPostgres } from './pg-listen';
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
    stop = await listenOnPostgres(database.url, { log, signal, seen, readLastChangeId, fire });
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
      listeners.clear();
      await stop();
    },
  };
}
