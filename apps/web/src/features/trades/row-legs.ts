import type { Trade, TradeLeg } from '@roundup/shared';

/**
 * A trade row's buy and sell fields over legs (issue 26). A one-share trade is its flat fields. In a
 * trade with more (the dance: buy 100, sell 99 before the split), the row's buy is the first buy
 * leg and the row's sell is the sale of what the split left: the last sell on or after the
 * effective date (or undated), never the pre-split sale, which the row lists apart.
 */
export function isMultiLeg(trade: Trade | undefined): boolean {
  if (!trade) return false;
  const buys = trade.legs.filter((l) => l.side === 'buy').length;
  const sells = trade.legs.filter((l) => l.side === 'sell').length;
  return buys > 1 || sells > 1 || trade.legs.some((l) => l.quantity !== 1);
}

const isKeptSale = (l: TradeLeg, effDate: string) => l.side === 'sell' && (l.date === null || l.date >= effDate);

/** The legs a multi-leg row shows apart: every leg but the first buy and the kept shares' sale. */
export function otherLegs(trade: Trade, effDate: string): TradeLeg[] {
  const buy = trade.legs.find((l) => l.side === 'buy');
  const sale = trade.legs.findLast((l) => isKeptSale(l, effDate));
  return trade.legs.filter((l) => l !== buy && l !== sale);
}

/** The row's buy and sell as the fields show them. */
export function rowLegs(trade: Trade | undefined, effDate: string) {
  if (!trade || !isMultiLeg(trade))
    return {
      buy_date: trade?.buy_date ?? null,
      buy_price: trade?.buy_price ?? null,
      sell_date: trade?.sell_date ?? null,
      sell_price: trade?.sell_price ?? null,
    };
  const buy = trade.legs.find((l) => l.side === 'buy');
  const sale = trade.legs.findLast((l) => isKeptSale(l, effDate));
  return {
    buy_date: buy?.date ?? null,
    buy_price: buy?.price ?? null,
    sell_date: sale?.date ?? null,
    sell_price: sale?.price ?? null,
  };
}

/** The legs a multi-leg row saves: its buy and its sale written into the trade's other legs. */
export function legsFromRow(
  trade: Trade,
  effDate: string,
  row: { buy_date: string | null; buy_price: number | null; sell_date: string | null; sell_price: number | null },
): TradeLeg[] {
  const buy = trade.legs.find((l) => l.side === 'buy');
  const sale = trade.legs.findLast((l) => isKeptSale(l, effDate));
  const kept = trade.shares_received ?? 1;
  const legs: TradeLeg[] = [];
  if (buy || row.buy_date !== null || row.buy_price !== null)
    legs.push({ side: 'buy', quantity: buy?.quantity ?? 1, date: row.buy_date, price: row.buy_price });
  legs.push(...otherLegs(trade, effDate));
  if (row.sell_date !== null || row.sell_price !== null)
    legs.push({ side: 'sell', quantity: sale?.quantity ?? kept, date: row.sell_date, price: row.sell_price });
  return legs;
}
