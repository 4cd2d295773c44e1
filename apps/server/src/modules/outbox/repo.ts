import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';

export function outboxRepo(db: Db) {
  const o = schema.outbox;
  return {
    async latest(filter: { recipient?: string; channel?: string }, limit: number) {
      const where: SQL[] = [];
      if (filter.recipient) where.push(sql`lower(${o.recipient}) = lower(${filter.recipient})`);
      if (filter.channel) where.push(eq(o.channel, filter.channel));
      return db
        .select()
        .from(o)
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(o.createdAt))
        .limit(limit);
    },
  };
}
