import type { TradeProgress } from '@roundup/shared';
import { progressRows } from './repo';
import { splitProgressOf } from './rules';
import type { TradeDeps } from './trade-checks';

/**
 * GET /api/trades/progress (issue 14): where the member stands on each split, of their active accounts.
 * Which trades are still held is analytics' (`deps.upward.openTradeIds`, ranked above trades).
 */
export async function tradeProgress(
  deps: Pick<TradeDeps, 'db' | 'accounts' | 'upward'>,
  input: { userId: string },
): Promise<TradeProgress> {
  const [active, rows, open] = await Promise.all([
    deps.accounts.activeCount(input.userId),
    progressRows(deps.db, input.userId),
    deps.upward.openTradeIds(deps.db, [input.userId]),
  ]);
  return { accounts: active, progress: splitProgressOf(rows, open) };
}
