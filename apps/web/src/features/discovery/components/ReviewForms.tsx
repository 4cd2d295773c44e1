import { RS_TYPES, SPLIT_STATUSES } from '@roundup/shared/domain';
import type { AcceptProposalRequest, Proposal } from '@roundup/shared/discovery';
import { useState, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { TextField } from '../../../components/TextField';
import { errorMessages } from '../../../lib/api-client';
import { useRejectProposal } from '../api';

type Draft = Record<'name' | 'ticker' | 'ratio' | 'effDate' | 'buyDate' | 'price' | 'status' | 'rsType', string>;

/** The text fields of the accept form: value, id suffix, label, column and the input's hints. */
const FIELDS: ReadonlyArray<readonly [keyof Draft, string, string, string, Partial<ComponentProps<typeof TextField>>]> = [
  ['name', 'name', 'Company', 'col-12 col-md-6', {}],
  ['ticker', 'ticker', 'Ticker', 'col-6 col-md-3', {}],
  ['ratio', 'ratio', 'Ratio (1-for-N)', 'col-6 col-md-3', { inputMode: 'numeric' }],
  ['effDate', 'eff', 'Market date', 'col-6 col-md-3', { type: 'date' }],
  ['buyDate', 'buy', 'Buy by', 'col-6 col-md-3', { type: 'date' }],
  ['price', 'price', 'Price', 'col-6 col-md-3', { inputMode: 'decimal', required: false, placeholder: '0.00' }],
];

function Choice(p: {
  id: string;
  label: string;
  col: string;
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className={p.col}>
      <label htmlFor={p.id} className="form-label">
        {p.label}
      </label>
      <select id={p.id} className="form-select" value={p.value} onChange={(e) => p.onChange(e.target.value)}>
        {p.options.map((s) => (
          <option key={s}>{s}</option>
        ))}
      </select>
    </div>
  );
}

/** A review form's submit button, then Cancel. */
function FormButtons({ className, onCancel, children }: { className?: string; onCancel: () => void; children: ReactNode }) {
  return (
    <div className={`d-flex flex-wrap gap-2 ${className ?? ''}`.trim()}>
      {children}
      <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

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
  const [v, setV] = useState<Draft>({
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
        {FIELDS.map(([key, suffix, label, col, extra]) => (
          <TextField
            key={key}
            id={id(suffix)}
            label={label}
            value={v[key]}
            onChange={set(key)}
            wrapperClassName={col}
            {...extra}
          />
        ))}
        <Choice
          id={id('status')}
          label="Status"
          col="col-6 col-md-3"
          options={SPLIT_STATUSES}
          value={v.status}
          onChange={set('status')}
        />
        <Choice id={id('type')} label="Type" col="col-12 col-md-4" options={RS_TYPES} value={v.rsType} onChange={set('rsType')} />
      </div>
      <FormButtons className="mt-3" onCancel={onDone}>
        <button type="submit" className="btn btn-primary">
          {p.splitId ? 'Review the update…' : 'Review and publish…'}
        </button>
      </FormButtons>
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
      <FormButtons onCancel={onDone}>
        <button type="submit" className="btn btn-danger" disabled={reject.isPending}>
          {reject.isPending ? 'Rejecting…' : 'Reject'}
        </button>
      </FormButtons>
    </form>
  );
}
