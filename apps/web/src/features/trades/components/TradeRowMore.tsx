import { useState } from 'react';
import { takesCash, type Values } from './useTradeRow';

const PROPS = {
  quantity: { type: 'number', inputMode: 'numeric' as const, step: '1', min: '1' },
  /** The kept shares' sale may be a fraction the broker credited (up to six places). */
  sold: { type: 'number', inputMode: 'decimal' as const, step: 'any', min: '0' },
  fraction: { type: 'number', inputMode: 'decimal' as const, step: '0.000001', min: '0' },
  price: { type: 'number', inputMode: 'decimal' as const, step: '0.01', min: '0' },
};

/**
 * A trade row's second line: the shares bought and sold (the dance is 100 and 99, or the kept share's 1),
 * the fraction received when the broker kept one, and the cash received with cash in lieu or a share clawed
 * back. Each saves on blur, as the row's fields do. A
 * one-share row folds its quantities behind one button, so typing rows straight through stays one Tab longer
 * at most; a trade of several legs shows them.
 */
export function TradeRowMore({
  label,
  index,
  values,
  kept,
  set,
  save,
}: {
  label: string;
  index: number;
  values: Values;
  /** The row's sell is the kept share's sale (a trade of several legs). */
  kept: boolean;
  set: (field: keyof Values, value: string) => void;
  save: () => void;
}) {
  const field = (
    key: 'buy_quantity' | 'sell_quantity' | 'cash_in_lieu_amount' | 'shares_received',
    text: string,
    kind: keyof typeof PROPS,
  ) => (
    <label className="ru-trade-field ru-trade-more-field">
      <span className="ru-trade-field-label">{text}</span>
      <input
        className="form-control form-control-sm"
        {...PROPS[kind]}
        value={values[key]}
        aria-label={`${label} ${text.toLowerCase()}`}
        data-testid={`trade-${index}-${key}`}
        onChange={(e) => set(key, e.target.value)}
        onBlur={save}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            save();
          }
        }}
      />
    </label>
  );
  const [open, setOpen] = useState(false);
  const shown = open || kept || values.buy_quantity !== '1' || values.sell_quantity !== '1';
  return (
    <div className="ru-trade-more">
      {shown ? (
        <>
          {field('buy_quantity', 'Shares bought', 'quantity')}
          {field('sell_quantity', kept ? 'Kept shares sold' : 'Shares sold', 'sold')}
        </>
      ) : (
        <button
          type="button"
          className="btn btn-link btn-sm p-0 ru-trade-shares"
          aria-label={`${label}: change the shares bought and sold`}
          onClick={() => setOpen(true)}
        >
          1 share · change quantities
        </button>
      )}
      {values.outcome === 'fraction_kept' ? field('shares_received', 'Fraction received', 'fraction') : null}
      {takesCash(values.outcome) ? field('cash_in_lieu_amount', 'Cash received', 'price') : null}
    </div>
  );
}
