import type { BulkTradesOnAccounts, BulkTradesResponse, Trade, TradePatch } from '@roundup/shared';
import type { Db } from '../../db/client';
import { withRetry } from '../../db/retry';
import { badRequest, conflict, notFound } from '../../http/app-error';
import { accountGroupFacts } from '../accounts/service';
import type { LockedSplit } from '../splits/queries';
import { bulkWriteTrades } from './bulk-write-repo';
import { EMPTY_STATE, sameTrade, type TradeState } from './legs-rules';
import { stateOf } from './repo';
import { accountName, checkOpen, requireSplit, SPLIT_NOT_FOUND, type TradeDeps } from './trade-checks';
import { nextTradeState, type NoShare } from './trade-state-rules';

interface BulkPlan {
  /** The accounts whose trade changes (or is new), with their new trade. */
  write: Map<string, TradeState>;
  unchanged: number;
  skipped: { accountId: string; msg: string; why: NoShare }[];
}

const accounts = (n: number) => (n === 1 ? '1 account' : `${n} accounts`);
const NO_SHARE: Record<NoShare, (n: number) => string> = {
  no_credit: (n) => `${accounts(n)} got nothing; no sale written`,
  cash_in_lieu: (n) => `${accounts(n)} got cash in lieu; no sale written`,
  clawed_back: (n) => `${accounts(n)} had the share clawed back; no sale written`,
  nothing_kept: (n) => `${accounts(n)} kept no share through the split; no sale written`,
};

/** One line for the accounts left out, by why. */
export function skippedNote(skipped: readonly { why: NoShare }[]): string | null {
  const parts = (Object.keys(NO_SHARE) as NoShare[])
    .map((why) => [why, skipped.filter((s) => s.why === why).length] as const)
    .filter(([, n]) => n > 0)
    .map(([why, n]) => NO_SHARE[why](n));
  return parts.length ? parts.join('. ') : null;
}

/**
 * Each account's trade as the patch leaves it. An account with no share for the sale the patch writes
 * (nothing credited, cash in lieu, nothing kept) is left out; any other broken rule refuses the whole save
 * (nothing written), naming the account. A patch that sets the outcome itself is refused, not left out.
 */
function planBulk(
  input: { accountIds: readonly string[]; patch: TradePatch; split: { buyDate: string; effDate: string }; today: string },
  locked: LockedSplit | null,
  stored: Trade[],
  name: (accountId: string) => string,
): BulkPlan {
  if (!locked) throw notFound(SPLIT_NOT_FOUND);
  const byAccount = new Map(stored.map((s) => [s.accountId, s]));
  checkOpen(locked, input.accountIds.every((id) => byAccount.has(id)) ? 'edit' : 'add');
  const plan: BulkPlan = { write: new Map(), unchanged: 0, skipped: [] };
  const problems: string[] = [];
  for (const id of input.accountIds) {
    const mine = byAccount.get(id);
    const before = mine ? stateOf(mine) : EMPTY_STATE;
    const next = nextTradeState(before, input.patch, input.split, input.today);
    if (next.noShare && (next.noShare === 'nothing_kept' || input.patch.outcome === undefined))
      plan.skipped.push({ accountId: id, msg: `${name(id)}: ${next.problem}`, why: next.noShare });
    else if (next.problem) problems.push(`${name(id)}: ${next.problem}`);
    else if (mine && sameTrade(before, next.state)) plan.unchanged += 1;
    else plan.write.set(id, next.state);
  }
  if (problems.length === 1) throw badRequest(problems[0]);
  if (problems.length > 1) throw badRequest(`${problems[0]} (and ${problems.length - 1} more accounts)`);
  return plan;
}

/**
 * POST /api/trades/bulk: the given fields on the caller's trade for the split in
 * each listed account, creating missing trades; all or nothing, and the refusal names the
 * account. Fields not sent keep their values; the single-trade rules apply to each result.
 */
export async function bulkTrades(
  deps: Pick<TradeDeps, 'db' | 'today' | 'accounts'>,
  input: BulkTradesOnAccounts & { userId: string },
): Promise<BulkTradesResponse> {
  const { userId, splitId, accountIds, ...patch } = input;
  if (Object.values(patch).every((v) => v === undefined)) throw badRequest('Send at least one field to set');
  const mine = await deps.accounts.labels(userId, accountIds);
  const foreign = accountIds.find((id) => !mine.has(id));
  if (foreign) throw notFound(`Account ${foreign} is not one of your accounts`);
  const split = await requireSplit(deps.db, splitId);
  const name = (id: string) => accountName(mine.get(id)!);
  for (let attempt = 1; ; attempt++) {
    let plan: BulkPlan = { write: new Map(), unchanged: 0, skipped: [] };
    const result = await withRetry(() =>
      bulkWriteTrades(deps.db, { userId, splitId: split.id, ticker: split.ticker }, accountIds, (locked, stored) => {
        plan = planBulk({ accountIds, patch, split, today: deps.today() }, locked, stored, name);
        return plan.write;
      }),
    );
    if (result !== 'raced') {
      const skipped = plan.skipped.map(({ accountId, msg }) => ({ accountId, msg }));
      return { trades: result, saved: plan.write.size, unchanged: plan.unchanged, skipped, note: skippedNote(plan.skipped) };
    }
    if (attempt >= 3) throw conflict('Another save changed these trades at the same time; please try again');
  }
}

/** A group stands for its accounts, in its order (exactly one of the two is sent). */
export async function accountsForBulk(
  deps: { db: Db },
  input: { userId: string; groupId?: string; accountIds?: string[] },
): Promise<string[]> {
  const ids = input.groupId ? await accountGroupFacts(deps.db).accountIds(input.userId, input.groupId) : input.accountIds!;
  if (ids.length === 0) throw badRequest('This group has no accounts');
  return ids;
}
