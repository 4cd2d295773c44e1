import { daysBetween } from './dates';
import { priceToTicks } from './ticks';
import type { TradeOutcome } from './trades';

/**
 * What one trade comes to: the P&L rule the member analytics total and the trades
 * module's outcome summary both ask. Pure; prices are numeric text, parsed to integer ticks.
 */

export interface TradeIn {
  id?: string;
  accountId: string;
  splitId: string;
  buyDate: string | null;
  buyPrice: string | null;
  sellDate: string | null;
  sellPrice: string | null;
  /** What the round-up gave; 'pending' when left out. */
  outcome?: TradeOutcome;
  outcomeDate?: string | null;
  /** Every buy and sell; left out: the flat fields as one-share legs. Prices as numeric text. */
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
/**
 * What a split leaves nothing of, so the trade closes without a sale: cash in lieu, nothing credited, and a
 * credited share taken back.
 */
export const RESOLVING_OUTCOMES: readonly TradeOutcome[] = ['cash_in_lieu', 'no_credit', 'clawed_back'];
export const isResolvingOutcome = (o: TradeOutcome) => RESOLVING_OUTCOMES.includes(o);

/** Shares in millionths: sums of fractions compare exactly. */
export const microShares = (n: number) => Math.round(n * 1_000_000);

/**
 * A leg's value in ticks, rounded to a whole tick half away from zero (a fraction of a share at a price can
 * fall between ticks; SQL `round` rounds the same way). Counted in millionths of a share so the product is
 * exact before the one rounding.
 */
export function legTicks(quantity: number, ticks: number): number {
  if (Number.isInteger(quantity)) return quantity * ticks;
  const exact = (Math.round(quantity * 1_000_000) * ticks) / 1_000_000;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

/** A trade's legs: its own, or the flat fields as a one-share buy and a one-share sell. */
export function legsOf(t: TradeIn): readonly LegIn[] {
  if (t.legs) return t.legs;
  const legs: LegIn[] = [];
  if (t.buyDate !== null || t.buyPrice !== null) legs.push({ side: 'buy', date: t.buyDate, quantity: 1, price: t.buyPrice });
  if (t.sellDate !== null || t.sellPrice !== null) legs.push({ side: 'sell', date: t.sellDate, quantity: 1, price: t.sellPrice });
  return legs;
}

/** What a trade comes to, given its split's effective date. */
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
 * cash in lieu, nothing credited or a share clawed back; a fraction the broker kept). A trade is closed when nothing was kept, or when the sells on
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
    else value += (l.side === 'sell' ? 1 : -1) * legTicks(l.quantity, ticks);
    if (l.side === 'buy') {
      bought = true;
      kept += microShares(l.quantity);
      continue;
    }
    const day = l.date ?? effDate;
    if (l.date !== null && l.date < effDate) kept -= microShares(l.quantity);
    else {
      after += microShares(l.quantity);
      const d = l.date === null ? null : daysBetween(effDate, l.date);
      if (d !== null && (returnDays === null || d < returnDays)) returnDays = d;
    }
    if (lastSale === null || day > lastSale) lastSale = day;
  }
  const resolved = isResolvingOutcome(outcome);
  const expected = microShares(t.sharesReceived ?? (resolved ? 0 : 1));
  const closed = bought && (kept <= 0 || after >= expected);
  let saleDate = lastSale ?? effDate;
  if (resolved && kept > 0 && lastSale === null) saleDate = t.outcomeDate ?? effDate;
  else if (resolved && kept > 0 && t.outcomeDate && t.outcomeDate > saleDate) saleDate = t.outcomeDate;
  const cash = priceToTicks(t.cashInLieu) ?? 0;
  return { bought, closed, profitTicks: closed && priced ? value + cash : null, saleDate, returnDays };
}
