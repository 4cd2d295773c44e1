import { addDays, TRADE_OUTCOME_LABELS, type TradeLeg, type TradeOutcome, type TradePatch } from '@roundup/shared';
import { isResolvingOutcome, microShares } from '@roundup/shared/trade-result';

/**
 * A trade as stored: its legs and its outcome. Pure: no Drizzle, no clock.
 * The flat fields (buy_date, buy_price, sell_date, sell_price) are the first buy leg and the last
 * sell leg: they read them, and a body that sends them writes them (creating a one-share leg).
 */
export interface TradeState {
  legs: TradeLeg[];
  outcome: TradeOutcome;
  outcome_date: string | null;
  shares_received: number | null;
  cash_in_lieu_amount: number | null;
}

export const EMPTY_STATE: TradeState = {
  legs: [],
  outcome: 'pending',
  outcome_date: null,
  shares_received: null,
  cash_in_lieu_amount: null,
};

/** Oldest first; undated legs last; on one day the buys before the sells (the dance: buy 100, sell 99). */
export function sortLegs(legs: readonly TradeLeg[]): TradeLeg[] {
  const rank = (l: TradeLeg) => (l.side === 'buy' ? 0 : 1);
  return legs
    .map((l, i) => ({ l, i }))
    .sort((a, b) => {
      const da = a.l.date ?? '9999-12-31';
      const db = b.l.date ?? '9999-12-31';
      return da.localeCompare(db) || rank(a.l) - rank(b.l) || a.i - b.i;
    })
    .map((x) => x.l);
}

/** The flat fields a trade reads as: its first buy leg and its last sell leg. */
export function flatOf(legs: readonly TradeLeg[]) {
  const buy = legs.find((l) => l.side === 'buy');
  const sell = legs.findLast((l) => l.side === 'sell');
  return {
    buy_date: buy?.date ?? null,
    buy_price: buy?.price ?? null,
    sell_date: sell?.date ?? null,
    sell_price: sell?.price ?? null,
  };
}

/** Writes a flat date and price into the first buy (or last sell) leg; a leg left with neither goes. */
function writeFlat(legs: TradeLeg[], side: 'buy' | 'sell', date: string | null | undefined, price: number | null | undefined) {
  if (date === undefined && price === undefined) return legs;
  const at = side === 'buy' ? legs.findIndex((l) => l.side === side) : legs.findLastIndex((l) => l.side === side);
  const base: TradeLeg = at >= 0 ? legs[at] : { side, date: null, quantity: 1, price: null };
  const leg = { ...base, date: date === undefined ? base.date : date, price: price === undefined ? base.price : price };
  const next = [...legs];
  const empty = leg.date === null && leg.price === null;
  if (at >= 0) {
    if (empty) next.splice(at, 1);
    else next[at] = leg;
  } else if (!empty) {
    if (side === 'buy') next.unshift(leg);
    else next.push(leg);
  }
  return next;
}

/**
 * A partial edit: a field the body did not send (undefined) keeps its stored
 * value, null clears it; `legs` replaces every leg; the flat fields write the first buy and last sell.
 */
export function mergeTradeEdit(stored: TradeState, patch: TradePatch): TradeState {
  const keep = <K extends keyof TradeState & keyof TradePatch>(k: K): TradeState[K] =>
    patch[k] === undefined ? stored[k] : (patch[k] as TradeState[K]);
  let legs = stored.legs;
  if (patch.legs !== undefined) legs = patch.legs.map((l) => ({ ...l }));
  else {
    legs = writeFlat(legs, 'buy', patch.buy_date, patch.buy_price);
    legs = writeFlat(legs, 'sell', patch.sell_date, patch.sell_price);
  }
  return {
    legs: sortLegs(legs),
    outcome: keep('outcome'),
    outcome_date: keep('outcome_date'),
    shares_received: keep('shares_received'),
    cash_in_lieu_amount: keep('cash_in_lieu_amount'),
  };
}

/**
 * product.md#states Trade form: a buy with a price above 0 and no date is dated the split's buyDate.
 * Applied on the server too, so every client agrees.
 */
export function withDefaultBuyDate(state: TradeState, splitBuyDate: string): TradeState {
  if (!state.legs.some((l) => l.side === 'buy' && !l.date && l.price !== null && l.price > 0)) return state;
  const legs = state.legs.map((l) =>
    l.side === 'buy' && !l.date && l.price !== null && l.price > 0 ? { ...l, date: splitBuyDate } : l,
  );
  return { ...state, legs: sortLegs(legs) };
}

const sameLeg = (a: TradeLeg, b: TradeLeg) =>
  a.side === b.side && a.date === b.date && a.quantity === b.quantity && a.price === b.price;
export const sameLegs = (a: readonly TradeLeg[], b: readonly TradeLeg[]) =>
  a.length === b.length && a.every((l, i) => sameLeg(l, b[i]));

