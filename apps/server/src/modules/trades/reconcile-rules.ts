import { addDays } from '@roundup/shared';

/** Days to wait for an outcome when the broker has no measured median. */
export const DEFAULT_OUTCOME_DAYS = 5;

/**
 * The day after which a bought account with no outcome belongs in To do: the split's market
 * (effective) date plus N, N the broker's measured median days to the share rounded up, else 5.
 */
export function outcomeDueDate(marketDate: string, medianReturnDays: number | null): string {
  const n = medianReturnDays === null ? DEFAULT_OUTCOME_DAYS : Math.max(0, Math.ceil(medianReturnDays));
  return addDays(marketDate, n);
}

/** Pure (takes `today`): a pending trade is overdue once today is past its due date. */
export function outcomeOverdue(
  t: { outcome: string; marketDate: string; medianReturnDays: number | null },
  today: string,
): boolean {
  return t.outcome === 'pending' && today > outcomeDueDate(t.marketDate, t.medianReturnDays);
}

/** A cash-in-lieu outcome on a split that rounded up (Round Up, or Round Lot's raise to 100): the broker may owe the member shares. */
export function mayOweShare(t: { outcome: string; rsType: string | null }): boolean {
  return t.outcome === 'cash_in_lieu' && (t.rsType === 'Round Up' || t.rsType === 'Round Lot');
}

/** One digest line: a split, a broker, how many of the member's accounts. */
export interface ReconcileLine {
  splitId: string;
  ticker: string;
  broker: string;
  accounts: number;
}

/** The weekly digest's lines (decision 031): To do's lines, received shares and fractions still held, shares clawed back this week. */
export interface ReconcileDigest {
  overdue: (ReconcileLine & { dueDate: string })[];
  mayBeOwed: ReconcileLine[];
  unsold: ReconcileLine[];
  clawedBack: ReconcileLine[];
}

/** A share or a fraction the split left that the member still holds: something to sell. */
export const holdsSomethingToSell = (outcome: string) => outcome === 'share_received' || outcome === 'fraction_kept';

/** A share taken back in the week up to `today` (the digest's week): the member may ask the broker about it. */
export function clawedBackThisWeek(t: { outcome: string; outcomeDate: string | null }, today: string): boolean {
  return t.outcome === 'clawed_back' && t.outcomeDate !== null && t.outcomeDate > addDays(today, -7) && t.outcomeDate <= today;
}
