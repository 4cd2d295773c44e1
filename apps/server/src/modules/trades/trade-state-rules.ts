import type { TradeLeg, TradeOutcome, TradePatch } from '@roundup/shared';
import {
  checkTrade,
  flatOf,
  keptShares,
  mergeTradeEdit,
  sameLegs,
  shareProblem,
  sortLegs,
  withDefaultBuyDate,
  type TradeState,
} from './legs-rules';

/**
 * The one state machine of a trade: every path that writes one (add, edit, bulk, statement import, a
 * personal API token on any of them) asks `nextTradeState` what the stored trade becomes under a patch.
 * Pure: the split's days and today come in.
 */

const FLAT = ['buy_date', 'buy_price', 'sell_date', 'sell_price'] as const;

/** Why an account has no share for a sale to stand on: the bulk save leaves such an account out, and says so. */
export type NoShare = Extract<TradeOutcome, 'no_credit' | 'cash_in_lieu' | 'clawed_back'> | 'nothing_kept';

export interface NextTrade {
  state: TradeState;
  /** The rule the result breaks, as the member reads it; null when it stands. */
  problem: string | null;
  /** Set with `problem` when the trade holds no share for the sale or shares the patch writes. */
  noShare: NoShare | null;
}

/** More than a one-share buy and a one-share sell (the dance): the flat fields cannot say it whole. */
export function isMultiLeg(legs: readonly TradeLeg[]): boolean {
  const n = (side: string) => legs.filter((l) => l.side === side).length;
  return n('buy') > 1 || n('sell') > 1 || legs.some((l) => l.quantity !== 1);
}

const describe = (legs: readonly TradeLeg[]) =>
  legs.map((l) => `${l.side === 'buy' ? 'bought' : 'sold'} ${l.quantity}`).join(', ');

/**
 * The patch's legs, or why they cannot be. Legs sent back as stored are no change, so a trade read with GET
 * can be sent back with one flat field edited. New legs replace all, and flat values sent with them must say
 * the same (their first buy, their last sell). Flat fields that change a value write a one-share trade only:
 * on a trade of several legs they would rewrite one leg (the dance's 99-share sale) and leave the rest.
 */
function legsAfter(stored: TradeState, patch: TradePatch, buyDate: string): { legs: TradeLeg[]; problem: string | null } {
  const sent = patch.legs === undefined ? null : sortLegs(patch.legs.map((l) => ({ ...l })));
  if (sent && !sameLegs(sent, sortLegs(stored.legs))) {
    const flat = flatOf(sent);
    const dated = flatOf(withDefaultBuyDate({ ...stored, legs: sent }, buyDate).legs);
    // A null beside legs is no value (an add reads every absent field as null).
    const off = FLAT.find((k) => patch[k] != null && patch[k] !== flat[k] && patch[k] !== dated[k]);
    if (off) return { legs: sent, problem: `The legs and ${off} disagree: send the legs, or the buy and sell fields` };
    return { legs: sent, problem: null };
  }
  const now = flatOf(stored.legs);
  const changed = FLAT.filter((k) => patch[k] !== undefined && patch[k] !== now[k]);
  if (changed.length === 0) return { legs: stored.legs, problem: null };
  if (isMultiLeg(stored.legs))
    return {
      legs: stored.legs,
      problem: `This trade has several buys and sells (${describe(stored.legs)}): send all its legs, or the kept share's sale`,
    };
  const flatOnly: TradePatch = Object.fromEntries(changed.map((k) => [k, patch[k]]));
  return { legs: mergeTradeEdit({ ...stored, legs: stored.legs }, flatOnly).legs, problem: null };
}

/**
 * The kept share's sale: the sell on or after the effective date (or undated), of the shares the split left
 * (`shares_received`, 1 when not said). A sale before the split is never touched; null for both clears it.
 */
function withKeptSale(state: TradeState, patch: TradePatch, effDate: string): TradeState | null {
  if (patch.kept_sell_date === undefined && patch.kept_sell_price === undefined) return state;
  if (keptShares(state.legs, effDate) <= 0) return null;
  const at = state.legs.findLastIndex((l) => l.side === 'sell' && (l.date === null || l.date >= effDate));
  const base: TradeLeg =
    at >= 0 ? state.legs[at] : { side: 'sell', date: null, quantity: state.shares_received ?? 1, price: null };
  const leg = {
    ...base,
    date: patch.kept_sell_date === undefined ? base.date : patch.kept_sell_date,
    price: patch.kept_sell_price === undefined ? base.price : patch.kept_sell_price,
  };
  const legs = state.legs.filter((_, i) => i !== at);
  if (leg.date !== null || leg.price !== null) legs.push(leg);
  return { ...state, legs: sortLegs(legs) };
}

/** What the stored trade becomes under the patch, with its defaults, and the rule it breaks if any. */
export function nextTradeState(
  stored: TradeState,
  patch: TradePatch,
  split: { buyDate: string; effDate: string },
  today: string,
): NextTrade {
  const { legs, problem } = legsAfter(stored, patch, split.buyDate);
  const base = mergeTradeEdit(stored, { ...patch, legs });
  if (problem) return { state: base, problem, noShare: null };
  const kept = withKeptSale(base, patch, split.effDate);
  if (!kept) return { state: base, problem: 'No share was kept through the split to sell', noShare: 'nothing_kept' };
  const state = withDefaultBuyDate(kept, split.buyDate);
  const found = checkTrade(state, split, today);
  const noShare = found !== null && found === shareProblem(state, split.effDate) ? (state.outcome as NoShare) : null;
  return { state, problem: found, noShare };
}
