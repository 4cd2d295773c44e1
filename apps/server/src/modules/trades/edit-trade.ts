import type { Trade, TradePatch } from '@roundup/shared';
import { withRetry } from '../../db/retry';
import { notFound } from '../../http/app-error';
import { stateOf, tradesRepo } from './repo';
import { nameOfAccount, prepare, requireOpenSplit, TRADE_NOT_FOUND, type TradeDeps } from './trade-checks';

/** Changes only the fields the body sends (`TradePatch`); the others keep their values. */
export function editTrade(
  deps: Pick<TradeDeps, 'db' | 'today' | 'accounts'>,
  input: TradePatch & { userId: string; _id: string },
): Promise<Trade> {
  const repo = tradesRepo(deps.db);
  return withRetry(async () => {
    const existing = await repo.findOwned(input.userId, input._id);
    if (!existing) throw notFound(TRADE_NOT_FOUND);
    const split = await requireOpenSplit(deps.db, existing.splitId, 'edit');
    const account = await nameOfAccount(deps, input.userId, existing.accountId);
    const trade = await repo.update(input.userId, input._id, existing.splitId, (stored) =>
      prepare(stateOf(stored), input, split, deps.today(), account),
    );
    if (!trade) throw notFound(TRADE_NOT_FOUND);
    return trade;
  });
}
