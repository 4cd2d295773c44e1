import { useState, type FormEvent } from 'react';
import { addClawbackRequest, CLAWBACK_KINDS, type ClawbackKind } from '@roundup/shared/split-risk';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { TextField } from '../../../components/TextField';
import { checkFields, fieldError, hasErrors, serverErrors, useFormErrors } from '../../../lib/form-errors';
import { useAddClawback, useClawbacks } from '../api';

const FIELDS = ['name', 'ticker', 'kind', 'date', 'source'];
const KIND_LABELS: Record<ClawbackKind, string> = {
  refused: 'Refused round-ups',
  reversed: 'Reversed shares',
  litigated: 'Sued over them',
};
const EMPTY = { name: '', ticker: '', kind: 'reversed' as ClawbackKind, date: '', source: '' };

/**
 * Admin: an issuer's clawbacks of round-up shares, each with the link that shows it (decision 045).
 * Every split of the issuer (by CIK, ticker or company name) then carries `clawback_history` in its risk.
 */
export function ClawbackRecords() {
  const list = useClawbacks();
  const add = useAddClawback();
  const [v, setV] = useState(EMPTY);
  const { errors, show, clearField, formRef } = useFormErrors();
  const set = (k: keyof typeof EMPTY) => (value: string) => {
    setV((old) => ({ ...old, [k]: value }));
    clearField(k);
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const body = { ...v, ticker: v.ticker || null };
    const problems = checkFields(addClawbackRequest, body, FIELDS);
    if (hasErrors(problems)) return show(problems);
    try {
      await add.mutateAsync(addClawbackRequest.parse(body));
      setV(EMPTY);
    } catch (err) {
      show(serverErrors(err, FIELDS));
    }
  }

  return (
    <section className="card shadow-sm mt-4" aria-labelledby="clawbacks-title" data-testid="clawbacks">
      <div className="card-header bg-body">
        <h2 id="clawbacks-title" className="h5 mb-0">
          Issuer clawbacks
        </h2>
        <span className="small text-body-secondary">Shown as a high risk on every split of the issuer</span>
      </div>
      <div className="card-body">
        <ErrorAlert messages={errors.other} />
        <form onSubmit={onSubmit} noValidate ref={formRef} className="row g-2 align-items-end">
          <TextField
            id="claw-name"
            label="Company"
            value={v.name}
            onChange={set('name')}
            wrapperClassName="col-12 col-md-4"
            error={fieldError(errors, 'name')}
          />
          <TextField
            id="claw-ticker"
            label="Ticker"
            required={false}
            value={v.ticker}
            onChange={set('ticker')}
            wrapperClassName="col-6 col-md-2"
            error={fieldError(errors, 'ticker')}
          />
          <div className="col-6 col-md-3">
            <label htmlFor="claw-kind" className="form-label">
              What it did
            </label>
            <select id="claw-kind" className="form-select" value={v.kind} onChange={(e) => set('kind')(e.target.value)}>
              {CLAWBACK_KINDS.map((k) => (
                <option key={k} value={k}>
                  {KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </div>
          <TextField
            id="claw-date"
            label="When"
            type="date"
            value={v.date}
            onChange={set('date')}
            wrapperClassName="col-6 col-md-3"
            error={fieldError(errors, 'date')}
          />
          <TextField
            id="claw-source"
            label="Source link"
            type="url"
            value={v.source}
            onChange={set('source')}
            wrapperClassName="col-12 col-md-9"
            error={fieldError(errors, 'source')}
          />
          <div className="col-12 col-md-3">
            <button type="submit" className="btn btn-primary w-100" disabled={add.isPending}>
              Record clawback
            </button>
          </div>
        </form>
      </div>
      <ul className="list-group list-group-flush" aria-label="Recorded clawbacks">
        {(list.data ?? []).map((c) => (
          <li key={c._id} className="list-group-item small" data-testid="clawback">
            <span className="fw-semibold">{c.ticker ? `${c.ticker} · ${c.name}` : c.name}</span>:{' '}
            {KIND_LABELS[c.kind].toLowerCase()} on {c.date} (
            <a href={c.source} target="_blank" rel="noopener noreferrer nofollow">
              source
            </a>
            )
          </li>
        ))}
      </ul>
    </section>
  );
}
