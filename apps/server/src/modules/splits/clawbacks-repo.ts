import { desc, eq } from 'drizzle-orm';
import type { AddClawbackRequest, ClawbackKind, IssuerClawback } from '@roundup/shared';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';

const c = schema.issuerClawbacks;
type Row = typeof c.$inferSelect;

const toClawback = (r: Row): IssuerClawback => ({
  _id: r.id,
  cik: r.cik,
  ticker: r.ticker,
  name: r.name,
  kind: r.kind as ClawbackKind,
  date: r.date,
  source: r.source,
  createdAt: r.createdAt.toISOString(),
});

/** The only file that knows `issuer_clawbacks` (owned by the splits module; decision 045). */
export function clawbacksRepo(db: Db) {
  return {
    /** Every record, newest first: a few per issuer at most, read once per list. */
    async list(): Promise<IssuerClawback[]> {
      return (await db.select().from(c).orderBy(desc(c.date), desc(c.createdAt))).map(toClawback);
    },
    async add(input: AddClawbackRequest, actorId: string | null): Promise<IssuerClawback> {
      const [row] = await db
        .insert(c)
        .values({ ...input, createdBy: actorId })
        .returning();
      return toClawback(row);
    },
    /** True when a record was removed. */
    async remove(id: string): Promise<boolean> {
      return (await db.delete(c).where(eq(c.id, id)).returning({ id: c.id })).length > 0;
    },
  };
}
