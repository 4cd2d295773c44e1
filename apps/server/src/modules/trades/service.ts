import type { BulkTradesOnAccounts, Trade, TradePatch } from '@roundup/shared';
import { todayInMarket } from '@roundup/shared';
import type { AppContext } from '../../context';
import { addTrade } from './add-trade';
import { bulkTrades } from './bulk-trades';
import { editTrade } from './edit-trade';
import { getTrade, listTradesOnSplit } from './get-trades';
import { recordVerdicts, verdictsAfterWrite, type VerdictDeps } from './record-verdicts';

/** How far back the worker's sweep looks for trades whose verdict may not have been recorded. */
const SWEEP_BACK_MS = 24 * 60 * 60_000;

/** What recording split verdicts takes from the app's context (decision 044). */
function verdictDeps(ctx: AppContext, live?: VerdictDeps['live']): VerdictDeps {
  return {
    live,
    db: ctx.database.db,
    // Read when a verdict is raised: the notifications service sets ctx.notifier (tests may replace it).
    notifier: { splitVerdict: (tx, v) => ctx.notifier.splitVerdict?.(tx, v) ?? Promise.resolve() },
    clock: () => ctx.clock(),
    log: ctx.log,
  };
}

/**
 * The worker's sweep (each minute, beside the schedules): verdicts reached by trades changed in the last
 * day that no write recorded (its process died between its commit and the check). Answers how many it raised.
 */
export const sweepVerdicts = (ctx: AppContext) =>
  recordVerdicts(verdictDeps(ctx), { changedSince: new Date(ctx.clock().getTime() - SWEEP_BACK_MS) });
import { splitStats } from './split-stats';
import type { TradeDeps } from './trade-checks';
import { tradeProgress } from './trade-progress';

/** The weekly reconciliation digest's lines for many members (decision 031). */
export { reconciliationsFor } from './list-reconciliation';
export type { ReconcileDigest, ReconcileLine } from './reconcile-rules';
export { SPLIT_NOT_FOUND, TRADE_NOT_FOUND } from './trade-checks';

/**
 * The trade tracker (product.md#states Trade form, product.md#api /api/trades/*): one trade per account
 * and split. Each use case is its own file, `(deps, input)`; this binds them to the app's context and to the
 * accounts service and the splits change signal buildServices built (services.ts builds each service once).
 */
export function tradesService(ctx: AppContext, accounts: TradeDeps['accounts'], live?: VerdictDeps['live']) {
  const deps: TradeDeps = {
    db: ctx.database.db,
    today: () => todayInMarket(ctx.clock()),
    accounts,
    upward: ctx.upward,
  };
  const verdicts = verdictDeps(ctx, live);
  /** A recorded outcome may complete a verdict (decision 044): checked once the write committed. */
  const thenVerdicts = async <T extends Trade | Trade[]>(saved: T): Promise<T> => {
    const recorded = ([] as Trade[]).concat(saved).filter((t) => t.outcome !== 'pending');
    if (recorded.length > 0)
      await verdictsAfterWrite(
        verdicts,
        recorded.map((t) => t.splitId),
      );
    return saved;
  };
  return {
    get: (userId: string, accountId: string, splitId: string) => getTrade(deps, { userId, accountId, splitId }),
    forSplit: (userId: string, splitId: string) => listTradesOnSplit(deps, { userId, splitId }),
    add: async (userId: string, input: TradePatch & { accountId: string; splitId: string }) =>
      thenVerdicts(await addTrade(deps, { ...input, userId })),
    edit: async (userId: string, input: TradePatch & { _id: string }) =>
      thenVerdicts(await editTrade(deps, { ...input, userId })),
    bulk: async (userId: string, input: BulkTradesOnAccounts) => {
      const result = await bulkTrades(deps, { ...input, userId });
      await thenVerdicts(result.trades);
      return result;
    },
    /** The worker's sweep, and a statement import's: verdicts reached by trades written elsewhere (decision 044). */
    recordVerdicts: (splitIds: readonly string[]) => verdictsAfterWrite(verdicts, splitIds),
    progress: (userId: string) => tradeProgress(deps, { userId }),
    splitStats: (splitId: string) => splitStats(deps, { splitId }),
  };
}

export type TradesService = ReturnType<typeof tradesService>;
