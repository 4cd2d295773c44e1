import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';

export type BrokerRow = typeof schema.brokers.$inferSelect;
export type BrokerValues = Omit<typeof schema.brokers.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export function brokersRepo(db: Db) {
  const b = schema.brokers;
  return {
    async list(includeDisabled: boolean): Promise<BrokerRow[]> {
      return db
        .select()
        .from(b)
        .where(includeDisabled ? undefined : eq(b.disabled, false))
        .orderBy(asc(b.name), asc(b.createdAt));
    },
    async byId(id: string): Promise<BrokerRow | undefined> {
      const [row] = await db.select().from(b).where(eq(b.id, id)).limit(1);
      return row;
    },
    async insert(values: BrokerValues): Promise<BrokerRow> {
      const [row] = await db.insert(b).values(values).returning();
      return row;
    },
    async update(id: string, values: BrokerValues, now: Date): Promise<BrokerRow | undefined> {
      const [row] = await db
        .update(b)
        .set({ ...values, updatedAt: now })
        .where(eq(b.id, id))
        .returning();
      return row;
    },
    async remove(id: string): Promise<BrokerRow | undefined> {
      const [row] = await db.delete(b).where(eq(b.id, id)).returning();
      return row;
    },
  };
}
