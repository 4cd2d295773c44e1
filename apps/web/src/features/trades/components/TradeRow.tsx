import { useRef, type KeyboardEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import type { Account, Trade, TradeOutcome } from '@roundup/shared';
import { formatMoney, todayInMarket } from '../../../lib/format';
import { OUTCOME_LABELS, type TradeSplit } from '../types';
import { useTradeRow, type Values } from './useTradeRow';
import { isMultiLeg, rowProfit } from '../row-legs';
import { LegsNote } from './LegsNote';
import { TradeRowMore } from './TradeRowMore';

/**
 * One account's trade for a split (product.md#states Trade form): saves on field blur or Save/Enter;
 * with an id it is edited, otherwise added and the returned trade kept.
 */
export function TradeRow({
  account,
  split,
  trade,
  index,
  onSaved,
}: {
  account: Account;
  split: TradeSplit;
  trade: Trade | undefined;
  index: number;
  onSaved: () => void;
}) {
  const { values, valuesRef, set, save, busy, error, saved, storedRef } = useTradeRow({ account, split, trade, onSaved });
  // In a trade of several legs (the dance) the row's sell is the kept share's sale, and says so.
  const kept = isMultiLeg(storedRef.current);
  // Field order along the row: buy date, buy price, sell date, sell price, outcome, outcome date, Save.
  const order = useRef<(HTMLElement | null)[]>([]);
  const FIELDS: (keyof Values)[] = ['buy_date', 'buy_price', 'sell_date', 'sell_price', 'outcome', 'outcome_date'];

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement | HTMLSelectElement>, field: keyof Values) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void save(true);
      return;
    }
    // Chromium's date field keeps Tab inside itself (segments, then the picker button); Tab
    // leaves it for the next field instead, so a row is typed straight through.
    if (e.key === 'Tab' && e.currentTarget.type === 'date') {
      const i = FIELDS.indexOf(field);
      const next = order.current[e.shiftKey ? i - 1 : i + 1];
      if (next) {
        e.preventDefault();
        next.focus();
      }
    }
  };

  const profit = rowProfit(values, kept ? storedRef.current : undefined, split.effDate);
  const label = account.nickname;
  const errId = `trade-err-${account._id}`;

  const input = (field: keyof Values, type: 'date' | 'number', text: string, i: number) => (
    <label className={`ru-trade-field${kept && text.startsWith('Sell kept') ? ' ru-trade-kept' : ''}`}>
      <span className="ru-trade-field-label">{text}</span>
      <input
        ref={(el) => {
          order.current[i] = el;
        }}
        type={type}
        className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
        value={values[field]}
        step={type === 'number' ? '0.01' : undefined}
        min={type === 'number' ? '0' : undefined}
        inputMode={type === 'number' ? 'decimal' : undefined}
        aria-label={`${label} ${text.toLowerCase()}`}
        aria-describedby={error ? errId : undefined}
        data-testid={`trade-${index}-${field}`}
        onChange={(e) => set(field, e.target.value)}
        onBlur={() => void save(false)}
        onKeyDown={(e) => onKeyDown(e, field)}
      />
    </label>
  );

  return (
    <div className="ru-trade-row" data-testid={`trade-row-${index}`}>
      <div className="ru-trade-account">
        <span className="fw-semibold">{account.nickname}</span>
        <span className="text-body-secondary small d-block">
          {account.broker} · {account.type}
        </span>
        {kept && storedRef.current ? <LegsNote trade={storedRef.current} effDate={split.effDate} /> : null}
      </div>
      {input('buy_date', 'date', 'Buy date', 0)}
      {input('buy_price', 'number', 'Buy price', 1)}
      {input('sell_date', 'date', kept ? 'Sell kept share on' : 'Sell date', 2)}
      {input('sell_price', 'number', kept ? 'Sell kept share at' : 'Sell price', 3)}
      <label className="ru-trade-field">
        <span className="ru-trade-field-label">Outcome</span>
        <select
          ref={(el) => {
            order.current[4] = el;
          }}
          className={`form-select form-select-sm${error ? ' is-invalid' : ''}`}
          value={values.outcome}
          aria-label={`${label} outcome`}
          aria-describedby={error ? errId : undefined}
          data-testid={`trade-${index}-outcome`}
          onChange={(e) => {
            const outcome = e.target.value as TradeOutcome;
            set('outcome', outcome);
            // A settled outcome is dated today unless the member gives its day.
            if (outcome !== 'pending' && !valuesRef.current.outcome_date) set('outcome_date', todayInMarket());
            if (outcome === 'pending') set('outcome_date', '');
            void save(false);
          }}
          onKeyDown={(e) => onKeyDown(e, 'outcome')}
        >
          <option value="pending">Pending</option>
          {Object.entries(OUTCOME_LABELS).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      </label>
      {input('outcome_date', 'date', 'Outcome date', 5)}
      <div className="ru-trade-actions">
        <Button
          ref={(el: HTMLButtonElement | null) => {
            order.current[6] = el;
          }}
          size="sm"
          variant="outline-primary"
          onClick={() => void save(true)}
          aria-busy={busy}
          aria-label={`Save ${label}`}
        >
          {busy ? <Spinner animation="border" size="sm" aria-hidden="true" /> : 'Save'}
        </Button>
        <span className="ru-trade-status small" aria-live="polite">
          {saved.value ? <span className="text-success fw-semibold">{saved.value}</span> : null}
          {!saved.value && profit !== null ? (
            <span className={profit >= 0 ? 'text-success' : 'text-danger'} title="Realized profit">
              {formatMoney(profit)}
            </span>
          ) : null}
        </span>
      </div>
      <TradeRowMore label={label} index={index} values={values} kept={kept} set={set} save={() => void save(false)} />
      {error ? (
        <div id={errId} className="ru-trade-error text-danger small" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
