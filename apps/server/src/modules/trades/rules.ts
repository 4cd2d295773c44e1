import { addDays, priceToTicks, ticksToCents, type TradeFields, type TradePatch } from '@roundup/shared';

/**
 * product.md §4 Trade form: with no buy date but a buy price above 0, the buy date
 * defaults to the split's buyDate. Applied on the server too, so every client agrees.
 */
export function withDefaultBuyDate(fields: TradeFields, splitBuyDate: string): TradeFields {
  if (!fields.buy_date && fields.buy_price !== null && fields.buy_price > 0) {
    const merged = { ...fields, buy_date: splitBuyDate };
    return merged;
  }
  return fields;
}

/**
 * A partial edit (issue 12 §4): a field the body did not send (undefined) keeps its stored value;
 * an explicit null (or an empty value, which the schema turns into null) clears it.
 */
export function mergeTradeEdit(stored: TradeFields, patch: TradePatch): TradeFields {
  const keep = <K extends keyof TradeFields>(k: K): TradeFields[K] =>
    patch[k] === undefined ? stored[k] : (patch[k] as TradeFields[K]);
  return {
    buy_date: keep('buy_date'),
    buy_price: keep('buy_price'),
    sell_date: keep('sell_date'),
    sell_price: keep('sell_price'),
    outcome: keep('outcome'),
    outcome_date: keep('outcome_date'),
  };
}

/** A trade not recorded yet: what a bulk write merges its fields into. */
export const EMPTY_TRADE: TradeFields = {
  buy_date: null,
  buy_price: null,
  sell_date: null,
  sell_price: null,
  outcome: 'pending',
  outcome_date: null,
};

/** Same prices, dates and outcome (a repeated add of the same trade answers the stored one). */
export function sameTradeFields(a: TradeFields, b: TradeFields): boolean {
  return (
    a.buy_date === b.buy_date &&
    a.buy_price === b.buy_price &&
    a.sell_date === b.sell_date &&
    a.sell_price === b.sell_price &&
    a.outcome === b.outcome &&
    a.outcome_date === b.outcome_date
  );
}

/**
 * The message for a trade that cannot stand after defaults, else null: dates out of order, or an
 * outcome that does not fit (a share received, cash or nothing needs a recorded buy; an outcome
 * date needs an outcome, cannot be before the buy, and is a fact, so not in the future — `today`
 * is the market date; one day of slack lets a member east of New York record their own today).
 */
export function checkTradeDates(fields: TradeFields, today: string): string | null {
  if (fields.buy_date && fields.sell_date && fields.sell_date < fields.buy_date) return 'Sell date cannot be before the buy date';
  const bought = fields.buy_date !== null || fields.buy_price !== null;
  if (fields.outcome !== 'pending' && !bought) return 'Record the buy before its outcome';
  if (fields.outcome_date && fields.outcome === 'pending')
    return 'Choose the outcome for its date (share received, cash in lieu or no credit)';
  if (fields.outcome_date && fields.buy_date && fields.outcome_date < fields.buy_date)
    return 'Outcome date cannot be before the buy date';
  if (fields.outcome_date && fields.outcome_date > addDays(today, 1)) return 'Outcome date cannot be in the future';
  return null;
}

/**
 * Admin: the members' average realized profit per account for one split.
 * Only closed trades (both prices) count; the average is in cents, rounded half away from zero.
 */
export function splitAverage(rows: readonly { userId: string; buyPrice: string | null; sellPrice: string | null }[]): {
  trades: number;
  members: number;
  avgProfitCents: number | null;
} {
  let sum = 0;
  let n = 0;
  const members = new Set<string>();
  for (const r of rows) {
    const buy = priceToTicks(r.buyPrice);
    const sell = priceToTicks(r.sellPrice);
    if (buy === null || sell === null) continue;
    sum += sell - buy;
    n += 1;
    members.add(r.userId);
  }
  if (n === 0) return { trades: 0, members: 0, avgProfitCents: null };
  // Mean in ticks, rounded to a whole tick, then to cents.
  const meanTicks = sum >= 0 ? Math.round(sum / n) : -Math.round(-sum / n);
  return { trades: n, members: members.size, avgProfitCents: ticksToCents(meanTicks) };
}

/** Admin: how the members' accounts on one split turned out (pending ones are counted, not recorded). */
export function outcomeCounts(rows: readonly { outcome: string }[]) {
  const n = (o: string) => rows.filter((r) => r.outcome === o).length;
  return {
    accounts: rows.length,
    recorded: rows.length - n('pending'),
    shareReceived: n('share_received'),
    cashInLieu: n('cash_in_lieu'),
    noCredit: n('no_credit'),
  };
}
