import { proposedStatusFor, rsTypeFor, type DiscoveryStatus, type Proposal } from '@roundup/shared';
import { filingIndexUrl } from '../../adapters/edgar';
import type { ProposalRow } from './repo';

export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/** A proposal as the review queue shows it. */
export function toProposal(p: ProposalRow, acceptedAt: Date | null, archivesUrl: string, today: string): Proposal {
  const rounding = p.rounding as Proposal['rounding'];
  return {
    _id: p.id,
    accession: p.accession,
    filingUrl: filingIndexUrl(archivesUrl, p.cik, p.accession),
    form: p.form,
    fileDate: p.fileDate,
    acceptedAt: acceptedAt?.toISOString() ?? null,
    cik: p.cik,
    company: p.company,
    ticker: p.ticker,
    exchange: (p.exchange as Proposal['exchange']) ?? null,
    ratio: p.ratio,
    ratioExact: p.ratioExact,
    ratioRange: p.ratioMin !== null && p.ratioMax !== null ? { min: p.ratioMin, max: p.ratioMax } : null,
    marketDate: p.marketDate,
    effectiveDate: p.effectiveDate,
    buyBy: p.buyBy,
    rounding,
    rsType: rsTypeFor(rounding),
    proposedStatus: proposedStatusFor(p, today),
    stage: (p.stage as Proposal['stage']) ?? null,
    historical: p.historical,
    holdersOfRecordOnly: p.holdersOfRecordOnly,
    confidence: p.confidence,
    evidence: p.evidence ?? null,
    changes: p.changes,
    previousId: p.previousId,
    status: p.status as DiscoveryStatus,
    splitId: p.splitId,
    rejectReason: p.rejectReason,
    reviewedAt: p.reviewedAt?.toISOString() ?? null,
    createdDate: p.createdAt.toISOString(),
  };
}
