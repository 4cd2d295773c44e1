import { OUTCOME_LABELS } from '../types';
import { DANCE, ONE_SHARE, type BulkValues } from '../bulk-plan';

/** The legs' fields in the order of a trade row: quantity, price and date of the buy, then of the sell. */
const INPUTS = [
  { key: 'buy_quantity', label: 'Buy quantity', kind: 'quantity' },
  { key: 'buy_price', label: 'Buy price', kind: 'price' },
  { key: 'buy_date', label: 'Buy date', kind: 'date' },
  { key: 'sell_quantity', label: 'Sell quantity', kind: 'quantity' },
  { key: 'sell_price', label: 'Sell price', kind: 'price' },
  { key: 'sell_date', label: 'Sell date', kind: 'date' },
  // The kept share's sale after the dance (buy 100, sell 99, keep 1): never the sale before the split.
  { key: 'kept_sell_price', label: 'Sell kept share at', kind: 'price' },
  { key: 'kept_sell_date', label: 'Sell kept share on', kind: 'date' },
] as const;

const PROPS = {
  quantity: { type: 'number', inputMode: 'numeric' as const, step: '1', min: '1' },
  price: { type: 'number', inputMode: 'decimal' as const, step: '0.0001', min: '0' },
  date: { type: 'date' },
};

/** "Apply to"'s fields (quantities per leg, the dance as a preset, the cash received). */
export function BulkInputs({
  id,
  priceId,
  v,
  set,
  preset,
}: {
  id: (k: string) => string;
  priceId: string;
  v: BulkValues;
  set: (k: keyof BulkValues) => (e: { target: { value: string } }) => void;
  preset: (values: Partial<BulkValues>) => void;
}) {
  return (
    <>
      <div className="d-flex flex-wrap gap-2 mb-2 small">
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          aria-pressed={v.shape === 'dance'}
          onClick={() => preset(DANCE)}
        >
          The dance: buy 100, sell 99
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          aria-pressed={v.shape === 'one'}
          onClick={() => preset(ONE_SHARE)}
        >
          One share
        </button>
        {v.shape ? (
          <span className="align-self-center text-body-secondary">Replaces each account&apos;s buys and sells</span>
        ) : null}
      </div>
      <div className="ru-bulk-fields">
        {INPUTS.map((f) => (
          <label className="ru-trade-field" key={f.key}>
            <span className="ru-trade-field-label">{f.label}</span>
            <input
              className="form-control form-control-sm"
              {...PROPS[f.kind]}
              {...(f.key === 'buy_price' ? { id: priceId, 'data-testid': 'bulk-buy_price' } : {})}
              {...(f.key === 'buy_date' ? { 'aria-describedby': id('buy-hint') } : {})}
              value={v[f.key]}
              onChange={set(f.key)}
            />
          </label>
        ))}
        <label className="ru-trade-field">
          <span className="ru-trade-field-label">Outcome</span>
          <select className="form-select form-select-sm" value={v.outcome} onChange={set('outcome')}>
            <option value="">Keep as is</option>
            {Object.entries(OUTCOME_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="ru-trade-field">
          <span className="ru-trade-field-label">Outcome date</span>
          <input className="form-control form-control-sm" type="date" value={v.outcome_date} onChange={set('outcome_date')} />
        </label>
        {v.outcome === 'fraction_kept' ? (
          <label className="ru-trade-field">
            <span className="ru-trade-field-label">Fraction received</span>
            <input
              className="form-control form-control-sm"
              type="number"
              inputMode="decimal"
              step="0.000001"
              min="0"
              value={v.shares_received}
              onChange={set('shares_received')}
            />
          </label>
        ) : null}
        {v.outcome === 'cash_in_lieu' || v.outcome === 'clawed_back' ? (
          <label className="ru-trade-field">
            <span className="ru-trade-field-label">Cash received</span>
            <input
              className="form-control form-control-sm"
              {...PROPS.price}
              value={v.cash_in_lieu_amount}
              onChange={set('cash_in_lieu_amount')}
            />
          </label>
        ) : null}
      </div>
    </>
  );
}
