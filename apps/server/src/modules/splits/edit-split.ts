import { termChanges } from '@roundup/shared';
import { withRetry } from '../../db/retry';
import { notFound, refused } from '../../http/app-error';
import { diffFields, recordAudit } from '../audit/service';
import { alertsAtOf, splitValues, type SavedSplit, type SplitsDeps, type SplitWrite } from './deps';
import { splitsRepo } from './repo';
import { handWrittenProblems, isPublished, strip } from './rules';

/** Admin edit of split `id`; `alongside` runs in the split's own transaction, as on add. */
export async function editSplit(
  deps: Pick<SplitsDeps, 'db' | 'clock' | 'notifier' | 'live'>,
  input: SplitWrite & { id: string },
): Promise<SavedSplit> {
  const { id, actorId = null } = input;
  const problems = handWrittenProblems(input.split);
  if (problems.length > 0) throw refused(problems);
  // A re-date moves the stored totals of every member's trades on the split (decision 008);
  // a save that collides with it is run again (decision 010).
  const { result, changeId } = await withRetry(() =>
    splitsRepo(deps.db).inTransaction(async (tx, ops) => {
      const before = await ops.lockById(id);
      if (!before || before.archived) throw notFound('Split not found');
      const s = await ops.update(id, splitValues(input.split, before, input.filing));
      await ops.leavePipeline(s);
      // Terms members could already see: the change is kept and shown on the split (decision 025).
      if (isPublished(before)) await ops.recordChanges(id, termChanges(before, s), deps.clock(), actorId);
      await input.alongside?.(tx, id);
      const changes = diffFields(before as unknown as Record<string, unknown>, s as unknown as Record<string, unknown>);
      await recordAudit(tx, {
        actorId,
        action: 'split.edit',
        targetType: 'split',
        targetId: id,
        details: { name: s.name, ticker: s.ticker, changes },
      });
      const at = await deps.notifier.splitChanged(tx, {
        splitId: id,
        kind: 'updated',
        previousStatus: before.status,
        status: s.status,
        changes,
      });
      return { split: s, alertsAt: alertsAtOf(at) };
    }),
  );
  deps.live.emitLocal(changeId);
  return { split: strip(result.split), alertsAt: result.alertsAt };
}
