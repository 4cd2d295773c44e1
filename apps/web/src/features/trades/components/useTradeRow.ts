import { useRef, useState } from 'react';
import type { Account, Trade, TradeOutcome } from '@roundup/shared';
import { useTimedMessage } from '../../../components/useTimedMessage';
import { firstErrorMessage } from '../../../lib/api-client';
import { addTrade, editTrade } from '../api';
import type { TradeSplit } from '../types';
import { isMultiLeg, legsFromRow, rowLegs } from '../row-legs';

export type Values = {
  buy_date: string;
  buy_price: string;
  sell_date: string;
  sell_price: string;
  buy_quantity: string;
  sell_quantity: string;
  outcome: TradeOutcome;
  outcome_date: string;
  /** The cash paid for the fraction (or for a share taken back): shown, and sent, with Cash in lieu or Clawed back. */
  cash_in_lieu_amount: string;
  /** The fraction the broker credited: shown, and sent, with Fraction kept. */
  shares_received: string;
};

/** The outcomes that come with cash: the fraction paid out, or a share taken back and paid for. */
export const takesCash = (o: TradeOutcome) => o === 'cash_in_lieu' || o === 'clawed_back';

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

function valuesOf(trade: Trade | undefined, effDate: string): Values {
  const row = rowLegs(trade, effDate);
  return {
    buy_date: str(row.buy_date),
    buy_price: str(row.buy_price),
    sell_date: str(row.sell_date),
    sell_price: str(row.sell_price),
    buy_quantity: str(row.buy_quantity),
    sell_quantity: str(row.sell_quantity),
    outcome: trade?.outcome ?? 'pending',
    outcome_date: str(trade?.outcome_date),
    cash_in_lieu_amount: str(trade?.cash_in_lieu_amount),
    shares_received: trade?.outcome === 'fraction_kept' ? str(trade.shares_received) : '',
  };
}

const isEmpty = (v: Values) =>
  !v.buy_date && !v.buy_price && !v.sell_date && !v.sell_price && v.outcome === 'pending' && !v.outcome_date;
const num = (s: string) => (s.trim() === '' ? null : Number(s));
const qty = (s: string) => (s.trim() === '' ? 1 : Number(s));

/** The shares the row sells after the split: a fraction kept sells as that fraction unless a number is typed. */
function soldQuantity(v: Values): number {
  const fraction = num(v.shares_received);
  if (v.outcome === 'fraction_kept' && fraction !== null && (v.sell_quantity.trim() === '' || v.sell_quantity === '1'))
    return fraction;
  return qty(v.sell_quantity);
}

/** The fraction when the outcome says one was kept; cleared when the outcome moves off it; else left as stored. */
function sharesOf(v: Values, stored: Trade | undefined) {
  if (v.outcome === 'fraction_kept') return { shares_received: num(v.shares_received) };
  return stored?.outcome === 'fraction_kept' ? { shares_received: null } : {};
}

/** What the row sends: flat fields for one share, else its legs; the cash only with cash in lieu or clawed back. */
function fieldsOf(v: Values, stored: Trade | undefined, effDate: string) {
  const row = {
    buy_date: v.buy_date || null,
    buy_price: num(v.buy_price),
    sell_date: v.sell_date || null,
    sell_price: num(v.sell_price),
  };
  const quantities = { buy_quantity: qty(v.buy_quantity), sell_quantity: soldQuantity(v) };
  const asLegs = isMultiLeg(stored) || quantities.buy_quantity !== 1 || quantities.sell_quantity !== 1;
  return {
    ...(asLegs ? { legs: legsFromRow(stored, effDate, { ...row, ...quantities }) } : row),
    outcome: v.outcome,
    outcome_date: v.outcome_date || null,
    cash_in_lieu_amount: takesCash(v.outcome) ? num(v.cash_in_lieu_amount) : null,
    ...sharesOf(v, stored),
  };
}

/**
 * A trade row's state and its save (product.md#states Trade form): with an id the trade is edited,
 * otherwise added and the returned trade kept; a save asked for while one runs follows it.
 */
export function useTradeRow({
  account,
  split,
  trade,
  onSaved,
}: {
  account: Account;
  split: TradeSplit;
  trade: Trade | undefined;
  onSaved: () => void;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(trade, split.effDate));
  const valuesRef = useRef(values);
  const idRef = useRef<string | null>(trade?._id ?? null);
  const savedKey = useRef(JSON.stringify(valuesOf(trade, split.effDate)));
  // The trade as last stored: a multi-leg one (the dance) saves its legs, and the row's sell is the kept
  // share's sale, not the pre-split one.
  const storedRef = useRef(trade);
  const inFlight = useRef(false);
  const pending = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const saved = useTimedMessage(5000);

  const set = (field: keyof Values, value: string) => {
    const next = { ...valuesRef.current, [field]: value };
    valuesRef.current = next;
    setValues(next);
  };

  const save = async (force: boolean): Promise<void> => {
    if (inFlight.current) {
      pending.current = true;
      return;
    }
    let v = valuesRef.current;
    // No buy date but a buy price above 0: the buy date defaults to the split's buyDate (product.md#states).
    if (!v.buy_date && (num(v.buy_price) ?? 0) > 0) {
      v = { ...v, buy_date: split.buyDate };
      valuesRef.current = v;
      setValues(v);
    }
    const key = JSON.stringify(v);
    if (!idRef.current && isEmpty(v)) return;
    if (!force && key === savedKey.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      const fields = fieldsOf(v, storedRef.current, split.effDate);
      const res = idRef.current
        ? await editTrade({ _id: idRef.current, ...fields })
        : await addTrade({ accountId: account._id, splitId: split._id, ...fields });
      idRef.current = res.trade._id;
      storedRef.current = res.trade;
      savedKey.current = key;
      saved.show('Saved');
      onSaved();
    } catch (e) {
      saved.clear();
      setError(firstErrorMessage(e));
    } finally {
      inFlight.current = false;
      setBusy(false);
      if (pending.current) {
        pending.current = false;
        void save(false);
      }
    }
  };

  return { values, valuesRef, set, save, busy, error, saved, storedRef };
}
