import {
  fromCents,
  todayInMarket,
  type BulkTradesOnAccounts,
  type SplitMemberStats,
  type Trade,
  type TradePatch,
  type TradeProgress,
} from '@roundup/shared';
import type { AppContext } from '../../context';
import { withRetry } from '../../db/retry';
import { AppError, badRequest, conflict, notFound } from '../../http/app-error';
import { tradeProblem } from '../splits/rules';
import { accountsService } from '../accounts/service';
import { tradeResult } from '@roundup/shared/trade-result';
import { checkTrade, EMPTY_STATE, mergeTradeEdit, sameTrade, withDefaultBuyDate, type TradeState } from './legs';
import { stateOf, tradesRepo } from './repo';
import { outcomeCounts, splitAverage } from './rules';

/** A trade as the P&L rule reads it (analytics/rules.ts). */
const analyticsTrade = (t: Trade) => ({
  accountId: t.accountId,
  splitId: t.splitId,
  buyDate: t.buy_date,
  buyPrice: null,
  sellDate: t.sell_date,
  sellPrice: null,
  outcome: t.outcome,
  outcomeDate: t.outcome_date,
  legs: t.legs.map((l) => ({ ...l, price: l.price === null ? null : String(l.price) })),
  sharesReceived: t.shares_received,
  cashInLieu: t.cash_in_lieu_amount === null ? null : String(t.cash_in_lieu_amount),
});

/** The weekly reconciliation digest's lines for many members (issue 26 §6, decision 031). */
export { reconciliationsFor } from './list-reconciliation';
export type { ReconcileDigest, ReconcileLine } from './reconcile-rules';

export const SPLIT_NOT_FOUND = 'Split not found';
export const TRADE_NOT_FOUND = 'Trade not found';

