import type { PipelineView } from '@roundup/shared';
import type { Db } from '../../db/client';
import { pastFacts } from './add-pro-facts';
import { pipelineRepo } from './pipeline-repo';
import { presentPipeline } from './pipeline-rules';
import { splitsRepo } from './repo';
import { seesEverything, type Viewer } from './rules';

/**
 * GET /api/rs/pipeline (issue 25 §6, decision 032): the splits not dated yet. Pro members and admins
 * see each whole with its evidence and the issuer's earlier splits; Starter members and visitors
 * get masked stand-ins (the history is never read for them).
 */
export async function listPipeline(deps: { db: Db }, input: { viewer: Viewer }): Promise<PipelineView[]> {
  const rows = await pipelineRepo(deps.db).listOpen();
  const past = seesEverything(input.viewer) ? (await splitsRepo(deps.db).list(['Complete'])).map(pastFacts) : [];
  return presentPipeline(input.viewer, rows, past);
}
