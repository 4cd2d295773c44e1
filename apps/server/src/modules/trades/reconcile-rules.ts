import { addDays } from '@roundup/shared';

/** Issue 26 §6: days to wait for an outcome when the broker has no measured median. */
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

/** The weekly digest's lines (decision 031): To do's lines plus received shares still held. */
export interface ReconcileDigest {
  overdue: (ReconcileLine & { dueDate: string })[];
  mayBeOwed: ReconcileLine[];
  unsold: ReconcileLine[];
}
