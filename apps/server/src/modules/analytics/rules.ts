import { addDays, daysBetween, priceToTicks, type TradeOutcome } from '@roundup/shared';

/**
 * Member analytics, pure (product.md#boundaries): takes the member's rows and `today`, never the clock.
 * This file: the records, what one trade contributes, and the totals; `summary.ts` turns totals
 * into the member's summary, `tax.ts` makes the Form 8949 export.
 * Money: prices are parsed to integer ticks (1/10,000 $), sums stay integers and are
 * rounded once to integer cents for output — a thousand $0.01 profits are exactly 1,000 cents.
 */

export interface TradeIn {
  id?: string;
  accountId: string;
  splitId: string;
  buyDate: string | null;
  buyPrice: string | null;
  sellDate: string | null;
  sellPrice: string | null;
  /** What the round-up gave (issue 14); 'pending' when left out. */
  outcome?: TradeOutcome;
  outcomeDate?: string | null;
  /** Every buy and sell (issue 26); left out: the flat fields as one-share legs. Prices as numeric text. */
  legs?: readonly LegIn[];
  sharesReceived?: number | null;
  /** Cash paid for the fraction, numeric text. */
  cashInLieu?: string | null;
}
export interface LegIn {
  side: 'buy' | 'sell';
  date: string | null;
  quantity: number;
  price: string | null;
}
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
}

export interface AnalyticsInput extends TradeTotals {
  today: string;
  accounts: readonly AccountIn[];
}

/** A trade's legs: its own, or the flat fields as a one-share buy and a one-share sell. */
export function legsOf(t: TradeIn): readonly LegIn[] {
  if (t.legs) return t.legs;
  const legs: LegIn[] = [];
  if (t.buyDate !== null || t.buyPrice !== null) legs.push({ side: 'buy', date: t.buyDate, quantity: 1, price: t.buyPrice });
  if (t.sellDate !== null || t.sellPrice !== null) legs.push({ side: 'sell', date: t.sellDate, quantity: 1, price: t.sellPrice });
  return legs;
}

/** What a trade comes to (issue 26 §1, §2), given its split's effective date. */
export interface TradeResult {
  /** A buy is recorded. */
  bought: boolean;
  /** Every share is gone: sold, or resolved by the split (cash in lieu, nothing credited). */
  closed: boolean;
  /** Σ sells − Σ buys + cash in lieu, in ticks, once closed with every leg priced; else null. */
  profitTicks: number | null;
  /** The day it closed: its last sale, or the outcome's date when the split resolved it. */
  saleDate: string;
  /** Days from the effective date to the first dated sale on or after it; null without one. */
  returnDays: number | null;
}

/**
 * The rule of what a trade contributes (written again in SQL as `trade_leg_facts`, migration 0021).
 * Shares kept through the split are the buys less the sells dated before the effective date; the
 * split turns them into `shares_received` (1 when not said and the share came or may come, 0 after
 * cash in lieu or nothing credited). A trade is closed when nothing was kept, or when the sells on
 * or after the effective date (or undated) reach those shares.
 */
export function tradeResult(t: TradeIn, effDate: string): TradeResult {
  const outcome = t.outcome ?? 'pending';
  let bought = false;
  let kept = 0;
  let after = 0;
  let priced = true;
  let value = 0;
  let lastSale: string | null = null;
  let returnDays: number | null = null;
  for (const l of legsOf(t)) {
    const ticks = priceToTicks(l.price);
    if (ticks === null) priced = false;
    else value += (l.side === 'sell' ? 1 : -1) * l.quantity * ticks;
    if (l.side === 'buy') {
      bought = true;
      kept += l.quantity;
      continue;
    }
    const day = l.date ?? effDate;
    if (l.date !== null && l.date < effDate) kept -= l.quantity;
    else {
      after += l.quantity;
      const d = l.date === null ? null : daysBetween(effDate, l.date);
      if (d !== null && (returnDays === null || d < returnDays)) returnDays = d;
    }
    if (lastSale === null || day > lastSale) lastSale = day;
  }
  const resolved = outcome === 'cash_in_lieu' || outcome === 'no_credit';
  const expected = t.sharesReceived ?? (resolved ? 0 : 1);
  const closed = bought && (kept <= 0 || after >= expected);
  let saleDate = lastSale ?? effDate;
  if (resolved && kept > 0 && lastSale === null) saleDate = t.outcomeDate ?? effDate;
  else if (resolved && kept > 0 && t.outcomeDate && t.outcomeDate > saleDate) saleDate = t.outcomeDate;
  const cash = priceToTicks(t.cashInLieu) ?? 0;
  return { bought, closed, profitTicks: closed && priced ? value + cash : null, saleDate, returnDays };
}

/** Realized profit of one trade in ticks (legacy one-share form: sell − buy), or null while not closed. */
export function realizedTicks(t: Pick<TradeIn, 'buyPrice' | 'sellPrice'>): number | null {
  const buy = priceToTicks(t.buyPrice);
  const sell = priceToTicks(t.sellPrice);
  return buy === null || sell === null ? null : sell - buy;
}

/** Bought and not closed (issue 26 §2: a resolved trade is closed). */
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
    openCount: open.length,
    totalTrades: trades.filter((t) => splitById.has(t.splitId)).length,
  };
}
