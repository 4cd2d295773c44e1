import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** The Drizzle handle every repository takes; both drivers (PGlite and node-postgres) give one. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A raw parameterised query, for the job queue and LISTEN/NOTIFY helpers. */
export type RawQuery = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<{ rows: T[] }>;
