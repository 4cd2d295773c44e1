import type { Trade, TradePatch } from '@roundup/shared';
import { withRetry } from '../../db/retry';
import { conflict, notFound } from '../../http/app-error';
import { EMPTY_STATE, sameTrade } from './legs-rules';
import { stateOf, tradesRepo } from './repo';
import { checkOpen, nameOfAccount, prepare, requireOpenSplit, SPLIT_NOT_FOUND, type TradeDeps } from './trade-checks';

/**
 * Records a trade: one per account and split, whatever the race. Of parallel adds one inserts; the
 * others answer the stored trade when they asked for the same values (a double click), else 409.
 */
export function addTrade(
  deps: Pick<TradeDeps, 'db' | 'today' | 'accounts'>,
  input: TradePatch & { userId: string; accountId: string; splitId: string },
): Promise<Trade> {
  const { userId, accountId } = input;
  const repo = tradesRepo(deps.db);
  return withRetry(async () => {
    await deps.accounts.requireOwned(userId, accountId);
    const split = await requireOpenSplit(deps.db, input.splitId, 'add');
    const fields = prepare(EMPTY_STATE, input, split, deps.today(), await nameOfAccount(deps, userId, accountId));
    // Checked again under the split's lock: an admin may have deleted, archived or un-published it since.
    const trade = await repo.insert({ userId, accountId, splitId: split.id, ticker: split.ticker }, fields, (locked) => {
      if (!locked) throw notFound(SPLIT_NOT_FOUND);
      checkOpen(locked, 'add');
    });
    if (trade) return trade;
    const stored = await repo.forAccountAndSplit(userId, accountId, split.id);
    if (stored && sameTrade(stateOf(stored), fields)) return stored;
    throw conflict('A trade is already recorded for this account and split; edit it instead');
  });
}
