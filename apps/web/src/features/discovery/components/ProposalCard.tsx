import { deadlineText, splitDeadline } from '@roundup/shared/deadline';
import type { AcceptProposalRequest, Proposal, Rounding } from '@roundup/shared/discovery';
import { useState } from 'react';
import { formatInMarketTz, formatIsoDate } from '../../../lib/format';
import { AcceptConfirmDialog } from './AcceptConfirmDialog';
import { PipelinePublish } from './PipelinePublish';
import { AcceptForm, RejectForm } from './ReviewForms';
import { ProposalEvidence } from './ProposalEvidence';

export const ROUNDING_LABELS: Record<Rounding, { text: string; tone: string }> = {
  ROUND_UP: { text: 'Rounds up', tone: 'success' },
  ROUND_UP_PARTICIPANT: { text: 'Rounds up at participant level only', tone: 'warning' },
  CASH_IN_LIEU: { text: 'Cash in lieu', tone: 'danger' },
  ROUND_DOWN: { text: 'Rounds down', tone: 'danger' },
  NEAREST: { text: 'Threshold rounding', tone: 'warning' },
  DISCRETIONARY: { text: 'Board discretion', tone: 'warning' },
  UNSPECIFIED: { text: 'Not stated', tone: 'secondary' },
  NONE: { text: 'No split found', tone: 'secondary' },
};

const FIELD_LABELS: Record<string, string> = {
  marketDate: 'Market date',
  buyBy: 'Buy by',
  ratio: 'Ratio',
  ticker: 'Ticker',
  rounding: 'Rounding',
  stage: 'Stage',
};

const day = (d: string | null) => (d ? formatIsoDate(d, 'MMM d, yyyy') : '—');
const show = (field: string, v: unknown) =>
  v === null || v === undefined
    ? '—'
    : field === 'marketDate' || field === 'buyBy'
      ? day(String(v))
      : field === 'ratio'
        ? `1-for-${String(v)}`
        : field === 'rounding'
          ? (ROUNDING_LABELS[v as Rounding]?.text ?? String(v))
          : String(v);

function ratioText(p: Proposal) {
  if (p.ratio) return `1-for-${p.ratio}`;
  if (p.ratioExact) return `1-for-${p.ratioExact} (not whole)`;
  if (p.ratioRange) return `authorised 1-for-${p.ratioRange.min} to 1-for-${p.ratioRange.max}`;
  return '—';
}

