import { RS_TYPES, SPLIT_STATUSES } from '@roundup/shared/domain';
import type { AcceptProposalRequest, Proposal } from '@roundup/shared/discovery';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { TextField } from '../../../components/TextField';
import { errorMessages } from '../../../lib/api-client';
import { useRejectProposal } from '../api';

/**
 * The fields an admin may correct before accepting; the split gets the filing as its source.
 * Submitting asks for confirmation first (`onReview`: what members will receive).
 */
export function AcceptForm({
  p,
  onReview,
  onDone,
}: {
  p: Proposal;
  onReview: (request: AcceptProposalRequest) => void;
  onDone: () => void;
}) {
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
    onReview({
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
    });
  };
  return (
    <form
      onSubmit={submit}
      className="border rounded p-3 mt-3 bg-body-tertiary"
      aria-label={`Edit ${p.company} before accepting`}
    >
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
        <button type="submit" className="btn btn-primary">
          {p.splitId ? 'Review the update…' : 'Review and publish…'}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function RejectForm({ p, onDone }: { p: Proposal; onDone: () => void }) {
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
