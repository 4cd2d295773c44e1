import { ticksToCents, type Trade, type TradeLeg } from '@roundup/shared';
import { tradeResult } from '@roundup/shared/trade-result';
import { toCents } from '../../lib/format';

/**
 * A trade row's buy and sell fields over legs. A one-share trade is its flat fields. In a
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

/** The row's buy and sell as the fields show them, with their quantities. */
export function rowLegs(trade: Trade | undefined, effDate: string) {
  const buy = trade?.legs.find((l) => l.side === 'buy');
  if (!trade || !isMultiLeg(trade))
    return {
      buy_date: trade?.buy_date ?? null,
      buy_price: trade?.buy_price ?? null,
      sell_date: trade?.sell_date ?? null,
      sell_price: trade?.sell_price ?? null,
      buy_quantity: 1,
      sell_quantity: 1,
    };
  const sale = trade.legs.findLast((l) => isKeptSale(l, effDate));
  return {
    buy_date: buy?.date ?? null,
    buy_price: buy?.price ?? null,
    sell_date: sale?.date ?? null,
    sell_price: sale?.price ?? null,
    buy_quantity: buy?.quantity ?? 1,
    sell_quantity: sale?.quantity ?? trade.shares_received ?? 1,
  };
}

export interface RowFields {
  buy_date: string | null;
  buy_price: number | null;
  sell_date: string | null;
  sell_price: number | null;
  buy_quantity: number;
  sell_quantity: number;
}

/**
 * The legs a row saves when it holds more than one share: its buy and its sale, with their quantities,
 * written into the trade's other legs (a one-share trade has none: its row is all of it).
 */
export function legsFromRow(trade: Trade | undefined, effDate: string, row: RowFields): TradeLeg[] {
  const multi = trade && isMultiLeg(trade) ? trade : undefined;
  const buy = trade?.legs.find((l) => l.side === 'buy');
  const legs: TradeLeg[] = [];
  if (buy || row.buy_date !== null || row.buy_price !== null)
    legs.push({ side: 'buy', quantity: row.buy_quantity, date: row.buy_date, price: row.buy_price });
  if (multi) legs.push(...otherLegs(multi, effDate));
  if (row.sell_date !== null || row.sell_price !== null)
    legs.push({ side: 'sell', quantity: row.sell_quantity, date: row.sell_date, price: row.sell_price });
  return legs;
}

const num = (s: string) => (s.trim() === '' ? null : Number(s));
const text = (v: number | null) => (v === null ? null : String(v));

/**
 * The profit a row shows, in dollars. A one-share row: its sell less its buy, as typed. A trade of several
 * legs (the dance): the stored trade's realized profit by the rule the analytics use, so the 99 shares sold
 * at a loss count; none while a share is still held.
 */
export function rowProfit(v: { buy_price: string; sell_price: string }, multi: Trade | undefined, effDate: string) {
  if (multi) {
    const legs = multi.legs.map((l) => ({ ...l, price: text(l.price) }));
    const { profitTicks } = tradeResult(
      {
        accountId: multi.accountId,
        splitId: multi.splitId,
        buyDate: null,
        buyPrice: null,
        sellDate: null,
        sellPrice: null,
        outcome: multi.outcome,
        outcomeDate: multi.outcome_date,
        legs,
        sharesReceived: multi.shares_received,
        cashInLieu: text(multi.cash_in_lieu_amount),
      },
      effDate,
    );
    return profitTicks === null ? null : ticksToCents(profitTicks) / 100;
  }
  const buy = num(v.buy_price);
  const sell = num(v.sell_price);
  if (buy === null || sell === null || !Number.isFinite(buy) || !Number.isFinite(sell)) return null;
  return (toCents(sell) - toCents(buy)) / 100;
}