/** One proposal: the facts, the deciding sentence highlighted between its neighbours, what changed, and the actions. */
export function ProposalCard({ p }: { p: Proposal }) {
  const [mode, setMode] = useState<'view' | 'accept' | 'reject'>('view');
  /** The accept waiting for the admin's confirmation (what members will receive), or null. */
  const [confirming, setConfirming] = useState<AcceptProposalRequest | null>(null);
  const label = ROUNDING_LABELS[p.rounding];
  const changes = Object.entries(p.changes);
  const headingId = `proposal-${p._id}`;
  return (
    <li className="card shadow-sm ru-panel">
      <article className="card-body p-3 p-md-4" aria-labelledby={headingId}>
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-3">
          <div>
            <h2 id={headingId} className="h5 fw-bold mb-1 text-break">
              {p.company} {p.ticker ? <span className="text-body-secondary fw-semibold">({p.ticker})</span> : null}
            </h2>
            <div className="d-flex flex-wrap gap-2 align-items-center small">
              <span className={`badge text-bg-${label.tone}`}>{label.text}</span>
              <span className="badge text-bg-light">Proposed: {p.rsType}</span>
              <span className="text-body-secondary">confidence {Math.round(p.confidence * 100)}%</span>
              {p.status !== 'open' ? <span className="badge text-bg-secondary text-capitalize">{p.status}</span> : null}
              {p.stage === 'cancelled' || p.stage === 'postponed' ? (
                <span className="badge text-bg-danger text-capitalize">Split {p.stage}</span>
              ) : null}
            </div>
          </div>
          <a href={p.filingUrl} target="_blank" rel="noopener noreferrer" className="btn btn-sm btn-outline-primary">
            View filing ({p.form})<span className="visually-hidden"> opens in a new tab</span>
          </a>
        </div>

        <dl className="ru-facts mb-3">
          <div>
            <dt>Ratio</dt>
            <dd>{ratioText(p)}</dd>
          </div>
          <div>
            <dt>Market date</dt>
            <dd>{day(p.marketDate)}</dd>
          </div>
          <div>
            <dt>Buy by</dt>
            <dd className="fw-semibold">
              <span>{day(p.buyBy)}</span>
              {p.buyBy ? (
                <span className="d-block small fw-normal">{deadlineText(splitDeadline(p.buyBy, p.exchange))}</span>
              ) : null}
            </dd>
          </div>
          <div>
            <dt>Calendar status</dt>
            <dd>{p.proposedStatus}</dd>
          </div>
          <div>
            <dt>Filed</dt>
            <dd>
              {day(p.fileDate)}
              {p.acceptedAt ? (
                <span className="d-block small text-body-secondary">accepted {formatInMarketTz(p.acceptedAt, 'h:mm a')} ET</span>
              ) : null}
            </dd>
          </div>
        </dl>

        {p.ratioExact ? (
          <p className="alert alert-warning py-2 small mb-3">
            The filing states a 1-for-{p.ratioExact} ratio, not a whole number. The calendar shows whole ratios: enter one when
            you accept; the exact ratio goes into the split's notes.
          </p>
        ) : null}
        {p.holdersOfRecordOnly ? (
          <p className="alert alert-warning py-2 small mb-3">
            The round-up is offered to holders of record only: members holding in street name may get cash.
          </p>
        ) : null}
        {p.historical ? (
          <p className="alert alert-secondary py-2 small mb-3">
            The filing tells of a split already done. Kept for the issuer's history; it never alerts.
          </p>
        ) : null}
        {changes.length ? (
          <div className="mb-3">
            <h3 className="h6 fw-semibold mb-1">Changed since the previous filing</h3>
            <ul className="small mb-0 ps-3">
              {changes.map(([field, c]) => (
                <li key={field}>
                  {FIELD_LABELS[field] ?? field}: <s className="text-body-secondary">{show(field, c.from)}</s> →{' '}
                  <strong>{show(field, c.to)}</strong>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        <ProposalEvidence evidence={p.evidence} />

        {p.status === 'rejected' && p.rejectReason ? <p className="small mb-0">Rejected: {p.rejectReason}</p> : null}

        {p.status === 'open' ? (
          <>
            {mode === 'view' ? (
              <div className="d-flex flex-wrap gap-2">
                <button type="button" className="btn btn-primary" onClick={() => setConfirming({ id: p._id })}>
                  {p.splitId ? 'Accept: update the split…' : 'Accept…'}
                </button>
                <button type="button" className="btn btn-outline-primary" onClick={() => setMode('accept')}>
                  Edit, then accept
                </button>
                <button type="button" className="btn btn-outline-danger" onClick={() => setMode('reject')}>
                  Reject…
                </button>
              </div>
            ) : null}
            {mode === 'view' && !p.marketDate ? <PipelinePublish p={p} /> : null}
            {mode === 'view' ? null : mode === 'accept' ? (
              <AcceptForm p={p} onReview={setConfirming} onDone={() => setMode('view')} />
            ) : (
              <RejectForm p={p} onDone={() => setMode('view')} />
            )}
            <AcceptConfirmDialog
              p={p}
              request={confirming}
              onHide={() => setConfirming(null)}
              onAccepted={() => {
                setConfirming(null);
                setMode('view');
              }}
            />
          </>
        ) : null}
      </article>
    </li>
  );
}
