import { PIPELINE_STAGE_LABELS, type PipelineEntry, type PipelineStage, type PipelineView } from '@roundup/shared/pipeline';
import { usePipeline } from '../api';
import { CallBadge } from './CallBadge';
import { UpgradeButton } from './SplitActions';
import { SplitEvidence } from './SplitEvidence';
import { WatchlistFacts } from './WatchlistFacts';

const STAGE_TONE: Record<PipelineStage, string> = {
  deficiency: 'text-bg-warning',
  proposed: 'text-bg-light border',
  approved: 'text-bg-primary',
  failed: 'text-bg-danger',
  postponed: 'text-bg-warning',
  cancelled: 'text-bg-secondary',
};

function StageBadge({ stage }: { stage: PipelineStage }) {
  return (
    <span className={`badge ${STAGE_TONE[stage]}`} data-testid="pipeline-stage" data-stage={stage}>
      {PIPELINE_STAGE_LABELS[stage]}
    </span>
  );
}

// A filing's ratio that is not whole (1-for-4.3) is shown as the filing states it, never rounded.
const ratioText = (e: PipelineEntry) =>
  e.ratio
    ? `Ratio 1-for-${e.ratio}`
    : e.ratioExact
      ? `Ratio 1-for-${e.ratioExact} (not a whole number)`
      : e.ratioRange
        ? `Ratio 1-for-${e.ratioRange.min} to 1-for-${e.ratioRange.max}`
        : 'Ratio not set yet';

function PipelineItem({ entry }: { entry: PipelineView }) {
  if (entry.masked)
    return (
      <li className="list-group-item ru-masked" data-testid="pipeline-item">
        <div className="fw-semibold">
          {entry.name} <span className="badge text-bg-light border ms-1 font-monospace">{entry.ticker}</span>
        </div>
        <div className="small mt-1 d-flex flex-wrap align-items-center column-gap-3 row-gap-1">
          <StageBadge stage={entry.stage} />
          <span className="text-body-secondary">Company, ratio, call and filing are for Pro members.</span>
        </div>
      </li>
    );
  return (
    <li className="list-group-item" data-testid="pipeline-item">
      <div className="fw-semibold text-break">
        {entry.name}{' '}
        {entry.ticker ? <span className="badge text-bg-light border ms-1 font-monospace">{entry.ticker}</span> : null}
        <CallBadge split={entry} className="ms-1" />
      </div>
      <div className="small mt-1 d-flex flex-wrap align-items-center column-gap-3 row-gap-1 text-body-secondary">
        <StageBadge stage={entry.stage} />
        {entry.stage === 'deficiency' ? <span>No split filed yet</span> : <span>{ratioText(entry)}</span>}
        {entry.exchange ? <span>{entry.exchange}</span> : null}
        <span>No buy-by date yet</span>
      </div>
      <SplitEvidence
        sentence={entry.sentence}
        filingUrl={entry.filingUrl}
        acceptedAt={entry.acceptedAt}
        history={entry.history}
      />
      <WatchlistFacts entry={entry} />
    </li>
  );
}

/**
 * The pipeline: splits before they are dated — a bid-price deficiency notice (the watchlist), proposed
 * (vote pending), approved with no date yet, vote failed, postponed, cancelled — each with its filing,
 * acceptance time, deciding sentence and the issuer's earlier splits for Pro members; masked for Starter.
 */
export function PipelineSection() {
  const query = usePipeline();
  const entries = query.data ?? [];
  if (entries.length === 0) return null;
  const anyMasked = entries.some((e) => e.masked);
  return (
    <section className="card shadow-sm mt-4" aria-labelledby="pipeline-heading" data-testid="pipeline">
      <div className="card-header bg-body d-flex flex-wrap justify-content-between align-items-center gap-2">
        <h2 id="pipeline-heading" className="h5 mb-0">
          Pipeline
        </h2>
        <span className="small text-body-secondary">Reverse splits filed for, not dated yet</span>
      </div>
      <ul className="list-group list-group-flush">
        {entries.map((e) => (
          <PipelineItem key={e._id} entry={e} />
        ))}
      </ul>
      {anyMasked ? (
        <div className="card-body border-top small">
          <p className="mb-2">The pipeline is for Pro members: see each company, its call and the filing before a date is set.</p>
          <UpgradeButton />
        </div>
      ) : null}
    </section>
  );
}
