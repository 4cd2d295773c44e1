import type { BulkTradesOnAccounts, TradePatch } from '@roundup/shared';
import { todayInMarket } from '@roundup/shared';
import type { AppContext } from '../../context';
import { addTrade } from './add-trade';
import { bulkTrades } from './bulk-trades';
import { editTrade } from './edit-trade';
import { getTrade, listTradesOnSplit } from './get-trades';
import { splitStats } from './split-stats';
import type { TradeDeps } from './trade-checks';
import { tradeProgress } from './trade-progress';

/** The weekly reconciliation digest's lines for many members (issue 26 §6, decision 031). */
export { reconciliationsFor } from './list-reconciliation';
export type { ReconcileDigest, ReconcileLine } from './reconcile-rules';
export { SPLIT_NOT_FOUND, TRADE_NOT_FOUND } from './trade-checks';

/**
 * The trade tracker (product.md#states Trade form, product.md#api /api/trades/*): one trade per account
 * and split. Each use case is its own file, `(deps, input)`; this binds them to the app's context and to the
 * accounts service buildServices built (services.ts builds each service once).
 */
export function tradesService(ctx: AppContext, accounts: TradeDeps['accounts']) {
  const deps: TradeDeps = {
    db: ctx.database.db,
    today: () => todayInMarket(ctx.clock()),
    accounts,
    upward: ctx.upward,
  };
  return {
    get: (userId: string, accountId: string, splitId: string) => getTrade(deps, { userId, accountId, splitId }),
    forSplit: (userId: string, splitId: string) => listTradesOnSplit(deps, { userId, splitId }),
    add: (userId: string, input: TradePatch & { accountId: string; splitId: string }) => addTrade(deps, { ...input, userId }),
    edit: (userId: string, input: TradePatch & { _id: string }) => editTrade(deps, { ...input, userId }),
    bulk: (userId: string, input: BulkTradesOnAccounts) => bulkTrades(deps, { ...input, userId }),
    progress: (userId: string) => tradeProgress(deps, { userId }),
    splitStats: (splitId: string) => splitStats(deps, { splitId }),
  };
}
