import { priceToTicks, ticksToCents, type TradeFields, type TradePatch } from '@roundup/shared';

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
  return {
    buy_date: patch.buy_date === undefined ? stored.buy_date : patch.buy_date,
    buy_price: patch.buy_price === undefined ? stored.buy_price : patch.buy_price,
    sell_date: patch.sell_date === undefined ? stored.sell_date : patch.sell_date,
    sell_price: patch.sell_price === undefined ? stored.sell_price : patch.sell_price,
  };
}

/** Same prices and dates (a repeated add of the same trade answers the stored one). */
export function sameTradeFields(a: TradeFields, b: TradeFields): boolean {
  return a.buy_date === b.buy_date && a.buy_price === b.buy_price && a.sell_date === b.sell_date && a.sell_price === b.sell_price;
}

/** Returns the message for a trade whose dates are out of order after defaults, else null. */
export function checkTradeDates(fields: TradeFields): string | null {
  if (fields.buy_date && fields.sell_date && fields.sell_date < fields.buy_date) return 'Sell date cannot be before the buy date';
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
