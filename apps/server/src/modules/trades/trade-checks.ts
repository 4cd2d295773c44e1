import type { TradePatch } from '@roundup/shared';
import type { UpwardReads } from '../../context';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../http/app-error';
import type { AccountsService } from '../accounts/service';
import { tradeProblem } from '../splits/rules';
import type { TradeState } from './legs-rules';
import { tradesRepo } from './repo';
import { nextTradeState } from './trade-state-rules';

export const SPLIT_NOT_FOUND = 'Split not found';
export const TRADE_NOT_FOUND = 'Trade not found';

/** What the trade use cases touch: the database, today (in the market's time zone), accounts, and analytics' open positions. */
export interface TradeDeps {
  db: Db;
  today: () => string;
  accounts: Pick<AccountsService, 'requireOwned' | 'labels' | 'activeCount' | 'activeAvoidIds'>;
  upward: Pick<UpwardReads, 'openTradeIds'>;
}

/** The split a trade names; 404 when it does not exist. */
export async function requireSplit(db: Db, splitId: string) {
  const split = await tradesRepo(db).split(splitId);
  if (!split) throw notFound(SPLIT_NOT_FOUND);
  return split;
}

/** Refuses a trade on this split now (Approved: not until Upcoming; archived: no new trades). */
export function checkOpen(split: { status: string; archivedAt: Date | null }, action: 'add' | 'edit') {
  const problem = tradeProblem({ status: split.status, archived: split.archivedAt !== null }, action);
  if (problem) throw new AppError(problem.code, problem.msg);
}

/** The split, when a trade may be recorded on it now. */
export async function requireOpenSplit(db: Db, splitId: string, action: 'add' | 'edit') {
  const split = await requireSplit(db, splitId);
  checkOpen(split, action);
  return split;
}

/** How a message names an account: its nickname and broker. */
export const accountName = (a: { nickname: string; broker: string }) => `${a.nickname} (${a.broker})`;

/** The caller's account as messages name it. */
export async function nameOfAccount(deps: Pick<TradeDeps, 'accounts'>, userId: string, accountId: string) {
  const a = (await deps.accounts.labels(userId, [accountId])).get(accountId);
  return a ? accountName(a) : 'This account';
}

/**
 * The trade as the patch leaves it, with its defaults; refused when it breaks a trade rule. A sale with no
 * share to stand on names the account, as the bulk save does.
 */
export function prepare(
  stored: TradeState,
  patch: TradePatch,
  split: { buyDate: string; effDate: string },
  today: string,
  account: string,
): TradeState {
  const { state, problem, noShare } = nextTradeState(stored, patch, split, today);
  if (problem) throw badRequest(noShare ? `${account}: ${problem}` : problem);
  return state;
}
