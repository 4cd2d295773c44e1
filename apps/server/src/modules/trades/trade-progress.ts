import type { TradeProgress } from '@roundup/shared';
import { progressRows } from './repo';
import { splitProgressOf } from './rules';
import type { TradeDeps } from './trade-checks';

/**
 * GET /api/trades/progress: where the member stands on each split, of their active accounts.
 * Which trades are still held is analytics' (`deps.upward.openTradeIds`, ranked above trades). The
 * accounts at brokers marked to avoid are counted apart, with the buys in them, so the To do can
 * leave them out and say how many.
 */
export async function tradeProgress(
  deps: Pick<TradeDeps, 'db' | 'accounts' | 'upward'>,
  input: { userId: string },
): Promise<TradeProgress> {
  const [active, rows, open, avoid] = await Promise.all([
    deps.accounts.activeCount(input.userId),
    progressRows(deps.db, input.userId),
    deps.upward.openTradeIds(deps.db, [input.userId]),
    deps.accounts.activeAvoidIds(input.userId),
  ]);
  const avoided = new Set(avoid);
  const progress = splitProgressOf(rows, open).map((p) => ({
    ...p,
    boughtAvoided: rows.filter((r) => r.splitId === p.splitId && r.bought && avoided.has(r.accountId ?? '')).length,
  }));
  return { accounts: active, avoided: avoided.size, progress };
}
