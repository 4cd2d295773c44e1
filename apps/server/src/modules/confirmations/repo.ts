import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { ConfirmationSource } from '@roundup/shared';
import type { Db } from '../../db/client';
import { leaseEnd } from '../../db/lease';
import { schema } from '../../db/client';
import { splitsRelation } from '../splits/queries';
import { rowsOf, sightingsRepo } from './sightings-repo';

const ev = schema.confirmationEvents;
const runs = schema.confirmationRuns;

export type { SightingRow } from './sightings-repo';
export type EventRow = typeof ev.$inferSelect;

/**
 * The confirmations module's tables (decision 022), known to its repo files only: sightings and the split
 * terms they are compared with (sightings-repo.ts), history events and poll slots (here).
 */
export function confirmationsRepo(db: Db) {
  return {
    ...sightingsRepo(db),
    /** Adds a history event; with a dedupe key, only the first of its kind (answers whether it was added). */
    async addEvent(
      tx: Db,
      e: {
        splitId: string;
        at: Date;
        kind: EventRow['kind'];
        source?: ConfirmationSource | null;
        ratio?: number | null;
        marketDate?: string | null;
        note?: string | null;
        actorId?: string | null;
        dedupeKey?: string;
      },
    ): Promise<boolean> {
      const r = await tx.insert(ev).values(e).onConflictDoNothing().returning({ id: ev.id });
      return r.length > 0;
    },
    async history(splitId: string): Promise<EventRow[]> {
      // Within one instant, in the order a poll and a resolution write them.
      const step = sql`case ${ev.kind} when 'seen' then 0 when 'conflict' then 1 when 'confirmed' then 2 else 3 end`;
      return db.select().from(ev).where(eq(ev.splitId, splitId)).orderBy(asc(ev.at), step);
    },
    /** Conflicts the admins have not been told of yet, with the split's ticker (null: the split is gone). */
    async untoldConflicts(): Promise<
      (EventRow & { ticker: string | null; splitRatio: number | null; effDate: string | null })[]
    > {
      const r = await db.execute(
        sql`select e.id, e.split_id as "splitId", e.source, e.ratio, e.market_date::text as "marketDate",
                   s.ticker, s.ratio as "splitRatio", s.eff_date::text as "effDate"
            from ${ev} e left join ${splitsRelation} s on s.id = e.split_id
            where e.kind = 'conflict' and e.notified_at is null order by e.at`,
      );
      return rowsOf<EventRow & { ticker: string | null; splitRatio: number | null; effDate: string | null }>(r);
    },
    async markTold(id: string, now: Date): Promise<void> {
      await db
        .update(ev)
        .set({ notifiedAt: now })
        .where(and(eq(ev.id, id), isNull(ev.notifiedAt)));
    },
    /** Claims a poll slot once across processes (not while another poll holds its lease, by the database's clock). */
    async claimSlot(slot: string, now: Date, leaseMs: number): Promise<boolean> {
      return db.transaction(async (t) => {
        const tx = t as unknown as Db;
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('roundup-confirmation-slot'))`);
        const busy = await tx
          .select({ slot: runs.slot })
          .from(runs)
          .where(and(isNull(runs.finishedAt), sql`${runs.leaseUntil} > now()`))
          .limit(1);
        if (busy.length) return false;
        const ins = await tx
          .insert(runs)
          .values({ slot, startedAt: now, leaseUntil: leaseEnd(leaseMs) })
          .onConflictDoNothing()
          .returning({ slot: runs.slot });
        return ins.length > 0;
      });
    },
    async finishSlot(slot: string, now: Date, figures: { entries: number; matched: number; error: string | null }) {
      await db
        .update(runs)
        .set({ ...figures, finishedAt: now })
        .where(eq(runs.slot, slot));
    },
    transaction: <T>(fn: (tx: Db) => Promise<T>) => db.transaction((tx) => fn(tx as unknown as Db)),
  };
}
export type ConfirmationsRepo = ReturnType<typeof confirmationsRepo>;
