import type { UndoSplitAlertsResult } from '@roundup/shared';
import { conflict, notFound } from '../../http/app-error';
import { recordAudit } from '../audit/service';
import type { SplitsDeps } from './deps';
import { splitsRepo } from './repo';

/** The answer when nothing is held any more: the grace period is over, or the alerts were already stopped. */
export const ALERTS_GONE = 'These alerts are no longer held: they have gone out or were already stopped.';

/**
 * Admin Undo after saving a split: removes its alerts still inside the grace period, in one transaction
 * with the audit row. A second click (or a second tab) finds nothing held and is told so.
 */
export async function undoSplitAlerts(
  deps: Pick<SplitsDeps, 'db' | 'notifier'>,
  input: { id: string; actorId: string | null },
): Promise<UndoSplitAlertsResult> {
  const { result } = await splitsRepo(deps.db).inTransaction(async (tx, ops) => {
    // The split's row lock orders an Undo with an edit or delete of the same split (they take it too).
    if (!(await ops.lockById(input.id))) throw notFound('Split not found');
    const cancelled = (await deps.notifier.undoSplitAlerts?.(tx, input.id)) ?? 0;
    if (cancelled === 0) throw conflict(ALERTS_GONE);
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'split.alerts.undo',
      targetType: 'split',
      targetId: input.id,
      details: { cancelled },
    });
    return { id: input.id, cancelled };
  });
  return result;
}
