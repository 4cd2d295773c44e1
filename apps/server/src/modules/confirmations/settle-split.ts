import type { ConfirmationSource, ConfirmationState } from '@roundup/shared';
import type { Db } from '../../db/client';
import type { Notifier } from '../../context';
import type { ConfirmationsRepo, SightingRow } from './repo';
import { confirmationState, confirmedKey, conflictKey, disagrees } from './rules';

export interface SettleDeps {
  repo: ConfirmationsRepo;
  notifier: Notifier;
}

const terms = (s: SightingRow) => ({
  source: s.source as ConfirmationSource,
  ratio: s.ratio,
  marketDate: s.marketDate,
  resolved: s.resolvedAt !== null,
});

/**
 * Works out a split's state from what its sources list, in the caller's transaction, and records
 * what follows once: each disagreement as a `conflict` event (the admins hear of it: notify-admins.ts),
 * and the first confirmation as a `confirmed` event plus the members' "Confirmed by the exchange"
 * alert (its event key makes a second poll, a second tab or a replay raise nothing).
 */
export async function settleSplit(
  deps: SettleDeps,
  input: { tx: Db; splitId: string; now: Date },
): Promise<ConfirmationState | null> {
  const { tx, splitId, now } = input;
  const split = await deps.repo.lockSplit(tx, splitId);
  if (!split || split.archived) return null;
  const sightings = await deps.repo.sightings(tx, splitId);
  const state = confirmationState(split, sightings.map(terms));
  if (state === 'conflict') {
    for (const s of sightings.filter((x) => !x.resolvedAt && disagrees(split, terms(x))))
      await deps.repo.addEvent(tx, {
        splitId,
        at: now,
        kind: 'conflict',
        source: s.source as ConfirmationSource,
        ratio: s.ratio,
        marketDate: s.marketDate,
        dedupeKey: conflictKey(splitId, terms(s)),
      });
  }
  if (state === 'confirmed') {
    await deps.repo.addEvent(tx, { splitId, at: now, kind: 'confirmed', dedupeKey: confirmedKey(splitId) });
    // Only a public split is announced (an Approved one is still the admins' own: its holders hear
    // once it is Upcoming and read again). The alert's own event key keeps it to one.
    if (split.status === 'Upcoming') await deps.notifier.splitConfirmed?.(tx, { splitId });
  }
  return state;
}
