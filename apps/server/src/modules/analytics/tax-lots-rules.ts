import { priceToTicks } from '@roundup/shared';
import { isResolvingOutcome, legTicks, microShares } from '@roundup/shared/trade-result';
import { legsOf, type LegIn, type SplitIn, type TradeIn } from './rules';

/**
 * One taxable sale of a trade, amounts in ticks: the shares' proceeds and the basis
 * they carry. Pure: takes the trade and its split.
 */
export interface LotSale {
  kind: 'sale' | 'cash_in_lieu' | 'no_credit' | 'clawed_back';
  quantity: number;
  /** The day the shares sold were bought; null when they were bought on several days (VARIOUS). */
  acquired: string | null;
  sold: string;
  proceedsTicks: number;
  basisTicks: number;
}

/** A lot's shares are counted in millionths, so a fraction kept and its sale take exactly. */
interface Lot {
  date: string | null;
  quantity: number;
  basis: number;
}

/** Takes `quantity` shares from the lots, oldest first; each lot's basis is shared out by its shares. */
function take(lots: Lot[], quantity: number): { basis: number; acquired: string | null } {
  let basis = 0;
  const days = new Set<string | null>();
  let left = quantity;
  while (left > 0 && lots.length > 0) {
    const lot = lots[0];
    const n = Math.min(left, lot.quantity);
    const part = n === lot.quantity ? lot.basis : Math.round((lot.basis * n) / lot.quantity);
    basis += part;
    days.add(lot.date);
    lot.basis -= part;
    lot.quantity -= n;
    left -= n;
    if (lot.quantity === 0) lots.shift();
  }
  return { basis, acquired: days.size === 1 ? [...days][0] : null };
}

const ticks = (l: LegIn) => legTicks(l.quantity, priceToTicks(l.price) ?? 0);

/**
 * A trade's sales for Form 8949. The buys are lots, used oldest first. A sale before the effective
 * date (the dance's 99 shares) is its own row with its own dates and basis. At the split the kept
 * shares become `shares_received` (1 when not said and the share came or may come), which carry
 * the kept basis and its acquisition date into the later sales, each sale taking its share of it.
 * Cash in lieu is a sale of the fraction: the cash, with the basis of the part that became cash
 * (all of it when no whole share came; by the ratio when some did). Nothing credited is a
 * disposal for nothing. A share clawed back is a disposal on the day it was taken, for the cash paid
 * for it if any, with the whole kept basis. A fraction kept carries the kept basis into its sale.
 * A trade with an unpriced buy has no known basis and gives no rows.
 */
export function lotSales(t: TradeIn, split: SplitIn & { ratio?: number }): LotSale[] {
  const legs = legsOf(t);
  if (legs.some((l) => l.side === 'buy' && l.price === null)) return [];
  const lots: Lot[] = legs
    .filter((l) => l.side === 'buy')
    .map((l) => ({ date: l.date, quantity: microShares(l.quantity), basis: ticks(l) }));
  const out: LotSale[] = [];
  const sells = legs.filter((l) => l.side === 'sell' && l.price !== null);
  for (const l of sells.filter((s) => s.date !== null && s.date < split.effDate)) {
    const { basis, acquired } = take(lots, microShares(l.quantity));
    out.push({ kind: 'sale', quantity: l.quantity, acquired, sold: l.date!, proceedsTicks: ticks(l), basisTicks: basis });
  }
  const kept = lots.reduce((n, l) => n + l.quantity, 0);
  if (kept <= 0) return out;
  const { basis: keptBasis, acquired } = take(lots, kept);
  const outcome = t.outcome ?? 'pending';
  const resolved = isResolvingOutcome(outcome);
  const shares = microShares(t.sharesReceived ?? (resolved ? 0 : 1));
  const resolvedOn = t.outcomeDate ?? split.effDate;
  let sharesBasis = keptBasis;
  if (resolved && shares === 0) sharesBasis = 0;
  else if (outcome === 'cash_in_lieu' && split.ratio) {
    const whole = kept / split.ratio;
    sharesBasis = whole > shares ? Math.round((keptBasis * shares) / whole) : keptBasis;
  }
  if (resolved && keptBasis - sharesBasis > 0) {
    const cash = outcome === 'no_credit' ? 0 : (priceToTicks(t.cashInLieu) ?? 0);
    out.push({
      kind: outcome as LotSale['kind'],
      quantity: 0,
      acquired,
      sold: resolvedOn,
      proceedsTicks: cash,
      basisTicks: keptBasis - sharesBasis,
    });
  }
  const pool: Lot[] = shares > 0 ? [{ date: acquired, quantity: shares, basis: sharesBasis }] : [];
  for (const l of sells.filter((s) => s.date === null || s.date >= split.effDate)) {
    const { basis } = take(pool, microShares(l.quantity));
    out.push({
      kind: 'sale',
      quantity: l.quantity,
      acquired,
      sold: l.date ?? split.effDate,
      proceedsTicks: ticks(l),
      basisTicks: basis,
    });
  }
  return out;
}
