import { z } from 'zod';
import { addDays, formatInMarketTz, formatIsoDate, isIsoDate, isTradingDay } from './dates';

/**
 * Checks of a split's terms against the exchange calendar, and the record of a
 * change of terms after publication that members see on the split. Pure: no clock, no database.
 */

/** A problem (or warning) about one field of a split, worded for the admin. */
export interface FieldProblem {
  path?: string;
  msg: string;
}

const DATE_LABELS = { buyDate: 'Buy-by date', effDate: 'Effective date' } as const;

/** Why `date` is not a trading day ('a Saturday', 'an exchange holiday'), or null when it is one. */
export function notTradingReason(date: string): string | null {
  if (!isIsoDate(date) || isTradingDay(date)) return null;
  const dow = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (dow === 6) return 'a Saturday';
  if (dow === 0) return 'a Sunday';
  return 'an exchange holiday (the market is closed)';
}

/**
 * The buy-by and effective dates that are not trading days (NYSE calendar, packages/shared
 * dates.ts), each with its reason: "Buy-by date Nov 28, 2026 is a Saturday, not a trading day".
 */
export function tradingDayProblems(s: { buyDate?: string | null; effDate?: string | null }): FieldProblem[] {
  const out: FieldProblem[] = [];
  for (const key of ['buyDate', 'effDate'] as const) {
    const date = s[key];
    const reason = date ? notTradingReason(date) : null;
    if (date && reason)
      out.push({ path: key, msg: `${DATE_LABELS[key]} ${formatIsoDate(date, 'MMM d, yyyy')} is ${reason}, not a trading day` });
  }
  return out;
}

/** The trading day nearest `date` (the earlier on a tie: a buy-by date moves back rather than past the split). */
export function nearestTradingDay(date: string): string {
  if (isTradingDay(date)) return date;
  for (let i = 1; i < 30; i++) {
    if (isTradingDay(addDays(date, -i))) return addDays(date, -i);
    if (isTradingDay(addDays(date, i))) return addDays(date, i);
  }
  return date;
}

export const PRICE_PROBLEM =
  'The price is missing or $0: members would read an estimated profit of $0.00. Enter the share price.';

/**
 * The one gate before a split reaches members (decision 038), the same for a split typed by hand
 * (an Upcoming add or edit) and an accepted discovery proposal: a price above $0, and buy-by and
 * effective dates on trading days of the exchange, each naming the nearest trading day.
 */
export function publicationProblems(s: {
  price?: number | null;
  buyDate?: string | null;
  effDate?: string | null;
}): FieldProblem[] {
  const out: FieldProblem[] = [];
  if (!(typeof s.price === 'number' && s.price > 0)) out.push({ path: 'price', msg: PRICE_PROBLEM });
  for (const p of tradingDayProblems(s)) {
    const date = s[p.path as 'buyDate' | 'effDate']!;
    out.push({ ...p, msg: `${p.msg}: the nearest trading day is ${formatIsoDate(nearestTradingDay(date), 'EEE MMM d, yyyy')}` });
  }
  return out;
}

/** The last trading day before the effective (market) date: the day to buy by. */
export function lastSessionBefore(effDate: string): string {
  let d = addDays(effDate, -1);
  while (!isTradingDay(d)) d = addDays(d, -1);
  return d;
}

/**
 * What the admin's split form warns about (a warning, never a block: /api/rs/add and /edit take
 * what SPEC allows): dates that are not trading days, and a buy-by date that is not the last
 * session before the effective date.
 */
export function splitDateWarnings(s: { buyDate?: string | null; effDate?: string | null }): FieldProblem[] {
  const out = tradingDayProblems(s);
  if (out.length > 0 || !s.buyDate || !s.effDate || !isIsoDate(s.buyDate) || !isIsoDate(s.effDate)) return out;
  const expected = lastSessionBefore(s.effDate);
  if (s.buyDate < s.effDate && s.buyDate !== expected)
    out.push({
      path: 'buyDate',
      msg: `The last trading day before the effective date is ${formatIsoDate(expected, 'MMM d, yyyy')}, not ${formatIsoDate(s.buyDate, 'MMM d, yyyy')}`,
    });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Changes of terms after publication (decision 025)

/** The terms members act on: a change of one after publication is recorded and shown on the split. */
export const SPLIT_TERMS = ['buyDate', 'effDate', 'ratio', 'rsType'] as const;
export type SplitTerm = (typeof SPLIT_TERMS)[number];

/** One change of one term: the old and new value and when it was made (ISO instant). */
export const splitChangeSchema = z.object({
  field: z.enum(SPLIT_TERMS),
  from: z.union([z.string(), z.number()]),
  to: z.union([z.string(), z.number()]),
  at: z.string(),
});
export type SplitChange = z.infer<typeof splitChangeSchema>;

const TERM_NAMES: Record<SplitTerm, string> = {
  buyDate: 'Buy-by date',
  effDate: 'Effective date',
  ratio: 'Ratio',
  rsType: 'Rounding',
};

const showTerm = (field: SplitTerm, v: string | number) =>
  field === 'ratio' ? `1-for-${v}` : field === 'buyDate' || field === 'effDate' ? formatIsoDate(String(v), 'MMM d') : String(v);

/** "Ratio changed from 1-for-30 to 1-for-35 on Nov 26" (the day in New York time). */
export function describeChange(c: SplitChange): string {
  return `${TERM_NAMES[c.field]} changed from ${showTerm(c.field, c.from)} to ${showTerm(c.field, c.to)} on ${formatInMarketTz(c.at, 'MMM d')}`;
}

/** The changed terms between two versions of a split, in SPLIT_TERMS order (empty when none changed). */
export function termChanges(
  before: Record<SplitTerm, string | number>,
  after: Record<SplitTerm, string | number>,
): { field: SplitTerm; from: string | number; to: string | number }[] {
  return SPLIT_TERMS.filter((k) => before[k] !== after[k]).map((k) => ({ field: k, from: before[k], to: after[k] }));
}
