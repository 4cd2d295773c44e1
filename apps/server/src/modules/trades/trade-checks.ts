import type { TradePatch } from '@roundup/shared';
import type { UpwardReads } from '../../context';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../http/app-error';
import type { AccountsService } from '../accounts/service';
import { tradeProblem } from '../splits/rules';
import { checkTrade, mergeTradeEdit, withDefaultBuyDate, type TradeState } from './legs-rules';
import { tradesRepo } from './repo';

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

/** The trade as the patch leaves it, with its defaults; refused when it breaks a trade rule. */
export function prepare(
  stored: TradeState,
  patch: TradePatch,
  split: { buyDate: string; effDate: string },
  today: string,
): TradeState {
  const out = withDefaultBuyDate(mergeTradeEdit(stored, patch), split.buyDate);
  const problem = checkTrade(out, split, today);
  if (problem) throw badRequest(problem);
  return out;
}
