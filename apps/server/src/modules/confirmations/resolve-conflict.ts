import type { ConfirmationSource, ConfirmationState } from '@roundup/shared';
import type { Notifier } from '../../context';
import { conflict, notFound } from '../../http/app-error';
import { recordAudit } from '../audit/service';
import { signalSplitsChanged, type SplitsLive } from '../splits/queries';
import type { ConfirmationsRepo } from './repo';
import { disagrees } from './rules';
import { settleSplit } from './settle-split';

/**
 * An admin keeps the split's terms against the sources that disagree (to take a source's terms
 * instead, the admin edits the split: the source then agrees). The disagreeing sightings are marked
 * resolved for the values they hold, a `resolved` event keeps the note and the admin, and the split
 * settles again (it may turn confirmed, with the members' alert). 409 when nothing is in conflict.
 * This process's calendars are told once it commits (`live`), so the admin's next load shows the new state.
 */
export async function resolveConflict(
  deps: { repo: ConfirmationsRepo; notifier: Notifier; clock: () => Date; live?: Pick<SplitsLive, 'emitLocal'> },
  input: { splitId: string; note: string; actorId: string },
): Promise<ConfirmationState> {
  const now = deps.clock();
  const { state, changeId } = await deps.repo.transaction(async (tx) => {
    const split = await deps.repo.lockSplit(tx, input.splitId);
    if (!split || split.archived) throw notFound('Split not found');
    const open = (await deps.repo.sightings(tx, input.splitId)).filter((s) => !s.resolvedAt && disagrees(split, s));
    if (open.length === 0) throw conflict('This split has no open conflict to resolve');
    await deps.repo.resolveSightings(
      tx,
      open.map((s) => s.id),
      now,
    );
    for (const s of open)
      await deps.repo.addEvent(tx, {
        splitId: input.splitId,
        at: now,
        kind: 'resolved',
        source: s.source as ConfirmationSource,
        ratio: s.ratio,
        marketDate: s.marketDate,
        note: input.note,
        actorId: input.actorId,
      });
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'split.confirmation.resolve',
      targetType: 'split',
      targetId: input.splitId,
      details: { sources: open.map((s) => s.source), note: input.note },
    });
    const settled = (await settleSplit(deps, { tx, splitId: input.splitId, now })) ?? 'unconfirmed';
    return { state: settled, changeId: await signalSplitsChanged(tx) };
  });
  deps.live?.emitLocal(changeId);
  return state;
}