/** Same legs and outcome (a repeated add of the same trade answers the stored one). */
export function sameTrade(a: TradeState, b: TradeState): boolean {
  return (
    sameLegs(a.legs, b.legs) &&
    a.outcome === b.outcome &&
    a.outcome_date === b.outcome_date &&
    a.shares_received === b.shares_received &&
    a.cash_in_lieu_amount === b.cash_in_lieu_amount
  );
}

const isAfter = (l: TradeLeg, effDate: string) => l.date === null || l.date >= effDate;

/** The shares held into the split: the buys less the sells dated before the effective date. */
export function keptShares(legs: readonly TradeLeg[], effDate: string): number {
  return legs.reduce((n, l) => n + (l.side === 'buy' ? l.quantity : isAfter(l, effDate) ? 0 : -l.quantity), 0);
}

/**
 * Only a sale after the split sells a fraction (the part of a share a broker credited), and never more than
 * the shares received (a fraction kept is sold as that fraction, not as a whole share): before the split,
 * what a member buys and sells are whole shares.
 */
function fractionProblem(state: TradeState, effDate: string): string | null {
  if (state.legs.some((l) => !Number.isInteger(l.quantity) && (l.side === 'buy' || !isAfter(l, effDate))))
    return 'Quantity must be a whole number: only a sale after the split can sell a fraction of a share';
  const after = state.legs.filter((l) => l.side === 'sell' && isAfter(l, effDate));
  if (state.outcome !== 'fraction_kept' && !after.some((l) => !Number.isInteger(l.quantity))) return null;
  const sold = after.reduce((n, l) => n + microShares(l.quantity), 0);
  if (state.shares_received === null) return 'Enter the shares received before selling a fraction of a share';
  if (sold > microShares(state.shares_received))
    return `Sales after the split (${sold / 1_000_000} shares) cannot exceed the shares received (${state.shares_received})`;
  return null;
}

/** Shares sold before the effective date need a buy, and cannot outnumber the shares bought. */
function legsProblem(legs: readonly TradeLeg[], effDate: string): string | null {
  const firstBuy = legs.find((l) => l.side === 'buy' && l.date)?.date ?? null;
  if (firstBuy && legs.some((l) => l.side === 'sell' && l.date && l.date < firstBuy))
    return 'Sell date cannot be before the buy date';
  const bought = legs.reduce((n, l) => n + (l.side === 'buy' ? l.quantity : 0), 0);
  const soldBefore = bought - keptShares(legs, effDate);
  if (soldBefore > 0 && bought === 0) return 'A sale before the split needs its buy: record the buy first';
  if (soldBefore > bought) return `Sells before the split (${soldBefore} shares) cannot exceed the shares bought (${bought})`;
  return null;
}

/**
 * A sale after the split, or shares received, needs an outcome that holds the share: after nothing credited
 * or cash in lieu there is none (a sale before the split, the dance's 99 shares, still stands).
 */
export function shareProblem(state: TradeState, effDate: string): string | null {
  if (!isResolvingOutcome(state.outcome)) return null;
  const what = TRADE_OUTCOME_LABELS[state.outcome];
  if (state.legs.some((l) => l.side === 'sell' && isAfter(l, effDate)))
    return state.outcome === 'clawed_back'
      ? `${what}: the share was taken back, so there is none to sell`
      : `${what}: no share came from the split, so there is none to sell`;
  if (state.shares_received !== null && state.shares_received > 0) return `${what} cannot come with shares received`;
  return null;
}

/**
 * The message for a trade that cannot stand after defaults, else null: legs out of order, or an
 * outcome that does not fit (a share received, cash or nothing needs a recorded buy; an outcome
 * date needs an outcome, cannot be before the buy, and is a fact, so not in the future — `today`
 * is the market date; one day of slack lets a member east of New York record their own today);
 * cash only with cash in lieu or a share clawed back (the broker may pay for the share it took back);
 * a fraction kept says how much.
 */
export function checkTrade(state: TradeState, split: { effDate: string }, today: string): string | null {
  const legs = legsProblem(state.legs, split.effDate);
  if (legs) return legs;
  const buyDate = flatOf(state.legs).buy_date;
  const bought = state.legs.some((l) => l.side === 'buy');
  if (state.outcome !== 'pending' && !bought) return 'Record the buy before its outcome';
  if (state.outcome_date && state.outcome === 'pending')
    return 'Choose the outcome for its date (share received, fraction kept, cash in lieu, clawed back or no credit)';
  if (state.outcome_date && buyDate && state.outcome_date < buyDate) return 'Outcome date cannot be before the buy date';
  if (state.outcome_date && state.outcome_date > addDays(today, 1)) return 'Outcome date cannot be in the future';
  if (state.cash_in_lieu_amount !== null && state.outcome !== 'cash_in_lieu' && state.outcome !== 'clawed_back')
    return 'Cash in lieu needs the outcome Cash in lieu or Clawed back';
  if (state.outcome === 'fraction_kept' && !(state.shares_received !== null && state.shares_received > 0))
    return 'Fraction kept needs the shares received (for example 0.05)';
  return shareProblem(state, split.effDate) ?? fractionProblem(state, split.effDate);
}
