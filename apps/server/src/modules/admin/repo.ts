import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';

export type UserRow = typeof schema.users.$inferSelect;

const matching = (q: string | undefined) => {
  const term = q?.trim();
  const u = schema.users;
  return term ? or(ilike(u.username, `%${escapeLike(term)}%`), ilike(u.email, `%${escapeLike(term)}%`)) : undefined;
};

/** The admin's view of the users table. */
export function adminUsersRepo(db: Db) {
  const u = schema.users;
  const s = schema.sessions;
  return {
    /** Users whose username or email contains `q`, newest first. */
    async search(q: string | undefined, limit: number, offset = 0): Promise<UserRow[]> {
      return db.select().from(u).where(matching(q)).orderBy(desc(u.createdDate), desc(u.id)).limit(limit).offset(offset);
    },
    /** All users, or those `search` finds for `q`. */
    async count(q?: string): Promise<number> {
      const [r] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(u)
        .where(matching(q));
      return Number(r?.n ?? 0);
    },
    async byId(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(u).where(eq(u.id, id)).limit(1);
      return row;
    },
    async byEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(u)
        .where(sql`lower(${u.email}) = lower(${email})`)
        .limit(1);
      return row;
    },
    async username(id: string | null): Promise<string | null> {
      if (!id) return null;
      const [row] = await db.select({ username: u.username }).from(u).where(eq(u.id, id)).limit(1);
      return row?.username ?? null;
    },
    async activeSessions(userId: string, now: Date): Promise<number> {
      const [r] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(s)
        .where(and(eq(s.userId, userId), sql`${s.revokedAt} is null`, sql`${s.expiresAt} > ${now.toISOString()}`));
      return Number(r?.n ?? 0);
    },
  };
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}
