import type { PipelineView } from '@roundup/shared';
import type { Db } from '../../db/client';
import { pastFacts } from './add-pro-facts';
import { pipelineRepo } from './pipeline-repo';
import { presentPipeline } from './pipeline-rules';
import { splitsRepo } from './repo';
import { seesEverything, type Viewer } from './rules';

/**
 * GET /api/rs/pipeline (decision 032): the splits not dated yet. Pro members and admins
 * see each whole with its evidence and the issuer's earlier splits; Starter members and visitors
 * get masked stand-ins (the history is never read for them). A deficiency-watchlist entry carries its
 * notice, and whether the caller follows it.
 */
export async function listPipeline(deps: { db: Db }, input: { viewer: Viewer; userId?: string }): Promise<PipelineView[]> {
  const repo = pipelineRepo(deps.db);
  const rows = await repo.listOpen();
  if (!seesEverything(input.viewer)) return presentPipeline(input.viewer, rows, []);
  const past = (await splitsRepo(deps.db).list(['Complete'])).map(pastFacts);
  const followed = input.userId ? await repo.followedBy(input.userId) : new Set<string>();
  return presentPipeline(input.viewer, rows, past, followed);
}
