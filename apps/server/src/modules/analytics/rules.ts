import { addDays, daysBetween, priceToTicks, type TradeOutcome } from '@roundup/shared';
import { legsOf, tradeResult, type TradeIn } from '@roundup/shared/trade-result';

/** What one trade comes to lives in @roundup/shared/trade-result (the trades module asks it too). */
export { legsOf, tradeResult, type LegIn, type TradeIn, type TradeResult } from '@roundup/shared/trade-result';

/**
 * Member analytics, pure (product.md#boundaries): takes the member's rows and `today`, never the clock.
 * This file: the records, what one trade contributes, and the totals; `summary-rules.ts` turns totals
 * into the member's summary, `tax-rules.ts` makes the Form 8949 export.
 * Money: prices are parsed to integer ticks (1/10,000 $), sums stay integers and are
 * rounded once to integer cents for output — a thousand $0.01 profits are exactly 1,000 cents.
 */

export interface AccountIn {
  id: string;
  nickname: string;
  brokerId: string | null;
  broker: string;
  /** The broker's shareReturnTime (null when the broker no longer exists). */
  shareReturnTime: number | null;
  /** The account type (product.md#stored): tax-advantaged ones stay out of the tax export. */
  type: string;
}
export interface SplitIn {
  id: string;
  name: string;
  ticker: string;
  effDate: string;
  /** N in N:1 (the tax export reads it to share a basis between whole shares and cash). */
  ratio?: number;
}
/** A member's raw records: what the tax export reads, and what the stored totals are made of. */
export interface TradeRecords {
  trades: readonly TradeIn[];
  accounts: readonly AccountIn[];
  splits: readonly SplitIn[];
}

/** Closed trades of one account sold in one month (YYYY-MM), profit in ticks. */
export interface MonthTotal {
  accountId: string;
  month: string;
  ticks: number;
  trades: number;
}
/** Closed trades of one split, profit in ticks. */
export interface SplitTotal extends SplitIn {
  ticks: number;
  trades: number;
}
/** Sold shares of one account whose return took `days` days. */
export interface ReturnDaysTotal {
  accountId: string;
  days: number;
  trades: number;
}
/** A bought, unsold share with its split. */
export interface OpenTrade {
  accountId: string;
  buyDate: string | null;
  buyPrice: string | null;
  outcome?: TradeOutcome;
  outcomeDate?: string | null;
  split: SplitIn;
}

/**
 * A member's trades folded into totals: what the database keeps up to date on every trade write
 * (decision 008, migration 0005), and what `totalsFromTrades` computes from raw records.
 * `open` may be the first few open positions only; `openCount` counts them all.
 */
export interface TradeTotals {
  months: readonly MonthTotal[];
  splits: readonly SplitTotal[];
  returnDays: readonly ReturnDaysTotal[];
  open: readonly OpenTrade[];
  openCount: number;
  totalTrades: number;
  /**
   * The open trades with a sale already made (the dance's 99 shares while the kept share is held): their
   * sales are realized, though the stored totals count a trade only once it closes.
   */
  partials?: readonly PartialTrade[];
}

export interface AnalyticsInput extends TradeTotals {
  today: string;
  accounts: readonly AccountIn[];
}

/** An open trade with a sale: its legs and what the split made of them, for its realized sales. */
export interface PartialTrade extends TradeIn {
  split: SplitIn;
}

/** Realized profit of one trade in ticks (legacy one-share form: sell − buy), or null while not closed. */
export function realizedTicks(t: Pick<TradeIn, 'buyPrice' | 'sellPrice'>): number | null {
  const buy = priceToTicks(t.buyPrice);
  const sell = priceToTicks(t.sellPrice);
  return buy === null || sell === null ? null : sell - buy;
}

/** Bought and not closed (a resolved trade is closed). */
export function isOpen(t: TradeIn, effDate: string): boolean {
  const r = tradeResult(t, effDate);
  return r.bought && !r.closed;
}

/** The date a closed trade counts on: its last sale, else the outcome's date or the split's effective date. */
export function saleDate(t: TradeIn, split: SplitIn | undefined): string | null {
  return split ? tradeResult(t, split.effDate).saleDate : t.sellDate;
}

/** effDate + the broker's shareReturnTime; null when the broker is unknown. */
export function expectedReturnDate(effDate: string, shareReturnTime: number | null): string | null {
  return shareReturnTime === null ? null : addDays(effDate, shareReturnTime);
}

/** Measured return time of one sale in days (sell date − effDate); null if unsold or sold before the split. */
export function measuredReturnDays(t: Pick<TradeIn, 'sellDate'>, effDate: string): number | null {
  if (!t.sellDate) return null;
  const d = daysBetween(effDate, t.sellDate);
  return d < 0 ? null : d;
}

/**
 * A member's raw trades folded into the totals the database keeps (the specification of the
 * triggers of migration 0005, and the test oracle for them): closed trades by account and sale
 * month and by split, measured return times by account, open trades, counts.
 */
export function totalsFromTrades(trades: readonly TradeIn[], splits: readonly SplitIn[]): TradeTotals {
  // The totals name a split by id, name, ticker and effective date (as the stored totals do).
  const splitById = new Map(splits.map((s) => [s.id, { id: s.id, name: s.name, ticker: s.ticker, effDate: s.effDate }]));
  const months = new Map<string, MonthTotal>();
  const bySplit = new Map<string, SplitTotal>();
  const returns = new Map<string, ReturnDaysTotal>();
  const open: OpenTrade[] = [];
  const partials: PartialTrade[] = [];
  const fullSplit = new Map(splits.map((s) => [s.id, s]));
  for (const t of trades) {
    const split = splitById.get(t.splitId);
    if (!split) continue;
    const result = tradeResult(t, split.effDate);
    const profit = result.profitTicks;
    if (profit !== null) {
      const month = result.saleDate.slice(0, 7);
      const m = months.get(`${t.accountId} ${month}`) ?? { accountId: t.accountId, month, ticks: 0, trades: 0 };
      m.ticks += profit;
      m.trades += 1;
      months.set(`${t.accountId} ${month}`, m);
      const s = bySplit.get(split.id) ?? { ...split, ticks: 0, trades: 0 };
      s.ticks += profit;
      s.trades += 1;
      bySplit.set(split.id, s);
    } else if (result.bought && !result.closed) {
      open.push({
        accountId: t.accountId,
        buyDate: t.buyDate,
        buyPrice: t.buyPrice,
        outcome: t.outcome ?? 'pending',
        outcomeDate: t.outcomeDate ?? null,
        split,
      });
      if (legsOf(t).some((l) => l.side === 'sell')) partials.push({ ...t, split: fullSplit.get(t.splitId)! });
    }
    const days = result.returnDays;
    if (days !== null) {
      const r = returns.get(`${t.accountId} ${days}`) ?? { accountId: t.accountId, days, trades: 0 };
      r.trades += 1;
      returns.set(`${t.accountId} ${days}`, r);
    }
  }
  return {
    months: [...months.values()],
    splits: [...bySplit.values()],
    returnDays: [...returns.values()],
    open,
    partials,
    openCount: open.length,
    totalTrades: trades.filter((t) => splitById.has(t.splitId)).length,
  };
}
