/** Pure affiliate rules (table-tested in rules.test.ts). */
import { LIMITS } from '@roundup/shared';

export const COMMISSION_PCT = LIMITS.affiliateCommissionPct;

/** 20% of a paid amount in cents, rounded half up to a whole cent. */
export function commissionCents(amountPaidCents: number): number {
  if (!Number.isFinite(amountPaidCents) || amountPaidCents <= 0) return 0;
  return Math.round((amountPaidCents * COMMISSION_PCT) / 100);
}

export interface CommissionRow {
  amountCents: number;
  status: string;
  /** YYYY-MM of when it was earned. */
  month: string;
}

export interface Totals {
  earned: number;
  pending: number;
  paid: number;
}

/** Earned = every commission not reversed; pending = earned but not yet paid out; amounts in cents. */
export function totalsOf(rows: readonly CommissionRow[]): Totals {
  const t: Totals = { earned: 0, pending: 0, paid: 0 };
  for (const r of rows) {
    if (r.status === 'reversed') continue;
    t.earned += r.amountCents;
    if (r.status === 'paid') t.paid += r.amountCents;
    else t.pending += r.amountCents;
  }
  return t;
}

/** One row per month (newest first) with its totals and how many commissions it holds. */
export function monthlyRows(rows: readonly CommissionRow[]): (Totals & { month: string; count: number })[] {
  const by = new Map<string, CommissionRow[]>();
  for (const r of rows) by.set(r.month, [...(by.get(r.month) ?? []), r]);
  return [...by.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([month, list]) => ({ month, count: list.filter((r) => r.status !== 'reversed').length, ...totalsOf(list) }));
}
