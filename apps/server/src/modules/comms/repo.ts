import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';

export function commsRepo(db: Db) {
  const c = schema.communications;
  return {
    async insert(tx: Db, values: { type: string; sender: string; audience: string | null; message: string; createdDate: Date }) {
      const [row] = await tx.insert(c).values(values).returning({ id: c.id });
      return row.id;
    },
    async setCount(tx: Db, id: string, messageCount: number) {
      await tx.update(c).set({ messageCount }).where(eq(c.id, id));
    },
    /** Records an announcement once per request id; null when that id was recorded before. */
    async insertOnce(
      tx: Db,
      values: { type: string; sender: string; subject: string; message: string; requestId: string; createdDate: Date },
    ): Promise<string | null> {
      const [row] = await tx.insert(c).values(values).onConflictDoNothing({ target: c.requestId }).returning({ id: c.id });
      return row?.id ?? null;
    },
    async byRequestId(tx: Db, requestId: string) {
      const [row] = await tx.select().from(c).where(eq(c.requestId, requestId)).limit(1);
      return row ?? null;
    },
    async setCounts(tx: Db, id: string, counts: { messageCount: number; recipients: number }) {
      await tx.update(c).set(counts).where(eq(c.id, id));
    },
    latest(limit: number) {
      return db.select().from(c).orderBy(desc(c.createdDate)).limit(limit);
    },
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => fn(tx as unknown as Db));
    },
  };
}
