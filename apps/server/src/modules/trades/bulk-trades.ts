import type { BulkTradesOnAccounts, Trade, TradePatch } from '@roundup/shared';
import type { Db } from '../../db/client';
import { withRetry } from '../../db/retry';
import { badRequest, conflict, notFound } from '../../http/app-error';
import { accountGroupFacts } from '../accounts/service';
import type { LockedSplit } from '../splits/queries';
import { bulkWriteTrades } from './bulk-write-repo';
import { checkTrade, EMPTY_STATE, mergeTradeEdit, withDefaultBuyDate, type TradeState } from './legs-rules';
import { stateOf } from './repo';
import { checkOpen, requireSplit, SPLIT_NOT_FOUND, type TradeDeps } from './trade-checks';

/** Each account's trade as the patch leaves it; refused (nothing written) when any breaks a trade rule, naming the account. */
function nextTrades(
  input: { accountIds: readonly string[]; patch: TradePatch; split: { buyDate: string; effDate: string }; today: string },
  locked: LockedSplit | null,
  stored: Trade[],
  name: (accountId: string) => string,
): Map<string, TradeState> {
  if (!locked) throw notFound(SPLIT_NOT_FOUND);
  const byAccount = new Map(stored.map((s) => [s.accountId, s]));
  checkOpen(locked, input.accountIds.every((id) => byAccount.has(id)) ? 'edit' : 'add');
  const next = new Map<string, TradeState>();
  const problems: string[] = [];
  for (const id of input.accountIds) {
    const mine = byAccount.get(id);
    const fields = withDefaultBuyDate(mergeTradeEdit(mine ? stateOf(mine) : EMPTY_STATE, input.patch), input.split.buyDate);
    const problem = checkTrade(fields, input.split, input.today);
    if (problem) problems.push(`${name(id)}: ${problem}`);
    next.set(id, fields);
  }
  if (problems.length === 1) throw badRequest(problems[0]);
  if (problems.length > 1) throw badRequest(`${problems[0]} (and ${problems.length - 1} more accounts)`);
  return next;
}

/**
 * POST /api/trades/bulk (issue 14): the given fields on the caller's trade for the split in
 * each listed account, creating missing trades; all or nothing, and the refusal names the
 * account. Fields not sent keep their values; the single-trade rules apply to each result.
 */
export async function bulkTrades(
  deps: Pick<TradeDeps, 'db' | 'today' | 'accounts'>,
  input: BulkTradesOnAccounts & { userId: string },
): Promise<Trade[]> {
  const { userId, splitId, accountIds, ...patch } = input;
  if (Object.values(patch).every((v) => v === undefined)) throw badRequest('Send at least one field to set');
  const mine = await deps.accounts.labels(userId, accountIds);
  const foreign = accountIds.find((id) => !mine.has(id));
  if (foreign) throw notFound(`Account ${foreign} is not one of your accounts`);
  const split = await requireSplit(deps.db, splitId);
  const name = (id: string) => `${mine.get(id)!.nickname} (${mine.get(id)!.broker})`;
  for (let attempt = 1; ; attempt++) {
    const result = await withRetry(() =>
      bulkWriteTrades(deps.db, { userId, splitId: split.id, ticker: split.ticker }, accountIds, (locked, stored) =>
        nextTrades({ accountIds, patch, split, today: deps.today() }, locked, stored, name),
      ),
    );
    if (result !== 'raced') return result;
    if (attempt >= 3) throw conflict('Another save changed these trades at the same time; please try again');
  }
}

/** Issue 26 §4: a group stands for its accounts, in its order (exactly one of the two is sent). */
export async function accountsForBulk(
  deps: { db: Db },
  input: { userId: string; groupId?: string; accountIds?: string[] },
): Promise<string[]> {
  const ids = input.groupId ? await accountGroupFacts(deps.db).accountIds(input.userId, input.groupId) : input.accountIds!;
  if (ids.length === 0) throw badRequest('This group has no accounts');
  return ids;
}
