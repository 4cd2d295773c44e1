import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { SPLITS_CHANNEL } from './repo';

/** What the PostgreSQL listener tells the live signal (live.ts). */
export interface ListenHooks {
  log: FastifyBaseLogger;
  /** A notification's payload arrived. */
  signal: (payload: string | undefined) => void;
  /** LISTEN is in place: read the last change id. */
  seen: (id: number | null) => void;
  readLastChangeId: () => Promise<number | null>;
  /** Changes may have been missed (the connection came back): every stream re-reads. */
  fire: () => void;
}

/**
 * One dedicated LISTEN connection to PostgreSQL, so the signal reaches every API process; it reconnects
 * (once a second) when lost. Answers how to stop it.
 */
export async function listenOnPostgres(url: string, hooks: ListenHooks): Promise<() => Promise<void>> {
  const { log, signal, seen, readLastChangeId, fire } = hooks;
  let closed = false;
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
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
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
  return async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    client?.removeAllListeners('end');
    await client?.end().catch(() => undefined);
  };
}
