import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ConfirmationSource } from '@roundup/shared';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import type { ListedSplit } from '../../adapters/exchange-lists';
import { splitsRelation } from '../splits/queries';
import type { SplitTerms } from './rules';

const sg = schema.splitSightings;
const ev = schema.confirmationEvents;
const runs = schema.confirmationRuns;

export type SightingRow = typeof sg.$inferSelect;
export type EventRow = typeof ev.$inferSelect;

type Rows<T> = { rows: T[] };
const rowsOf = <T>(r: unknown) => (r as Rows<T>).rows;

/** The only file of the confirmations module that knows Drizzle (its tables: decision 022). */
export function confirmationsRepo(db: Db) {
  return {
    /** Splits a list entry may confirm: Approved or Upcoming, not archived, effective from `from` on. */
    async openSplits(from: string): Promise<(SplitTerms & { name: string; status: string })[]> {
      const r = await db.execute(
        sql`select s.id::text as id, s.ticker, s.ratio, s.eff_date::text as "effDate", s.name, s.status
            from ${splitsRelation} s
            where s.status in ('Approved', 'Upcoming') and s.archived_at is null and s.eff_date >= ${from}::date`,
      );
      return rowsOf<SplitTerms & { name: string; status: string }>(r).map((x) => ({ ...x, ratio: Number(x.ratio) }));
    },
    /** The split's terms as the settle compares them (its sightings are the rows it locks). */
    async lockSplit(tx: Db, id: string): Promise<(SplitTerms & { status: string; archived: boolean }) | null> {
      const r = await tx.execute(
        sql`select s.id::text as id, s.ticker, s.ratio, s.eff_date::text as "effDate", s.status, s.archived_at is not null as archived
            from ${splitsRelation} s where s.id = ${id}::uuid`,
      );
      const row = rowsOf<SplitTerms & { status: string; archived: boolean }>(r)[0];
      return row ? { ...row, ratio: Number(row.ratio) } : null;
    },
    async sightings(tx: Db, splitId: string): Promise<SightingRow[]> {
      return tx.select().from(sg).where(eq(sg.splitId, splitId)).orderBy(asc(sg.source)).for('update');
    },
    async sightingsFor(splitIds: string[]): Promise<SightingRow[]> {
      if (splitIds.length === 0) return [];
      return db.select().from(sg).where(inArray(sg.splitId, splitIds)).orderBy(asc(sg.source));
    },
    /**
     * Stores what the list says for the split: answers whether its values are new or changed (a change
     * clears an admin's resolution: it was about the old values).
     */
    async upsertSighting(tx: Db, splitId: string, e: ListedSplit, now: Date): Promise<'new' | 'changed' | 'same'> {
      const [before] = await tx
        .select()
        .from(sg)
        .where(and(eq(sg.splitId, splitId), eq(sg.source, e.source)))
        .for('update');
      const values = {
        symbol: e.symbol,
        newSymbol: e.newSymbol,
        cusip: e.cusip,
        ratio: e.ratio,
        marketDate: e.marketDate,
        url: e.url,
      };
      if (!before) {
        const ins = await tx
          .insert(sg)
          .values({ splitId, source: e.source, ...values, firstSeenAt: now, seenAt: now })
          .onConflictDoNothing()
          .returning({ id: sg.id });
        return ins.length ? 'new' : 'same';
      }
      const changed = before.ratio !== e.ratio || before.marketDate !== e.marketDate;
      await tx
        .update(sg)
        .set({ ...values, seenAt: now, ...(changed ? { resolvedAt: null } : {}) })
        .where(eq(sg.id, before.id));
      return changed ? 'changed' : 'same';
    },
    async resolveSightings(tx: Db, ids: string[], now: Date): Promise<void> {
      if (ids.length) await tx.update(sg).set({ resolvedAt: now }).where(inArray(sg.id, ids));
    },
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
    /** Claims a poll slot once across processes (not while another poll holds its lease). */
    async claimSlot(slot: string, now: Date, leaseMs: number): Promise<boolean> {
      return db.transaction(async (t) => {
        const tx = t as unknown as Db;
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('roundup-confirmation-slot'))`);
        const busy = await tx
          .select({ slot: runs.slot })
          .from(runs)
          .where(and(isNull(runs.finishedAt), sql`${runs.leaseUntil} > ${now.toISOString()}::timestamptz`))
          .limit(1);
        if (busy.length) return false;
        const ins = await tx
          .insert(runs)
          .values({ slot, startedAt: now, leaseUntil: new Date(now.getTime() + leaseMs) })
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
