import type { BulkTradesInput, BulkTradesResponse, Trade, TradeOutcome } from '@roundup/shared';
import { countOf } from '../../lib/format';

/** What "Apply to" sets: the fields the member filled in, and the legs when quantities are not 1. */
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
  /** The fraction credited, with the outcome Fraction kept. */
  shares_received: string;
  kept_sell_price: string;
  kept_sell_date: string;
  /** A preset chosen ("One share", "The dance"): the buy and sell replace every account's legs. */
  shape: '' | 'one' | 'dance';
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
  shares_received: '',
  kept_sell_price: '',
  kept_sell_date: '',
  shape: '',
};

/** The dance: buy 100 and sell 99 the same day, keeping one share for the round-up. */
export const DANCE = { buy_quantity: '100', sell_quantity: '99', shape: 'dance' } as const;
/** One share: it replaces the legs too, so it undoes a dance applied by mistake. */
export const ONE_SHARE = { buy_quantity: '1', sell_quantity: '1', shape: 'one' } as const;

const num = (s: string) => (s.trim() === '' ? null : Number(s));
const qty = (s: string) => (s.trim() === '' ? 1 : Number(s));

/**
 * The body's fields: empty inputs are not sent (each account keeps its value). With a preset or a
 * quantity other than 1 the buy and sell are sent as `legs` (they replace the account's legs), dated
 * the buy-by day when no date is given. The kept share's sale has its own fields: it never touches a
 * sale before the split.
 */
export function bulkFields(v: BulkValues, buyByDate: string): BulkFields {
  const out: BulkFields = {};
  if (v.outcome) out.outcome = v.outcome as TradeOutcome;
  if (v.outcome_date) out.outcome_date = v.outcome_date;
  if (num(v.cash_in_lieu_amount) !== null) out.cash_in_lieu_amount = num(v.cash_in_lieu_amount)!;
  if (v.outcome === 'fraction_kept' && num(v.shares_received) !== null) out.shares_received = num(v.shares_received)!;
  if (num(v.kept_sell_price) !== null) out.kept_sell_price = num(v.kept_sell_price)!;
  if (v.kept_sell_date) out.kept_sell_date = v.kept_sell_date;
  const legsWanted = v.shape !== '' || qty(v.buy_quantity) !== 1 || qty(v.sell_quantity) !== 1;
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
function holdsValue(trade: Trade | undefined, fields: BulkFields, effDate: string): boolean {
  if (!trade) return false;
  const set = (k: keyof BulkFields & keyof Trade) => fields[k] !== undefined && trade[k] !== null && trade[k] !== fields[k];
  if (fields.legs !== undefined && trade.legs.length > 0) return true;
  const keptSale = trade.legs.some((l) => l.side === 'sell' && (l.date === null || l.date >= effDate));
  if ((fields.kept_sell_price !== undefined || fields.kept_sell_date !== undefined) && keptSale) return true;
  if (fields.outcome !== undefined && trade.outcome !== 'pending' && trade.outcome !== fields.outcome) return true;
  return (['buy_date', 'buy_price', 'sell_date', 'sell_price', 'outcome_date', 'cash_in_lieu_amount'] as const).some(set);
}

/**
 * "Apply to" changes only the chosen accounts whose values are still empty or pending,
 * unless the member chooses to overwrite; `filled` are the chosen accounts that hold a value.
 */
export function planApply(
  chosen: readonly string[],
  trades: ReadonlyMap<string, Trade>,
  fields: BulkFields,
  overwrite: boolean,
  effDate: string,
) {
  const filled = chosen.filter((id) => holdsValue(trades.get(id), fields, effDate));
  const targets = overwrite ? [...chosen] : chosen.filter((id) => !filled.includes(id));
  return { targets, filled };
}

/**
 * What the member reads after a save: the accounts that changed, those that already held these values,
 * those kept because they had a value, and the server's line for the accounts left out.
 */
export function savedText(res: BulkTradesResponse, kept: number): string {
  const parts = [`Saved in ${countOf(res.saved, 'account')}.`];
  if (res.unchanged > 0) parts.push(`${countOf(res.unchanged, 'account')} already had these values.`);
  if (kept > 0) parts.push(`${countOf(kept, 'account')} that already had a value kept it.`);
  if (res.note) parts.push(`${res.note}.`);
  return parts.join(' ');
}
