import type { DeleteSplitResult } from '@roundup/shared';
import { withRetry } from '../../db/retry';
import { conflict, notFound } from '../../http/app-error';
import { recordAudit } from '../audit/service';
import type { SplitsDeps } from './deps';
import { splitsRepo } from './repo';

/** The 409 of a delete that needs confirming: the count, and what archiving does. */
export const archiveQuestion = (trades: number) =>
  `Members have ${trades} trade${trades === 1 ? '' : 's'} recorded on this split. It will be archived, not deleted: it leaves the calendar, tables and alerts, and members keep their trades and analytics. Confirm to archive it.`;

/**
 * Admin delete (decision 011). A split without trades is deleted. One that members have trades on
 * is never deleted: without `confirm` the answer is 409 naming the count; with it the split is
 * archived (hidden from calendar, tables, feed and alerts; trades, history and analytics kept).
 * The split's row lock makes the count exact: a trade being added waits on it (foreign key).
 */
export async function removeSplit(
  deps: Pick<SplitsDeps, 'db' | 'notifier' | 'upward' | 'live'>,
  input: { id: string; confirm?: boolean; actorId?: string | null },
): Promise<DeleteSplitResult> {
  const { id } = input;
  // Deleting a split with trades moves stored totals like a re-date does (decision 010).
  const { result, changeId } = await withRetry(() =>
    splitsRepo(deps.db).inTransaction(async (tx, ops) => {
      const before = await ops.lockById(id);
      if (!before || before.archived) throw notFound('Split not found');
      const trades = await deps.upward.tradeCountForSplit(tx, id);
      if (trades > 0 && !input.confirm) throw conflict(archiveQuestion(trades));
      await recordAudit(tx, {
        actorId: input.actorId ?? null,
        action: trades > 0 ? 'split.archive' : 'split.delete',
        targetType: 'split',
        targetId: id,
        details: { name: before.name, ticker: before.ticker, trades },
      });
      // Called before the row goes, so the notifier may still read it inside this transaction.
      await deps.notifier.splitChanged(tx, { splitId: id, kind: 'deleted', previousStatus: before.status, status: null });
      if (trades > 0) {
        await ops.archive(id);
        return { id, deleted: false, archived: true, trades };
      }
      await ops.remove(id);
      return { id, deleted: true, archived: false, trades: 0 };
    }),
  );
  deps.live.emitLocal(changeId);
  return result;
}
