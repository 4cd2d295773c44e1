import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';

export function pageViewsRepo(db: Db) {
  const v = schema.pageViews;
  return {
    async insert(path: string, userId: string | null) {
      await db.insert(v).values({ path, userId });
    },
    /** Views per page per New York day since `since` (an instant). */
    async perDay(since: Date): Promise<{ day: string; path: string; views: number }[]> {
      const day = sql<string>`to_char((${v.createdAt} at time zone 'America/New_York')::date, 'YYYY-MM-DD')`;
      const rows = await db
        .select({ day, path: v.path, views: sql<number>`count(*)::int` })
        .from(v)
        .where(sql`${v.createdAt} >= ${since.toISOString()}`)
        .groupBy(day, v.path)
        .orderBy(sql`1 desc`, sql`3 desc`, v.path);
      return rows.map((r) => ({ day: r.day, path: r.path, views: Number(r.views) }));
    },
  };
}
