import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';

export type FaqRow = typeof schema.faqs.$inferSelect;
export type FaqValues = Omit<typeof schema.faqs.$inferInsert, 'id' | 'createdAt'>;

export function faqsRepo(db: Db) {
  const f = schema.faqs;
  const order = [asc(f.sort), asc(f.createdAt), asc(f.id)];
  return {
    async list(): Promise<FaqRow[]> {
      return db
        .select()
        .from(f)
        .orderBy(...order);
    },
    async byCategory(category: string): Promise<FaqRow[]> {
      return db
        .select()
        .from(f)
        .where(sql`lower(${f.category}) = lower(${category})`)
        .orderBy(...order);
    },
    async byId(id: string): Promise<FaqRow | undefined> {
      const [row] = await db.select().from(f).where(eq(f.id, id)).limit(1);
      return row;
    },
    async insert(values: FaqValues): Promise<FaqRow> {
      const [row] = await db.insert(f).values(values).returning();
      return row;
    },
    async update(id: string, values: FaqValues): Promise<FaqRow | undefined> {
      const [row] = await db.update(f).set(values).where(eq(f.id, id)).returning();
      return row;
    },
    async remove(id: string): Promise<FaqRow | undefined> {
      const [row] = await db.delete(f).where(eq(f.id, id)).returning();
      return row;
    },
  };
}
