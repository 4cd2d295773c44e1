import { can, type SplitView } from '@roundup/shared';
import { addProFacts } from './add-pro-facts';
import { splitsToday, type SplitsDeps } from './deps';
import { splitsRepo } from './repo';
import { presentAll, seesEverything, visibleStatuses, type Viewer } from './rules';

/** Which list a viewer gets (the envelope cache keeps one per variant). */
export function splitsVariant(viewer: Viewer): 'admin' | 'full' | 'starter' {
  if (can(viewer, 'admin:access')) return 'admin';
  return seesEverything(viewer) ? 'full' : 'starter';
}

/** GET /api/rs: the splits this viewer may see, masked where they may not see them whole (rules.ts `splitAccess`). */
export async function listSplits(
  deps: Pick<SplitsDeps, 'db' | 'clock' | 'upward'>,
  input: { viewer: Viewer },
): Promise<SplitView[]> {
  const stored = await splitsRepo(deps.db).list(visibleStatuses(input.viewer));
  const rows = presentAll(input.viewer, stored, splitsToday(deps));
  return addProFacts({ db: deps.db, upward: deps.upward }, { viewer: input.viewer, rows, stored, candidates: stored });
}
