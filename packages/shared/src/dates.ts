import { TZDate } from '@date-fns/tz';
import { addDays as addDaysFns, format, isValid, parseISO } from 'date-fns';
import { z } from 'zod';

/** Market rules run on New York time (DESIGN §5). */
export const MARKET_TZ = 'America/New_York';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD (rejects 2025-02-30). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = parseISO(value);
  return isValid(d) && format(d, 'yyyy-MM-dd') === value;
}

export const isoDate = z
  .string()
  .refine(isIsoDate, { message: 'must be a date written YYYY-MM-DD' });

/** Today's calendar date in New York, as YYYY-MM-DD. */
export function todayInMarket(now: Date = new Date()): string {
  return format(new TZDate(now.getTime(), MARKET_TZ), 'yyyy-MM-dd');
}

/** Adds whole days to a YYYY-MM-DD date, with no time-zone drift. */
export function addDays(date: string, days: number): string {
  return format(addDaysFns(parseISO(date), days), 'yyyy-MM-dd');
}

/** Whole days from a to b (b − a) for two YYYY-MM-DD dates. */
export function daysBetween(a: string, b: string): number {
  const ms = Date.UTC(+b.slice(0, 4), +b.slice(5, 7) - 1, +b.slice(8, 10)) -
    Date.UTC(+a.slice(0, 4), +a.slice(5, 7) - 1, +a.slice(8, 10));
  return Math.round(ms / 86_400_000);
}

/** Formats a YYYY-MM-DD date with a date-fns pattern, e.g. 'MMMM dd, yyyy'. */
export function formatIsoDate(date: string, pattern: string): string {
  return format(parseISO(date), pattern);
}

/** Formats an instant in New York time, e.g. for feedback times (SPEC §9). */
export function formatInMarketTz(instant: string | Date, pattern: string): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  return format(new TZDate(ms, MARKET_TZ), pattern);
}
