import { refused } from '../../http/app-error';
import { recordAudit } from '../audit/service';
import { alertsAtOf, splitValues, type SavedSplit, type SplitsDeps, type SplitWrite } from './deps';
import { splitsRepo } from './repo';
import { handWrittenProblems, strip } from './rules';

/**
 * Admin add. `alongside` runs in the split's own transaction (a discovery accept marks its proposal
 * there), so both are written or neither is.
 */
export async function addSplit(deps: Pick<SplitsDeps, 'db' | 'notifier' | 'live'>, input: SplitWrite): Promise<SavedSplit> {
  const problems = handWrittenProblems(input.split);
  if (problems.length > 0) throw refused(problems);
  const { result, changeId } = await splitsRepo(deps.db).inTransaction(async (tx, ops) => {
    const s = await ops.insert(splitValues(input.split, null, input.filing));
    await input.alongside?.(tx, s._id);
    await ops.leavePipeline(s);
    await recordAudit(tx, {
      actorId: input.actorId ?? null,
      action: 'split.add',
      targetType: 'split',
      targetId: s._id,
      details: { name: s.name, ticker: s.ticker },
    });
    const at = await deps.notifier.splitChanged(tx, { splitId: s._id, kind: 'added', previousStatus: null, status: s.status });
    return { split: s, alertsAt: alertsAtOf(at) };
  });
  deps.live.emitLocal(changeId);
  return { split: strip(result.split), alertsAt: result.alertsAt };
}
