import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import type { ListedSplit } from '../../adapters/exchange-lists';
import { splitsRelation } from '../splits/queries';
import type { SplitTerms } from './rules';

const sg = schema.splitSightings;
export type SightingRow = typeof sg.$inferSelect;

/** The rows of a raw `db.execute`. */
export const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** What the exchange lists say of each split (`split_sightings`), and the split terms they are compared with. */
export function sightingsRepo(db: Db) {
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
    /** The splits whose sightings list one of these symbols as the new symbol or the new CUSIP. */
    async splitsListedAs(symbols: readonly string[]): Promise<string[]> {
      if (symbols.length === 0) return [];
      const list = sql`(select jsonb_array_elements_text(${JSON.stringify(symbols.map((x) => x.toUpperCase()))}::jsonb))`;
      const rows = await db
        .selectDistinct({ splitId: sg.splitId })
        .from(sg)
        .where(or(sql`upper(${sg.newSymbol}) in ${list}`, sql`upper(${sg.cusip}) in ${list}`));
      return rows.map((r) => r.splitId);
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
  };
}
