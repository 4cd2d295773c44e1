import { addDays } from './dates';

/** The keys the calendar grid answers (WAI-ARIA grid pattern). */
export type CalendarKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End' | 'PageUp' | 'PageDown';

const CALENDAR_KEYS: ReadonlySet<string> = new Set<CalendarKey>([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);
export const isCalendarKey = (key: string): key is CalendarKey => CALENDAR_KEYS.has(key);

/** The same day `months` months away, or that month's last day when it is shorter (Jan 31 → Feb 28). */
export function addMonthsClamped(date: string, months: number): string {
  const m = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 + months;
  const year = Math.floor(m / 12);
  const month = m - year * 12 + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(Number(date.slice(8, 10)), lastDay);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Where focus goes in the calendar grid: arrows move by a day or a week, Home/End to the week's
 * Sunday/Saturday, PageUp/PageDown by a month (by a year with Shift).
 */
export function calendarKeyTarget(date: string, key: CalendarKey, shift = false): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'Home':
      return addDays(date, -weekday);
    case 'End':
      return addDays(date, 6 - weekday);
    case 'PageUp':
      return addMonthsClamped(date, shift ? -12 : -1);
    case 'PageDown':
      return addMonthsClamped(date, shift ? 12 : 1);
  }
}
