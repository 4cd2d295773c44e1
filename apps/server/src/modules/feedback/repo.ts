import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';

export function feedbackRepo(db: Db) {
  const f = schema.feedback;
  return {
    async insert(values: { email: string; feedback: string; userId: string | null }) {
      await db.insert(f).values(values);
    },
    async latest(limit: number) {
      return db.select().from(f).orderBy(desc(f.createdDate)).limit(limit);
    },
  };
}
