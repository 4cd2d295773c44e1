import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** SQL column of each preference (product.md#stored names → the members relation's columns). */
export { PREF_COLUMN } from '../users/queries';

export const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export async function rows<T>(db: Db, q: SQL): Promise<T[]> {
  const res = (await db.execute(q)) as unknown as { rows?: T[] } | T[];
  return (Array.isArray(res) ? res : (res.rows ?? [])) as T[];
}
