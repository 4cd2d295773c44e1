import { forbidden, notFound } from '../../http/app-error';
import { pipelineRepo } from './pipeline-repo';
import { seesEverything, type Viewer } from './rules';

/**
 * Follow or stop following a pipeline entry (the deficiency watchlist): a follower gets one alert when
 * the issuer files for a split. Pro members and admins only, on an entry still in the pipeline; a
 * second follow from another tab changes nothing.
 */
export async function followPipelineEntry(
  deps: { db: Parameters<typeof pipelineRepo>[0] },
  input: { viewer: Viewer; userId: string; id: string; follow: boolean },
): Promise<{ id: string; following: boolean }> {
  if (!seesEverything(input.viewer)) throw forbidden('Following the watchlist is for Pro members. Upgrade to Pro to follow it.');
  const repo = pipelineRepo(deps.db);
  if (!(await repo.openById(input.id))) throw notFound('Pipeline entry not found');
  if (input.follow) await repo.follow(input.id, input.userId);
  else await repo.unfollow(input.id, input.userId);
  return { id: input.id, following: input.follow };
}
