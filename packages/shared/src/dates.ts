import { TZDate } from '@date-fns/tz';
import { format, isValid, parseISO } from 'date-fns';
import { z } from 'zod';

/** Market rules run on New York time (product.md#data-rules). */
export const MARKET_TZ = 'America/New_York';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD (rejects 2025-02-30). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = parseISO(value);
  return isValid(d) && format(d, 'yyyy-MM-dd') === value;
}

export const isoDate = z.string().refine(isIsoDate, { message: 'must be a date written YYYY-MM-DD' });

/** Today's calendar date in New York, as YYYY-MM-DD. */
export function todayInMarket(now: Date = new Date()): string {
  return format(new TZDate(now.getTime(), MARKET_TZ), 'yyyy-MM-dd');
}

/** New York wall-clock time: the date and the minutes since midnight (schedules in market time). */
export function marketClock(now: Date = new Date()): { date: string; minutes: number } {
  const t = new TZDate(now.getTime(), MARKET_TZ);
  return { date: format(t, 'yyyy-MM-dd'), minutes: t.getHours() * 60 + t.getMinutes() };
}

/** Adds whole days to a YYYY-MM-DD date, in UTC arithmetic: no time-zone drift, fast for thousands of rows. */
export function addDays(date: string, days: number): string {
  return new Date(Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10) + days)).toISOString().slice(0, 10);
}

/** Whole days from a to b (b − a) for two YYYY-MM-DD dates. */
export function daysBetween(a: string, b: string): number {
  const ms =
    Date.UTC(+b.slice(0, 4), +b.slice(5, 7) - 1, +b.slice(8, 10)) - Date.UTC(+a.slice(0, 4), +a.slice(5, 7) - 1, +a.slice(8, 10));
  return Math.round(ms / 86_400_000);
}

/** Formats a YYYY-MM-DD date with a date-fns pattern, e.g. 'MMMM dd, yyyy'. */
export function formatIsoDate(date: string, pattern: string): string {
  return format(parseISO(date), pattern);
}

/** Formats an instant in New York time, e.g. for feedback times (product.md#limits). */
export function formatInMarketTz(instant: string | Date, pattern: string): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  return format(new TZDate(ms, MARKET_TZ), pattern);
}

// ---------------------------------------------------------------------------------------------
// NYSE trading days (full-day closures), by the exchange's rules rather than a list that runs out.

const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
const weekday = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).getUTCDay();

/** The n-th (1-based) given weekday (0 = Sunday) of a month; n = -1 for the last one. */
function nthWeekday(y: number, m: number, dow: number, n: number): string {
  if (n > 0) return iso(y, m, 1 + ((dow - weekday(y, m, 1) + 7) % 7) + (n - 1) * 7);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return iso(y, m, last - ((weekday(y, m, last) - dow + 7) % 7));
}

/** Easter Sunday (Gregorian, anonymous algorithm). */
function easter(y: number): [number, number] {
  const a = y % 19;
  const b = Math.floor(y / 100);
  const c = y % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return [month, day];
}

/** A fixed-date holiday: Saturday is observed on Friday, Sunday on Monday. */
function observed(y: number, m: number, d: number): string {
  const dow = weekday(y, m, d);
  return iso(y, m, d + (dow === 6 ? -1 : dow === 0 ? 1 : 0));
}

/** One-off closures the rules cannot know (national days of mourning). */
const NYSE_SPECIAL_CLOSURES = ['2018-12-05', '2025-01-09'];

/**
 * NYSE full-day holidays of a year (NYSE Rule 7.2): New Year's Day, Martin Luther King Jr. Day,
 * Washington's Birthday, Good Friday, Memorial Day, Juneteenth (from 2022), Independence Day,
 * Labor Day, Thanksgiving and Christmas, plus listed one-off closures. A New Year's Day on a
 * Saturday is not observed (the exchange stays open on 31 December).
 */
export function nyseHolidays(year: number): string[] {
  const [em, ed] = easter(year);
  const newYear = weekday(year, 1, 1) === 6 ? null : observed(year, 1, 1);
  const days = [
    newYear,
    nthWeekday(year, 1, 1, 3),
    nthWeekday(year, 2, 1, 3),
    iso(year, em, ed - 2),
    nthWeekday(year, 5, 1, -1),
    year >= 2022 ? observed(year, 6, 19) : null,
    observed(year, 7, 4),
    nthWeekday(year, 9, 1, 1),
    nthWeekday(year, 11, 4, 4),
    observed(year, 12, 25),
    ...NYSE_SPECIAL_CLOSURES.filter((d) => d.startsWith(`${year}-`)),
  ];
  return days.filter((d): d is string => d !== null).sort();
}

const holidayCache = new Map<number, Set<string>>();

/** Monday to Friday, and not an NYSE holiday. */
export function isTradingDay(date: string): boolean {
  const y = Number(date.slice(0, 4));
  const dow = weekday(y, Number(date.slice(5, 7)), Number(date.slice(8, 10)));
  if (dow === 0 || dow === 6) return false;
  let holidays = holidayCache.get(y);
  if (!holidays) {
    holidays = new Set(nyseHolidays(y));
    holidayCache.set(y, holidays);
  }
  return !holidays.has(date);
}
