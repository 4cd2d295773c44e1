import {
  PIPELINE_STAGE_LABELS,
  pipelineStageFor,
  rsTypeFor,
  type PipelineEntry,
  type PublishPipelineRequest,
  type Rounding,
} from '@roundup/shared';
import type { Notifier } from '../../context';
import type { Db } from '../../db/client';
import { filingIndexUrl } from '../../adapters/edgar';
import { conflict, notFound } from '../../http/app-error';
import { recordAudit } from '../audit/service';
import { pipelineWrites } from '../splits/queries';
import { discoveryRepo, type ProposalRow } from './repo';

/**
 * POST /api/admin/discoveries/pipeline (decision 032): an admin publishes an undated
 * proposal (a proxy, a meeting result, a postponement) to the members' pipeline, or moves the
 * issuer's entry on to the stage this filing (or the admin) gives. A proposal with a market date is
 * accepted as a split instead; the split then takes the issuer's entry out of the pipeline.
 */
export async function publishPipeline(
  deps: { db: Db; archivesUrl: string; notifier: Pick<Notifier, 'watchlistProposed'> },
  input: PublishPipelineRequest & { actorId: string },
): Promise<PipelineEntry> {
  const p = await discoveryRepo(deps.db).proposal(input.id);
  if (!p) throw notFound('Proposal not found');
  if (p.status === 'rejected' || p.status === 'superseded')
    throw conflict(`This proposal was ${p.status}: it cannot go to the pipeline.`);
  if (p.historical) throw conflict('This filing tells of a split already done: it belongs to the issuer’s history.');
  if (p.marketDate) throw conflict('This proposal has a market date: accept it as a split instead.');
  const stage = input.stage ?? pipelineStageFor(p.stage);
  return deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const { entry, told } = await pipelineWrites(tx).publish(
      pipelineValuesOf(p, { stage, archivesUrl: deps.archivesUrl, acceptedAt: p.acceptedAt }),
    );
    await tellFollowers(deps.notifier, tx, entry, told);
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'discovery.pipeline',
      targetType: 'discovery',
      targetId: p.id,
      details: { company: p.company, ticker: p.ticker, accession: p.accession, stage },
    });
    return entry;
  });
}

/**
 * The pipeline entry a proposal makes, whoever publishes it (an admin, or discovery moving a watched issuer on),
 * so both carry the same terms, the exact ratio included.
 */
export function pipelineValuesOf(
  p: ProposalRow,
  at: { stage: PipelineEntry['stage']; archivesUrl: string; acceptedAt: Date | null },
): Parameters<ReturnType<typeof pipelineWrites>['publish']>[0] {
  const rounding = p.rounding as Rounding;
  return {
    cik: p.cik,
    name: p.company,
    ticker: p.ticker,
    exchange: (p.exchange as PipelineEntry['exchange']) ?? null,
    stage: at.stage,
    ratio: p.ratio,
    ratioMin: p.ratioMin,
    ratioMax: p.ratioMax,
    ratioExact: p.ratioExact,
    rsType: rsTypeFor(rounding),
    participant: rounding === 'ROUND_UP_PARTICIPANT',
    filingUrl: filingIndexUrl(at.archivesUrl, p.cik, p.accession),
    acceptedAt: at.acceptedAt,
    evidence: p.evidence?.sentence ?? null,
    proposalId: p.id,
  };
}

/** The members who followed a watchlist entry hear, once, that the issuer has filed for a split. */
export async function tellFollowers(
  notifier: Pick<Notifier, 'watchlistProposed'>,
  tx: Db,
  entry: PipelineEntry,
  told: readonly string[],
): Promise<void> {
  if (told.length === 0) return;
  await notifier.watchlistProposed?.(tx, {
    entryId: entry._id,
    userIds: told,
    name: entry.name,
    ticker: entry.ticker,
    stage: PIPELINE_STAGE_LABELS[entry.stage],
    filingUrl: entry.filingUrl,
  });
}
