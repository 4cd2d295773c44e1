import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { relation } from '../../db/relation';
import type { PipelineEntry } from '@roundup/shared';
import { signalChange } from './repo';
import { pipelineRepo, type DeficiencyValues, type PipelineValues } from './pipeline-repo';
import { pipelineEntry } from './pipeline-rules';

/**
 * Signals a change of what split rows show (decision 006) from another module's write, e.g. a new
 * confirmation: list caches clear and live streams refresh. Run it in that write's transaction.
 */
export const signalSplitsChanged = (tx: Db) => signalChange(tx);

/** The signal itself: after that write commits, `emitLocal(changeId)` tells this process's calendars at once. */
export type { SplitsLive } from './live';

const s = schema.reverseSplits;

/** Splits as other modules' SQL reads them (see db/relation.ts): no admin notes or sources. */
export const splitsRelation = relation(s, [
  s.id,
  s.name,
  s.ticker,
  s.ratio,
  s.buyDate,
  s.effDate,
  s.price,
  s.estProfit,
  s.status,
  s.archivedAt,
  s.exchange,
  s.rsType,
  s.participant,
  s.caution,
]);

/** The split as a trade write finds it once locked (null: deleted meanwhile). */
export interface LockedSplit {
  status: string;
  archivedAt: Date | null;
}

/** What the trades module asks of a split, in the caller's `db` or transaction. */
export function splitFacts(db: Db) {
  return {
    /** The facts a member's trade needs (existence, name, dates, status). */
    async forTrade(id: string) {
      const [row] = await db
        .select({
          id: s.id,
          name: s.name,
          ticker: s.ticker,
          buyDate: s.buyDate,
          effDate: s.effDate,
          status: s.status,
          archivedAt: s.archivedAt,
        })
        .from(s)
        .where(eq(s.id, id))
        .limit(1);
      return row ?? null;
    },
    /**
     * Decision 010: a trade write takes a share lock on its split before the trade row, so an
     * admin's re-date (which locks the split for update) and member saves queue up in one order
     * instead of deadlocking, and the stored totals count each trade under the date that holds
     * when it commits.
     */
    async lockForTrade(id: string): Promise<LockedSplit | null> {
      const [row] = await db.select({ status: s.status, archivedAt: s.archivedAt }).from(s).where(eq(s.id, id)).for('share');
      return row ?? null;
    },
    /** Decision 010's share lock on several splits at once, in id order (statement import, decision 030). */
    async lockManyForTrade(ids: readonly string[]): Promise<Map<string, LockedSplit>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: s.id, status: s.status, archivedAt: s.archivedAt })
        .from(s)
        .where(inArray(s.id, [...ids]))
        .orderBy(asc(s.id))
        .for('share');
      return new Map(rows.map((r) => [r.id, { status: r.status, archivedAt: r.archivedAt }]));
    },
    /**
     * Splits of these tickers, or with these ids (listed under a new symbol or CUSIP), not archived, for
     * matching a statement's rows (statement import, decision 030).
     */
    async ofTickers(tickers: readonly string[], ids: readonly string[] = []) {
      if (tickers.length === 0 && ids.length === 0) return [];
      return db
        .select({ id: s.id, name: s.name, ticker: s.ticker, buyDate: s.buyDate, effDate: s.effDate, status: s.status })
        .from(s)
        .where(
          and(
            // One parameter for the list: a statement may name more tickers than PostgreSQL takes parameters.
            sql`(upper(${s.ticker}) in (select jsonb_array_elements_text(${JSON.stringify(tickers)}::jsonb))
              or ${s.id}::text in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)))`,
            isNull(s.archivedAt),
          ),
        );
    },
  };
}

/**
 * The pipeline's writes from outside the module (decision 032), in the caller's transaction: the
 * discovery review publishes an undated proposal, and discovery puts an issuer's bid-price notice on
 * the watchlist. Each signals the change so lists refresh.
 */
export function pipelineWrites(tx: Db) {
  const repo = pipelineRepo(tx);
  return {
    /**
     * Publishes or moves on the issuer's entry. `told`: the followers to alert, once, when this moved
     * a watchlist entry (stage `deficiency`) on to a proposed split.
     */
    async publish(values: PipelineValues): Promise<{ entry: PipelineEntry; told: string[] }> {
      const watched = await repo.openDeficiency(tx, values.cik);
      const row = await repo.upsert(tx, values);
      const told = watched && row.stage !== 'deficiency' ? await repo.claimFollowers(tx, row.id) : [];
      await signalChange(tx);
      return { entry: pipelineEntry(row, []), told };
    },
    /** Whether the issuer (CIK) sits on the watchlist, waiting for a split. */
    async watched(cik: string): Promise<boolean> {
      return (await repo.openDeficiency(tx, cik)) !== null;
    },
    async recordDeficiency(values: DeficiencyValues): Promise<PipelineEntry> {
      const row = await repo.recordDeficiency(tx, values);
      await signalChange(tx);
      return pipelineEntry(row, []);
    },
  };
}
