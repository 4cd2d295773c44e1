import { closeMinutes, isTradingDay, OPEN_MINUTES } from '@roundup/shared';

// When each daily job is due, on New York's wall clock: pure, table-tested with the other notification rules.

/** How long before the close the second buy-day reminder goes out. */
export const CLOSE_REMINDER_LEAD_MINUTES = 60;

export type ScheduleJob = 'buy' | 'buyClose' | 'sell' | 'digest';

/**
 * The schedules due at a New York wall-clock time (each runs once a day: the caller claims it).
 * Sell reminders every day from 08:00. On trading days, the buy-day reminders: `buy` from the open
 * (9:30) and `buyClose` from an hour before the close (3:00 pm, noon on early-close days); neither
 * once the session has closed, when it is too late to buy. The weekly reconciliation digest
 * (`digest`) on Mondays from 08:00 (decision 031).
 */
export function dueSchedules(input: { marketDate: string; marketMinutes: number }): ScheduleJob[] {
  const m = input.marketMinutes;
  const out: ScheduleJob[] = [];
  if (isTradingDay(input.marketDate)) {
    const close = closeMinutes(input.marketDate);
    if (m >= OPEN_MINUTES && m < close) out.push('buy');
    if (m >= close - CLOSE_REMINDER_LEAD_MINUTES && m < close) out.push('buyClose');
  }
  if (m >= 8 * 60) out.push('sell');
  if (m >= 8 * 60 && isDigestDay(input.marketDate)) out.push('digest');
  return out;
}

/** The weekly digest goes out on Mondays (New York date), whether or not the market is open. */
export function isDigestDay(marketDate: string): boolean {
  return new Date(`${marketDate}T12:00:00Z`).getUTCDay() === 1;
}
