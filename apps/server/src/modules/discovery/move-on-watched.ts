import { pipelineStageFor, type PipelineEntry } from '@roundup/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { pipelineWrites } from '../splits/queries';
import { pipelineValuesOf, tellFollowers } from './publish-pipeline';
import type { ProposalRow } from './repo';

/**
 * A later proxy or split filing of an issuer on the deficiency watchlist moves its entry on (to
 * "Proposed (vote pending)" or "Approved, no date yet"), in the transaction that recorded the
 * proposal, and tells its followers once. An issuer not on the watchlist is left to the admin's
 * review, as every other proposal is (decision 032).
 */
export async function moveOnWatched(
  ctx: Pick<AppContext, 'config' | 'notifier'>,
  tx: Db,
  input: { proposal: ProposalRow; acceptedAt: Date | null },
): Promise<void> {
  const p = input.proposal;
  const writes = pipelineWrites(tx);
  if (p.historical || !(await writes.watched(p.cik))) return;
  const archivesUrl = ctx.config.EDGAR_ARCHIVES_URL.replace(/\/+$/, '');
  const { entry, told } = await writes.publish(
    pipelineValuesOf(p, { stage: pipelineStageFor(p.stage), archivesUrl, acceptedAt: input.acceptedAt }),
  );
  await tellFollowers(ctx.notifier, tx, entry as PipelineEntry, told);
}
