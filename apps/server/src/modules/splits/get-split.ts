import type { Split } from '@roundup/shared';
import { forbidden, notFound } from '../../http/app-error';
import { addProFacts } from './add-pro-facts';
import { splitsToday, type SplitsDeps } from './deps';
import { splitsRepo } from './repo';
import { seesEverything, splitAccess, strip, type Viewer } from './rules';

/** What a caller who may not see a split gets by id (403). */
export const UPGRADE_MESSAGE = 'This split is for Pro members. Upgrade to Pro to see it.';

/** One split: 404 when hidden from this caller, 403 with the upgrade message when masked. */
export async function getSplit(
  deps: Pick<SplitsDeps, 'db' | 'clock' | 'upward'>,
  input: { viewer: Viewer; id: string },
): Promise<Split> {
  const repo = splitsRepo(deps.db);
  const s = await repo.byId(input.id);
  const access = s ? splitAccess(input.viewer, s, splitsToday(deps)) : 'hidden';
  if (!s || access === 'hidden') throw notFound('Split not found');
  if (access === 'masked') throw forbidden(UPGRADE_MESSAGE);
  const candidates = seesEverything(input.viewer) ? await repo.list(['Complete']) : [];
  const facts = { viewer: input.viewer, rows: [strip(s)], stored: [s], candidates };
  return (await addProFacts({ db: deps.db, upward: deps.upward }, facts))[0];
}
