import { importBuy, type ImportBuy, type ImportTrade, type LeftSplit } from '@roundup/shared/imports';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/TextField';

/** "lines 6 to 9" or "line 4": where a left split's rows are in the file. */
export const linesText = (lines: readonly number[]) =>
  lines.length === 1 ? `line ${lines[0]}` : `lines ${lines.slice(0, -1).join(', ')} and ${lines[lines.length - 1]}`;

type BuyField = 'date' | 'quantity' | 'price';
const FIELDS: { name: BuyField; label: string; inputMode?: 'numeric' | 'decimal'; className: string }[] = [
  { name: 'date', label: 'Buy date', className: 'col-12 col-sm-4' },
  { name: 'quantity', label: 'Shares', inputMode: 'numeric', className: 'col-6 col-sm-3' },
  { name: 'price', label: 'Price', inputMode: 'decimal', className: 'col-6 col-sm-3' },
];

/**
 * The buy of a split whose rows in the file have none (a later period's export): prefilled from the
 * split's buy day and the shares the rows account for; the member adds the price and previews again.
 */
export function NeedsBuyForm({ trade, onBuy }: { trade: ImportTrade; onBuy: (buy: ImportBuy) => void }) {
  const [values, setValues] = useState<Record<BuyField, string>>({
    date: trade.needsBuy?.date ?? '',
    quantity: String(trade.needsBuy?.quantity ?? 1),
    price: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = `import-buy-${trade.accountId}-${trade.splitId}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = importBuy.safeParse({ splitId: trade.splitId, accountId: trade.accountId, ...values });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    onBuy(parsed.data);
  };
  return (
    <form onSubmit={submit} className="row g-2 align-items-end mt-1" aria-label={`The buy of ${trade.ticker}`}>
      <p className="col-12 small mb-0">
        The file has no buy of {trade.ticker} for this split. When did you buy, and at what price?
      </p>
      {FIELDS.map((f) => (
        <TextField
          key={f.name}
          id={`${id}-${f.name}`}
          label={f.label}
          type={f.name === 'date' ? 'date' : 'text'}
          inputMode={f.inputMode}
          value={values[f.name]}
          onChange={(v) => setValues((old) => ({ ...old, [f.name]: v }))}
          error={errors[f.name]}
          required={f.name !== 'price'}
          wrapperClassName={f.className}
        />
      ))}
      <div className="col-12 col-sm-2">
        <button type="submit" className="btn btn-outline-primary w-100">
          Use this buy
        </button>
      </div>
    </form>
  );
}

/** After an apply: the splits left, each with its lines and the reason; importing the file again retries them. */
export function LeftSplits({ left }: { left: readonly LeftSplit[] }) {
  if (!left.length) return null;
  return (
    <div className="alert alert-warning" role="status">
      <p className="mb-1">
        {left.length === 1 ? 'One split was' : `${left.length} splits were`} left out. Fix it in your trades and import the same
        file again: only what is new is saved.
      </p>
      <ul className="mb-0 small">
        {left.map((l) => (
          <li key={l.splitId}>
            <span className="fw-semibold">{l.ticker}</span> ({l.splitName}), {linesText(l.lines)}: {l.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}
