import { priceToTicks, ticksToCents, type TradeFields } from '@roundup/shared';

/**
 * SPEC §4 Trade form: with no buy date but a buy price above 0, the buy date
 * defaults to the split's buyDate. Applied on the server too, so every client agrees.
 */
export function withDefaultBuyDate(fields: TradeFields, splitBuyDate: string): TradeFields {
  if (!fields.buy_date && fields.buy_price !== null && fields.buy_price > 0) {
    const merged = { ...fields, buy_date: splitBuyDate };
    return merged;
  }
  return fields;
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
