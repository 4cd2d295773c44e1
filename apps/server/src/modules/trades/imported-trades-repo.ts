import { and, eq, inArray } from 'drizzle-orm';
import { LEGS_MAX, type Trade, type TradePatch } from '@roundup/shared';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../http/app-error';
import { splitFacts } from '../splits/queries';
import { tradeProblem } from '../splits/rules';
import { EMPTY_STATE, sameTrade, type TradeState } from './legs-rules';
import { insertTrades, stateOf, toTrade, updateTrades } from './repo';
import { nextTradeState } from './trade-state-rules';

const t = schema.trades;

/** What a statement says of the member's trade on one split (decision 030); `label` names it in messages. */
export interface ImportedTrade {
  splitId: string;
  ticker: string;
  buyDate: string;
  effDate: string;
  label: string;
  patch: TradePatch;
  /** The statement has sells but no buy for this split (a later period's export): the recorded buys stay. */
  keepStoredBuys?: boolean;
}

/**
 * The trade the statement leaves (the stored one merged with the patch, as the bulk API merges), whether
 * it changes, and the trade rule it breaks (null: none). The same rules as /api/trades/bulk.
 */
export function importedState(stored: Trade | null, item: ImportedTrade, today: string) {
  const buys = item.keepStoredBuys && stored && item.patch.legs ? stored.legs.filter((l) => l.side === 'buy') : [];
  const patch = buys.length ? { ...item.patch, legs: [...buys, ...item.patch.legs!] } : item.patch;
  const next = nextTradeState(stored ? stateOf(stored) : EMPTY_STATE, patch, item, today);
  const state: TradeState = next.state;
  const change: 'new' | 'update' | 'none' = !stored ? 'new' : sameTrade(stateOf(stored), state) ? 'none' : 'update';
  const problem =
    state.legs.length > LEGS_MAX ? `${state.legs.length} buys and sells; a trade holds at most ${LEGS_MAX}` : next.problem;
  return { state, change, problem };
}

/** Statement import's reads and its one write of the member's trades, in the caller's `db` or transaction. */
export function importedTrades(db: Db) {
  const where = (userId: string, accountId: string, splitIds: readonly string[]) =>
    and(eq(t.userId, userId), eq(t.accountId, accountId), inArray(t.splitId, [...splitIds]));
  return {
    /** The member's trades in one account on these splits, by split. */
    async stored(userId: string, accountId: string, splitIds: readonly string[]): Promise<Map<string, Trade>> {
      if (splitIds.length === 0) return new Map();
      const rows = await db
        .select()
        .from(t)
        .where(where(userId, accountId, splitIds));
      return new Map(rows.map((r) => [r.splitId, toTrade(r)]));
    },
    /**
     * Writes each item's trade, all or nothing (run it in a transaction): locks the splits (decision
     * 010) and the stored trades, refuses with the split named when one breaks a trade rule, then one
     * UPDATE and one INSERT. A trade added meanwhile by another request is a 409 (nothing written).
     */
    async write(userId: string, accountId: string, items: readonly ImportedTrade[], today: string): Promise<Trade[]> {
      if (items.length === 0) return [];
      const ids = items.map((i) => i.splitId);
      const locked = await splitFacts(db).lockManyForTrade(ids);
      const rows = await db
        .select()
        .from(t)
        .where(where(userId, accountId, ids))
        .for('update');
      const stored = new Map(rows.map((r) => [r.splitId, toTrade(r)]));
      const updates: { id: string; fields: TradeState }[] = [];
      const inserts: Parameters<typeof insertTrades>[1][number][] = [];
      for (const item of items) {
        const split = locked.get(item.splitId);
        if (!split) throw notFound(`${item.label}: split not found`);
        const before = stored.get(item.splitId) ?? null;
        const closed = tradeProblem({ status: split.status, archived: split.archivedAt !== null }, before ? 'edit' : 'add');
        if (closed) throw new AppError(closed.code, `${item.label}: ${closed.msg}`);
        const { state, change, problem } = importedState(before, item, today);
        if (problem) throw badRequest(`${item.label}: ${problem}`);
        if (change === 'update') updates.push({ id: before!._id, fields: state });
        if (change === 'new') inserts.push({ userId, accountId, splitId: item.splitId, ticker: item.ticker, fields: state });
      }
      if (updates.length > 0) await updateTrades(db, updates);
      if (inserts.length > 0 && (await insertTrades(db, inserts)) < inserts.length)
        throw conflict('A trade was recorded on one of these splits at the same time; please try again');
      return (
        await db
          .select()
          .from(t)
          .where(where(userId, accountId, ids))
      ).map(toTrade);
    },
  };
}
