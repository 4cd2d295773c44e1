import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { leaseEnd } from '../../db/lease';
import { schema } from '../../db/client';

const r = schema.discoveryRuns;
export type RunRow = typeof r.$inferSelect;

/** Poll slots (`discovery_runs`): one row per slot, so a slot runs once across replicas; a live lease blocks overlap. */
export function slotsRepo(db: Db) {
  return {
    /** Starts `slot` unless it ran already or another cycle still holds its lease (by the database's clock, shared by every process). */
    async claimSlot(slot: string, now: Date, leaseMs: number): Promise<boolean> {
      return db.transaction(async (t) => {
        const tx = t as unknown as Db;
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('roundup-discovery-slot'))`);
        const [busy] = await tx
          .select({ slot: r.slot })
          .from(r)
          .where(and(isNull(r.finishedAt), sql`${r.leaseUntil} > now()`))
          .limit(1);
        if (busy) return false;
        const rows = await tx
          .insert(r)
          .values({ slot, startedAt: now, leaseUntil: leaseEnd(leaseMs) })
          .onConflictDoNothing()
          .returning({ slot: r.slot });
        return rows.length > 0;
      });
    },
    async extendLease(slot: string, leaseMs: number) {
      await db
        .update(r)
        .set({ leaseUntil: leaseEnd(leaseMs) })
        .where(eq(r.slot, slot));
    },
    async finishSlot(
      slot: string,
      now: Date,
      figures: Partial<Pick<RunRow, 'found' | 'processed' | 'proposals' | 'requests' | 'error' | 'searchedFrom' | 'searchedTo'>>,
    ) {
      await db
        .update(r)
        .set({ ...figures, finishedAt: now })
        .where(eq(r.slot, slot));
    },
    /** The newest finished search window's end (file date), where the next search starts. */
    async lastSearchedTo(): Promise<string | null> {
      const [row] = await db
        .select({ to: r.searchedTo })
        .from(r)
        .where(and(sql`${r.finishedAt} is not null`, isNull(r.error), sql`${r.searchedTo} is not null`))
        .orderBy(desc(r.searchedTo))
        .limit(1);
      return row?.to ?? null;
    },
    async lastRun(): Promise<RunRow | null> {
      const [row] = await db.select().from(r).orderBy(desc(r.startedAt)).limit(1);
      return row ?? null;
    },
  };
}
