import { fromCents, type SplitMemberStats, type Trade } from '@roundup/shared';
import { tradeResult } from '@roundup/shared/trade-result';
import { tradesRepo } from './repo';
import { outcomeCounts, splitAverage } from './rules';
import { requireSplit, type TradeDeps } from './trade-checks';

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

/** Admin: what members recorded for a split (their average realized profit per account, and the outcomes). */
export async function splitStats(deps: Pick<TradeDeps, 'db'>, input: { splitId: string }): Promise<SplitMemberStats> {
  const split = await requireSplit(deps.db, input.splitId);
  const rows = await tradesRepo(deps.db).forSplitAllMembers(input.splitId);
  const avg = splitAverage(
    rows.map((t) => ({ userId: t.userId, profitTicks: tradeResult(analyticsTrade(t), split.effDate).profitTicks })),
  );
  return {
    splitId: input.splitId,
    trades: avg.trades,
    members: avg.members,
    avgProfit: avg.avgProfitCents === null ? null : fromCents(avg.avgProfitCents),
    outcomes: outcomeCounts(rows),
  };
}
