import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { membersRelation } from '../users/queries';

/** How many members who are not disabled hold one of `roles`. */
export async function countMembersIn(db: Db, roles: readonly string[]): Promise<number> {
  const list = sql.join(
    roles.map((r) => sql`${r}`),
    sql`, `,
  );
  const r = await db.execute(
    sql`select count(*)::int as n from ${membersRelation} m where not m.disabled and m.role in (${list})`,
  );
  // The embedded driver answers { rows }, the PostgreSQL one an array.
  const res = r as unknown as { rows?: { n: number }[] } | { n: number }[];
  return Number((Array.isArray(res) ? res : (res.rows ?? []))[0]?.n ?? 0);
}
