import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A raw parameterised query, for the job queue and LISTEN/NOTIFY helpers. */
export type RawQuery = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<{ rows: T[] }>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  query: RawQuery;
  /** PostgreSQL connection string when kind is postgres. */
  url?: string;
  pglite?: PGlite;
  pool?: pg.Pool;
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
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    // A new connection that does not answer within 5 s fails the request (503) instead of hanging it.
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10, connectionTimeoutMillis: 5_000 });
    const database: Database = {
      kind: 'postgres',
      db: drizzlePg(pool, { schema }) as unknown as Db,
      url: opts.url,
      pool,
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
    // and the pool drops the broken client when it is released (issue 23 §1).
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
      // One process per directory (issue 12 §4): throws DataDirInUseError naming the holder.
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
    pglite: pgl,
    // In this process: no connection to lose.
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
  } else {
    await migratePg(database.db as never, { migrationsFolder });
  }
}

export { schema };
