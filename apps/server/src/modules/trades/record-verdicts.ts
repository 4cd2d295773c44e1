import type { FastifyBaseLogger } from 'fastify';
import type { Notifier } from '../../context';
import type { Db } from '../../db/client';
import { withRetry } from '../../db/retry';
import { signalSplitsChanged, type SplitsLive } from '../splits/queries';
import { verdictsRepo, type VerdictScope } from './verdicts-repo';

/**
 * What recording verdicts touches: the database, the notifier that tells members, the clock and the log; and
 * `live`, the splits change signal of a process that serves calendars, told at once after the commit so its
 * next list carries the verdict without waiting for the database's notice (which can come late).
 */
export interface VerdictDeps {
  db: Db;
  notifier: Pick<Notifier, 'splitVerdict'>;
  clock: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
  live?: Pick<SplitsLive, 'emitLocal'>;
}

/**
 * Records the verdicts members' outcomes have reached in `scope` (decision 044) and, in the same
 * transaction, raises each one's news and the live signal that refreshes open calendars. Run after an
 * outcome write commits, so of writes that commit together the last one's run sees them all; the worker
 * runs it again over recent changes, so a process that died between its commit and this still tells.
 * Answers how many verdicts it raised.
 */
export async function recordVerdicts(deps: VerdictDeps, scope: VerdictScope): Promise<number> {
  const { raised, changeId } = await withRetry(() =>
    deps.db.transaction(async (t0) => {
      const tx = t0 as unknown as Db;
      const claimed = await verdictsRepo(tx).claim(scope, deps.clock());
      for (const v of claimed) await deps.notifier.splitVerdict?.(tx, v);
      // Last: the change count's row lock is held only until this commits (decision 006).
      return { raised: claimed.length, changeId: claimed.length > 0 ? await signalSplitsChanged(tx) : null };
    }),
  );
  if (changeId !== null) deps.live?.emitLocal(changeId);
  return raised;
}

/**
 * After a member's trade write committed: a verdict that cannot be recorded now must not fail the save
 * the member already has; the worker's sweep records it (and tells) on its next round.
 */
export async function verdictsAfterWrite(deps: VerdictDeps, splitIds: readonly string[]): Promise<void> {
  try {
    await recordVerdicts(deps, { splitIds: [...new Set(splitIds)] });
  } catch (err) {
    deps.log.warn({ err }, 'split verdicts not recorded after a trade write; the worker records them');
  }
}
