import type { Trade } from '@roundup/shared';
import { tradesRepo } from './repo';
import { requireSplit, type TradeDeps } from './trade-checks';

/** The member's trade in one account for one split (null when none); the account must be theirs. */
export async function getTrade(
  deps: Pick<TradeDeps, 'db' | 'accounts'>,
  input: { userId: string; accountId: string; splitId: string },
): Promise<Trade | null> {
  await deps.accounts.requireOwned(input.userId, input.accountId);
  await requireSplit(deps.db, input.splitId);
  return tradesRepo(deps.db).forAccountAndSplit(input.userId, input.accountId, input.splitId);
}

/** The member's trades for one split, in every account (the Record Trades modal). */
export async function listTradesOnSplit(
  deps: Pick<TradeDeps, 'db'>,
  input: { userId: string; splitId: string },
): Promise<Trade[]> {
  await requireSplit(deps.db, input.splitId);
  return tradesRepo(deps.db).forSplit(input.userId, input.splitId);
}
