import { pipelineStageFor, rsTypeFor, type Exchange, type PipelineEntry, type Rounding } from '@roundup/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { filingIndexUrl } from '../../adapters/edgar';
import { pipelineWrites } from '../splits/queries';
import { tellFollowers } from './publish-pipeline';
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
  const rounding = p.rounding as Rounding;
  const archives = ctx.config.EDGAR_ARCHIVES_URL.replace(/\/+$/, '');
  const { entry, told } = await writes.publish({
    cik: p.cik,
    name: p.company,
    ticker: p.ticker,
    exchange: (p.exchange as Exchange | null) ?? null,
    stage: pipelineStageFor(p.stage),
    ratio: p.ratio,
    ratioMin: p.ratioMin,
    ratioMax: p.ratioMax,
    ratioExact: p.ratioExact,
    rsType: rsTypeFor(rounding),
    participant: rounding === 'ROUND_UP_PARTICIPANT',
    filingUrl: filingIndexUrl(archives, p.cik, p.accession),
    acceptedAt: input.acceptedAt,
    evidence: p.evidence?.sentence ?? null,
    proposalId: p.id,
  });
  await tellFollowers(ctx.notifier, tx, entry as PipelineEntry, told);
}
