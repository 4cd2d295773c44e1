import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';

export type FlagRow = typeof schema.billingFlags.$inferSelect;
export type ReconciliationRow = typeof schema.billingReconciliations.$inferSelect;

/** What admins must look at (decision 040): flags raised by payments and by the daily reconciliation. */
export function flagStore(db: Db) {
  const f = schema.billingFlags;
  const runs = schema.billingReconciliations;
  return {
    /** Raises a flag, or sees it again (then it is open again and its detail current). */
    async raise(v: {
      id: string;
      kind: string;
      userId: string | null;
      objectId: string | null;
      priceId: string | null;
      detail: string;
      now: Date;
      /** A mismatch already fixed: listed for the record, nothing left to do. */
      resolved?: boolean;
    }) {
      const { now, resolved, ...rest } = v;
      const resolvedAt = resolved ? now : null;
      await db
        .insert(f)
        .values({ ...rest, createdAt: now, lastSeenAt: now, resolvedAt })
        .onConflictDoUpdate({ target: f.id, set: { detail: v.detail, lastSeenAt: now, resolvedAt } });
    },
    /** The reconciliation's flags it did not see again in the run that started at `since`. */
    async resolveUnseen(since: Date, now: Date) {
      await db
        .update(f)
        .set({ resolvedAt: now })
        .where(and(isNull(f.resolvedAt), lt(f.lastSeenAt, since), sql`${f.kind} <> 'foreign-price'`));
    },
    /** Open flags first, then the latest resolved ones (fixes included), newest first. */
    async recent(limit: number): Promise<FlagRow[]> {
      return db
        .select()
        .from(f)
        .orderBy(sql`${f.resolvedAt} is not null`, desc(f.lastSeenAt), f.id)
        .limit(limit);
    },

    /** Claims a day's run: true for exactly one caller. */
    async claimRun(day: string, now: Date): Promise<boolean> {
      const rows = await db.insert(runs).values({ day, startedAt: now }).onConflictDoNothing().returning({ day: runs.day });
      return rows.length > 0;
    },
    async finishRun(day: string, v: { finishedAt: Date; checked: number; fixed: number; flagged: number; error: string | null }) {
      await db.update(runs).set(v).where(eq(runs.day, day));
    },
    async latestRuns(limit: number): Promise<ReconciliationRow[]> {
      return db.select().from(runs).orderBy(desc(runs.day)).limit(limit);
    },
  };
}
