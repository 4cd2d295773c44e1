import { RS_TYPES, SPLIT_STATUSES } from '@roundup/shared/domain';
import type { Proposal, Rounding } from '@roundup/shared/discovery';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { TextField } from '../../../components/TextField';
import { errorMessages } from '../../../lib/api-client';
import { formatInMarketTz, formatIsoDate } from '../../../lib/format';
import { useAcceptProposal, useRejectProposal } from '../api';

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
  if (p.ratioRange) return `authorised 1-for-${p.ratioRange.min} to 1-for-${p.ratioRange.max}`;
  return '—';
}

/** The fields an admin may correct before accepting; the split gets the filing as its source. */
function AcceptForm({ p, onDone }: { p: Proposal; onDone: () => void }) {
  const accept = useAcceptProposal();
  const [v, setV] = useState({
    name: p.company,
    ticker: p.ticker ?? '',
    ratio: p.ratio ? String(p.ratio) : '',
    effDate: p.marketDate ?? '',
    buyDate: p.buyBy ?? '',
    price: '',
    status: p.proposedStatus as string,
    rsType: p.rsType as string,
  });
  const set = (k: keyof typeof v) => (value: string) => setV((x) => ({ ...x, [k]: value }));
  const id = (k: string) => `accept-${p._id}-${k}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    accept.mutate(
      {
        id: p._id,
        edits: {
          name: v.name,
          ticker: v.ticker,
          ...(v.ratio ? { ratio: Number(v.ratio) } : {}),
          ...(v.effDate ? { effDate: v.effDate } : {}),
          ...(v.buyDate ? { buyDate: v.buyDate } : {}),
          ...(v.price ? { price: Number(v.price) } : {}),
          status: v.status as (typeof SPLIT_STATUSES)[number],
          rsType: v.rsType as (typeof RS_TYPES)[number],
        },
      },
      { onSuccess: onDone },
    );
  };
  return (
    <form
      onSubmit={submit}
      className="border rounded p-3 mt-3 bg-body-tertiary"
      aria-label={`Edit ${p.company} before accepting`}
    >
      <ErrorAlert messages={accept.error ? errorMessages(accept.error) : null} />
      <div className="row g-2">
        <TextField id={id('name')} label="Company" value={v.name} onChange={set('name')} wrapperClassName="col-12 col-md-6" />
        <TextField id={id('ticker')} label="Ticker" value={v.ticker} onChange={set('ticker')} wrapperClassName="col-6 col-md-3" />
        <TextField
          id={id('ratio')}
          label="Ratio (1-for-N)"
          inputMode="numeric"
          value={v.ratio}
          onChange={set('ratio')}
          wrapperClassName="col-6 col-md-3"
        />
        <TextField
          id={id('eff')}
          label="Market date"
          type="date"
          value={v.effDate}
          onChange={set('effDate')}
          wrapperClassName="col-6 col-md-3"
        />
        <TextField
          id={id('buy')}
          label="Buy by"
          type="date"
          value={v.buyDate}
          onChange={set('buyDate')}
          wrapperClassName="col-6 col-md-3"
        />
        <TextField
          id={id('price')}
          label="Price"
          inputMode="decimal"
          value={v.price}
          onChange={set('price')}
          required={false}
          placeholder="0.00"
          wrapperClassName="col-6 col-md-3"
        />
        <div className="col-6 col-md-3">
          <label htmlFor={id('status')} className="form-label">
            Status
          </label>
          <select id={id('status')} className="form-select" value={v.status} onChange={(e) => set('status')(e.target.value)}>
            {SPLIT_STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </div>
        <div className="col-12 col-md-4">
          <label htmlFor={id('type')} className="form-label">
            Type
          </label>
          <select id={id('type')} className="form-select" value={v.rsType} onChange={(e) => set('rsType')(e.target.value)}>
            {RS_TYPES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </div>
      </div>
      <div className="d-flex flex-wrap gap-2 mt-3">
        <button type="submit" className="btn btn-primary" disabled={accept.isPending}>
          {accept.isPending ? 'Accepting…' : p.splitId ? 'Update the split' : 'Accept and publish'}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function RejectForm({ p, onDone }: { p: Proposal; onDone: () => void }) {
  const reject = useRejectProposal();
  const [reason, setReason] = useState('');
  const id = `reject-${p._id}`;
  return (
    <form
      className="border rounded p-3 mt-3 bg-body-tertiary"
      aria-label={`Reject ${p.company}`}
      onSubmit={(e) => {
        e.preventDefault();
        reject.mutate({ id: p._id, reason }, { onSuccess: onDone });
      }}
    >
      <ErrorAlert messages={reject.error ? errorMessages(reject.error) : null} />
      <label htmlFor={id} className="form-label">
        Why is this wrong? (kept as a test case for the classifier)
      </label>
      <textarea
        id={id}
        className="form-control mb-3"
        rows={2}
        required
        minLength={3}
        maxLength={1000}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-danger" disabled={reject.isPending}>
          {reject.isPending ? 'Rejecting…' : 'Reject'}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** One proposal: the facts, the deciding sentence highlighted between its neighbours, what changed, and the actions. */
export function ProposalCard({ p }: { p: Proposal }) {
  const [mode, setMode] = useState<'view' | 'accept' | 'reject'>('view');
  const accept = useAcceptProposal();
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
            <dd className="fw-semibold">{day(p.buyBy)}</dd>
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

        {p.evidence ? (
          <figure className="mb-3">
            <blockquote className="ru-evidence">
              {p.evidence.before ? <span className="ru-context">{p.evidence.before} </span> : null}
              <mark>{p.evidence.sentence}</mark>
              {p.evidence.after ? <span className="ru-context"> {p.evidence.after}</span> : null}
            </blockquote>
            <figcaption className="small text-body-secondary mt-1">
              The sentence that decided the call, with its neighbours.
            </figcaption>
          </figure>
        ) : (
          <p className="small text-body-secondary">The filing says nothing about fractional shares.</p>
        )}

        {p.status === 'rejected' && p.rejectReason ? <p className="small mb-0">Rejected: {p.rejectReason}</p> : null}

        {p.status === 'open' ? (
          <>
            <ErrorAlert messages={accept.error ? errorMessages(accept.error) : null} />
            {mode === 'view' ? (
              <div className="d-flex flex-wrap gap-2">
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={accept.isPending}
                  onClick={() => accept.mutate({ id: p._id })}
                >
                  {accept.isPending ? 'Accepting…' : p.splitId ? 'Accept: update the split' : 'Accept'}
                </button>
                <button type="button" className="btn btn-outline-primary" onClick={() => setMode('accept')}>
                  Edit, then accept
                </button>
                <button type="button" className="btn btn-outline-danger" onClick={() => setMode('reject')}>
                  Reject…
                </button>
              </div>
            ) : mode === 'accept' ? (
              <AcceptForm p={p} onDone={() => setMode('view')} />
            ) : (
              <RejectForm p={p} onDone={() => setMode('view')} />
            )}
          </>
        ) : null}
      </article>
    </li>
  );
}
