import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { outages, type Outages } from '../lib/outages';
import { BoundedPool, DEFAULT_DEADLINES, type DbDeadlines } from './bounded-pool';
import { commitHooks, type WithCommitHook } from './commit-hooks';
import { lockDataDir } from './data-dir-lock';
import type { Db, RawQuery } from './handle';
import * as schema from './schema';

export type { Db, RawQuery } from './handle';

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  query: RawQuery;
  /** PostgreSQL connection string when kind is postgres. */
  url?: string;
  pglite?: PGlite;
  pool?: BoundedPool;
  /** Runs `fn` as `route`: on PostgreSQL the route holds at most its share of the pool (bounded-pool.ts). */
  scope<T>(route: string, fn: () => T): T;
  /**
   * Runs `fn` so that every transaction it opens on `db` runs `hook` last, before its COMMIT (db/commit-hooks.ts):
   * a request's Idempotency-Key claim is marked applied in the same transaction as its write.
   */
  withCommitHook: WithCommitHook;
  /** The database's outages (lost connections, timeouts, an exhausted pool), logged once each. */
  outages: Outages;
  /**
   * Called when a pooled PostgreSQL connection fails (the server restarted or failed over, an
   * operator ended the session, the network dropped). The pool replaces the connection; the
   * request that was using it fails with an error `isConnectionLost` recognises. Set by buildApp
   * to log it; never throws.
   */
  onConnectionError: (err: Error) => void;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  /** PostgreSQL URL; when absent the embedded PGlite is used. */
  url?: string;
  /** Folder for PGlite's files (locked to this process: `<dataDir>.lock`); `memory://` or undefined keeps it in memory. */
  dataDir?: string;
  /** An already-open PGlite instance (tests load a migrated snapshot). */
  pglite?: PGlite;
  /** Deadlines and pool sizes (PostgreSQL; defaults DEFAULT_DEADLINES); `false` for none (migrations, scripts). */
  deadlines?: Partial<DbDeadlines> | false;
  poolSize?: number;
}

/** No deadline: long migrations and maintenance scripts run to the end. */
const NO_DEADLINES: DbDeadlines = {
  statementTimeoutMs: 0,
  lockTimeoutMs: 0,
  idleInTransactionMs: 0,
  queryTimeoutMs: 0,
  acquireTimeoutMs: 5_000,
  routeStallMs: 5_000,
  routeWaitMs: 5_000,
  poolSize: 10,
  routeConnections: 10,
};

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    const limits = opts.deadlines === false ? NO_DEADLINES : { ...DEFAULT_DEADLINES, ...opts.deadlines };
    const pool = new BoundedPool(opts.url, opts.poolSize ? { ...limits, poolSize: opts.poolSize } : limits);
    const tracker = outages();
    pool.events = { answered: tracker.answered };
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const database: Database = {
      kind: 'postgres',
      db,
      withCommitHook: commitHooks(db),
      url: opts.url,
      pool,
      scope: (route, fn) => pool.scope(route, fn),
      outages: tracker,
      onConnectionError: () => undefined,
      query: async (text, params) => {
        const r = await pool.query(text, params as unknown[]);
        return { rows: r.rows };
      },
      close: () => pool.end(),
    };
    const report = (err: Error) => {
      try {
        database.onConnectionError(err);
      } catch {
        /* reporting must never take the process down */
      }
    };
    // An idle connection's failure reaches the pool's 'error' event. A connection that is checked out
    // (a transaction between two statements) has no pool listener: pg-pool removes its idle listener
    // while a client is borrowed, and an 'error' event without a listener ends the process. So every
    // client gets a listener of its own for its whole life; the failed statement rejects as usual,
    // and the pool drops the broken client when it is released.
    pool.on('error', report);
    pool.on('connect', (client) => client.on('error', report));
    return database;
  }
  return openPglite(opts);
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  let client = opts.pglite;
  let release = () => {};
  if (!client) {
    const dir = opts.dataDir && opts.dataDir !== 'memory://' ? path.resolve(opts.dataDir) : undefined;
    if (dir) {
      // One process per directory (two would corrupt it): throws DataDirInUseError naming the holder.
      release = await lockDataDir(dir);
      mkdirSync(dir, { recursive: true });
    }
    try {
      client = new PGlite(dir);
      await client.waitReady;
    } catch (err) {
      release();
      throw err;
    }
  }
  await client.waitReady;
  const pgl = client;
  const db = drizzlePglite(pgl, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    withCommitHook: commitHooks(db),
    pglite: pgl,
    // In this process: no connection to lose, no other session to wait for, no pool to share.
    scope: (_route, fn) => fn(),
    outages: outages(),
    onConnectionError: () => undefined,
    query: async (text, params) => {
      const r = await pgl.query(text, params as unknown[]);
      return { rows: r.rows as never[] };
    },
    close: async () => {
      try {
        await pgl.close();
      } finally {
        release();
      }
    },
  };
}

/** Applies every pending committed migration (`migrationsFolder`: tests upgrade from an older set). */
export async function migrate(database: Database, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  // A connection of its own, without the request deadlines: a migration may rewrite a large table.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder });
  } finally {
    await client.end();
  }
}

export { schema };