/** The trade tracker (product.md#states Trade form, product.md#api /api/trades/*): one trade per account and split. */
export function tradesService(ctx: AppContext) {
  const repo = tradesRepo(ctx.database.db);
  const accounts = accountsService(ctx);

  async function requireSplit(splitId: string) {
    const split = await repo.split(splitId);
    if (!split) throw notFound(SPLIT_NOT_FOUND);
    return split;
  }

  /** Refuses a trade on this split now (Approved: not until Upcoming; archived: no new trades). */
  function checkOpen(split: { status: string; archivedAt: Date | null }, action: 'add' | 'edit') {
    const problem = tradeProblem({ status: split.status, archived: split.archivedAt !== null }, action);
    if (problem) throw new AppError(problem.code, problem.msg);
  }

  /** The split, when a trade may be recorded on it now. */
  async function requireOpenSplit(splitId: string, action: 'add' | 'edit') {
    const split = await requireSplit(splitId);
    checkOpen(split, action);
    return split;
  }

  /** The trade as the patch leaves it, with its defaults; refused when it breaks a trade rule. */
  function prepare(stored: TradeState, patch: TradePatch, split: { buyDate: string; effDate: string }): TradeState {
    const out = withDefaultBuyDate(mergeTradeEdit(stored, patch), split.buyDate);
    const problem = checkTrade(out, split, todayInMarket(ctx.clock()));
    if (problem) throw badRequest(problem);
    return out;
  }

  return {
    async get(userId: string, accountId: string, splitId: string): Promise<Trade | null> {
      await accounts.requireOwned(userId, accountId);
      await requireSplit(splitId);
      return repo.forAccountAndSplit(userId, accountId, splitId);
    },
    async forSplit(userId: string, splitId: string): Promise<Trade[]> {
      await requireSplit(splitId);
      return repo.forSplit(userId, splitId);
    },
    /**
     * One trade per account and split, whatever the race: of parallel adds one inserts; the
     * others answer the stored trade when they asked for the same values (a double click), else 409.
     */
    async add(userId: string, input: TradePatch & { accountId: string; splitId: string }): Promise<Trade> {
      return withRetry(async () => {
        await accounts.requireOwned(userId, input.accountId);
        const split = await requireOpenSplit(input.splitId, 'add');
        const fields = prepare(EMPTY_STATE, input, split);
        // Checked again under the split's lock: an admin may have deleted, archived or un-published it since.
        const trade = await repo.insert(
          { userId, accountId: input.accountId, splitId: split.id, ticker: split.ticker },
          fields,
          (locked) => {
            if (!locked) throw notFound(SPLIT_NOT_FOUND);
            checkOpen(locked, 'add');
          },
        );
        if (trade) return trade;
        const stored = await repo.forAccountAndSplit(userId, input.accountId, split.id);
        if (stored && sameTrade(stateOf(stored), fields)) return stored;
        throw conflict('A trade is already recorded for this account and split; edit it instead');
      });
    },
    /** Changes only the fields the body sends (`TradePatch`); the others keep their values. */
    async edit(userId: string, input: TradePatch & { _id: string }): Promise<Trade> {
      return withRetry(async () => {
        const existing = await repo.findOwned(userId, input._id);
        if (!existing) throw notFound(TRADE_NOT_FOUND);
        const split = await requireOpenSplit(existing.splitId, 'edit');
        const trade = await repo.update(userId, input._id, existing.splitId, (stored) => prepare(stateOf(stored), input, split));
        if (!trade) throw notFound(TRADE_NOT_FOUND);
        return trade;
      });
    },
    /**
     * POST /api/trades/bulk (issue 14): the given fields on the caller's trade for the split in
     * each listed account, creating missing trades; all or nothing, and the refusal names the
     * account. Fields not sent keep their values; the single-trade rules apply to each result.
     */
    async bulk(userId: string, input: BulkTradesOnAccounts): Promise<Trade[]> {
      const { splitId, accountIds, ...patch } = input;
      if (Object.values(patch).every((v) => v === undefined)) throw badRequest('Send at least one field to set');
      const mine = await accounts.labels(userId, accountIds);
      const foreign = accountIds.find((id) => !mine.has(id));
      if (foreign) throw notFound(`Account ${foreign} is not one of your accounts`);
      const split = await requireSplit(splitId);
      const name = (id: string) => `${mine.get(id)!.nickname} (${mine.get(id)!.broker})`;
      for (let attempt = 1; ; attempt++) {
        const result = await withRetry(() =>
          repo.bulkWrite({ userId, splitId: split.id, ticker: split.ticker }, accountIds, (locked, stored) => {
            if (!locked) throw notFound(SPLIT_NOT_FOUND);
            const byAccount = new Map(stored.map((s) => [s.accountId, s]));
            checkOpen(locked, accountIds.every((id) => byAccount.has(id)) ? 'edit' : 'add');
            const today = todayInMarket(ctx.clock());
            const next = new Map<string, TradeState>();
            const problems: string[] = [];
            for (const id of accountIds) {
              const stored = byAccount.get(id);
              const fields = withDefaultBuyDate(mergeTradeEdit(stored ? stateOf(stored) : EMPTY_STATE, patch), split.buyDate);
              const problem = checkTrade(fields, split, today);
              if (problem) problems.push(`${name(id)}: ${problem}`);
              next.set(id, fields);
            }
            if (problems.length === 1) throw badRequest(problems[0]);
            if (problems.length > 1) throw badRequest(`${problems[0]} (and ${problems.length - 1} more accounts)`);
            return next;
          }),
        );
        if (result !== 'raced') return result;
        if (attempt >= 3) throw conflict('Another save changed these trades at the same time; please try again');
      }
    },
    /** Where the member stands on each split: bought, received, sold, of their active accounts. */
    async progress(userId: string): Promise<TradeProgress> {
      const [active, progress] = await Promise.all([accounts.activeCount(userId), repo.progress(userId)]);
      return { accounts: active, progress };
    },
    async splitStats(splitId: string): Promise<SplitMemberStats> {
      const split = await requireSplit(splitId);
      const rows = await repo.forSplitAllMembers(splitId);
      const avg = splitAverage(
        rows.map((t) => ({ userId: t.userId, profitTicks: tradeResult(analyticsTrade(t), split.effDate).profitTicks })),
      );
      return {
        splitId,
        trades: avg.trades,
        members: avg.members,
        avgProfit: avg.avgProfitCents === null ? null : fromCents(avg.avgProfitCents),
        outcomes: outcomeCounts(rows),
      };
    },
  };
}
