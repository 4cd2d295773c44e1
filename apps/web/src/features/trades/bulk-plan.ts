import type { BulkTradesInput, Trade, TradeOutcome } from '@roundup/shared';

/** What "Apply to" sets (issue 26 §2): the fields the member filled in, and the legs when quantities are not 1. */
export type BulkFields = Omit<BulkTradesInput, 'splitId' | 'accountIds'>;

/** The form's text values. */
export interface BulkValues {
  buy_date: string;
  buy_price: string;
  buy_quantity: string;
  sell_date: string;
  sell_price: string;
  sell_quantity: string;
  outcome: string;
  outcome_date: string;
  cash_in_lieu_amount: string;
}

export const EMPTY_VALUES: BulkValues = {
  buy_date: '',
  buy_price: '',
  buy_quantity: '1',
  sell_date: '',
  sell_price: '',
  sell_quantity: '1',
  outcome: '',
  outcome_date: '',
  cash_in_lieu_amount: '',
};

/** The dance (issue 26): buy 100 and sell 99 the same day, keeping one share for the round-up. */
export const DANCE = { buy_quantity: '100', sell_quantity: '99' } as const;

const num = (s: string) => (s.trim() === '' ? null : Number(s));
const qty = (s: string) => (s.trim() === '' ? 1 : Number(s));

/**
 * The body's fields: empty inputs are not sent (each account keeps its value). With a quantity
 * other than 1 the buy and sell are sent as `legs` (they replace the account's legs), dated the
 * buy-by day when no date is given.
 */
export function bulkFields(v: BulkValues, buyByDate: string): BulkFields {
  const out: BulkFields = {};
  if (v.outcome) out.outcome = v.outcome as TradeOutcome;
  if (v.outcome_date) out.outcome_date = v.outcome_date;
  if (num(v.cash_in_lieu_amount) !== null) out.cash_in_lieu_amount = num(v.cash_in_lieu_amount)!;
  const legsWanted = qty(v.buy_quantity) !== 1 || qty(v.sell_quantity) !== 1;
  const buyGiven = v.buy_date !== '' || num(v.buy_price) !== null;
  const sellGiven = v.sell_date !== '' || num(v.sell_price) !== null;
  if (legsWanted && (buyGiven || sellGiven)) {
    out.legs = [];
    const day = v.buy_date || buyByDate;
    if (buyGiven) out.legs.push({ side: 'buy', date: day, quantity: qty(v.buy_quantity), price: num(v.buy_price) });
    if (sellGiven)
      out.legs.push({ side: 'sell', date: v.sell_date || day, quantity: qty(v.sell_quantity), price: num(v.sell_price) });
    return out;
  }
  if (v.buy_date) out.buy_date = v.buy_date;
  if (num(v.buy_price) !== null) out.buy_price = num(v.buy_price)!;
  if (v.sell_date) out.sell_date = v.sell_date;
  if (num(v.sell_price) !== null) out.sell_price = num(v.sell_price)!;
  return out;
}

/** Whether the account already holds a value the apply would change (pending and empty are not values). */
function holdsValue(trade: Trade | undefined, fields: BulkFields): boolean {
  if (!trade) return false;
  const set = (k: keyof BulkFields & keyof Trade) => fields[k] !== undefined && trade[k] !== null && trade[k] !== fields[k];
  if (fields.legs !== undefined && trade.legs.length > 0) return true;
  if (fields.outcome !== undefined && trade.outcome !== 'pending' && trade.outcome !== fields.outcome) return true;
  return (['buy_date', 'buy_price', 'sell_date', 'sell_price', 'outcome_date', 'cash_in_lieu_amount'] as const).some(set);
}

/**
 * Issue 26 §2: "Apply to" changes only the chosen accounts whose values are still empty or pending,
 * unless the member chooses to overwrite; `filled` are the chosen accounts that hold a value.
 */
export function planApply(chosen: readonly string[], trades: ReadonlyMap<string, Trade>, fields: BulkFields, overwrite: boolean) {
  const filled = chosen.filter((id) => holdsValue(trades.get(id), fields));
  const targets = overwrite ? [...chosen] : chosen.filter((id) => !filled.includes(id));
  return { targets, filled };
}
