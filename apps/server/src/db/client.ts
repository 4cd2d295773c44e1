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
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    // Dates stay YYYY-MM-DD strings end to end (product.md §14).
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      url: opts.url,
      pool,
      query: async (text, params) => {
        const r = await pool.query(text, params as unknown[]);
        return { rows: r.rows };
      },
      close: () => pool.end(),
    };
  }
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
