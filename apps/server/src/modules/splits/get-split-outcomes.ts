import { listedPeerBrokers, mayBeOwedShares, peerWindowOpen, type SplitOutcomes } from '@roundup/shared';
import type { UpwardReads } from '../../context';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../http/app-error';
import { splitsRepo } from './repo';
import { seesEverything, splitAccess, type Viewer } from './rules';

export const PEERS_UPGRADE_MESSAGE = 'What other members got is for Pro members. Upgrade to Pro to see it.';

/**
 * GET /api/rs/:id/outcomes (decision 027): per broker, what members recorded on this
 * split while it is happening. Only aggregates, only brokers with at least 3 members, only for Pro
 * members and admins (a Starter gets 403, a split hidden from the caller 404).
 */
export async function getSplitOutcomes(
  deps: { db: Db; today: string; upward: Pick<UpwardReads, 'outcomesOnSplitByBroker' | 'cashInLieuOf'> },
  input: { viewer: Viewer; userId: string; splitId: string },
): Promise<SplitOutcomes> {
  const split = await splitsRepo(deps.db).byId(input.splitId);
  if (!split || splitAccess(input.viewer, split, deps.today) === 'hidden') throw notFound('Split not found');
  if (!seesEverything(input.viewer)) throw forbidden(PEERS_UPGRADE_MESSAGE);
  if (!peerWindowOpen(split, deps.today)) return { open: false, brokers: [], mayBeOwed: [] };
  const brokers = listedPeerBrokers(await deps.upward.outcomesOnSplitByBroker(deps.db, input.splitId));
  const mine = await deps.upward.cashInLieuOf(deps.db, input.userId, input.splitId);
  return { open: true, brokers, mayBeOwed: mayBeOwedShares(mine, brokers) };
}
