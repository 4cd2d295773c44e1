import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { addDays, MARKET_TZ } from './dates';
import { clockTime, closeTimeText, DEFAULT_TIME_ZONE, marketInstant, zoneLabel, type Deadline } from './deadline';

/**
 * Where a buy-by deadline stands at an instant (decision 038): the clock is an argument, so the
 * same pure rule answers the web's ticking clock, the reminders and the iCal feed, and the tests
 * drive it across early closes and daylight-saving changes.
 *
 * - `open`: more than an hour before the close; the close time is shown.
 * - `closing`: the last hour; the minutes left count down.
 * - `closed`: from the close until midnight in New York on that evening. Buying is over (an
 *   after-hours order is not a round-up buy the app can promise, and the exchange halts the stock
 *   at 7:50 pm anyway); the To do says "Missed" for accounts with no buy.
 * - `past`: the day after; the To do leaves the split out, the split still reads "Closed".
 */
export const DEADLINE_PHASES = ['open', 'closing', 'closed', 'past'] as const;
export type DeadlinePhase = (typeof DEADLINE_PHASES)[number];

/** The countdown starts this long before the close. */
export const COUNTDOWN_MINUTES = 60;

export interface DeadlineState {
  phase: DeadlinePhase;
  /** Whole minutes until the close, rounded up (1 in the last minute); null once closed. */
  minutesLeft: number | null;
}

/** The midnight (New York) that ends the buy-by session's day: the Missed line leaves then. */
export function missedUntil(d: Deadline): string {
  const session = format(new TZDate(Date.parse(d.regularClose), MARKET_TZ), 'yyyy-MM-dd');
  return marketInstant(addDays(session, 1), 0);
}

export function deadlineState(d: Deadline, now: Date): DeadlineState {
  const left = Date.parse(d.regularClose) - now.getTime();
  if (left > 0) {
    const minutesLeft = Math.ceil(left / 60_000);
    return { phase: minutesLeft > COUNTDOWN_MINUTES ? 'open' : 'closing', minutesLeft };
  }
  return { phase: now.getTime() < Date.parse(missedUntil(d)) ? 'closed' : 'past', minutesLeft: null };
}

/** Whether the buy-by deadline has passed at `now`. */
export const isClosed = (d: Deadline, now: Date) => Date.parse(d.regularClose) <= now.getTime();

/** "Closed 1:00 pm ET: too late to buy" (the split's own close, on the exchange's clock). */
export function closedText(d: Deadline): string {
  return `Closed ${clockTime(d.regularClose, MARKET_TZ)} ${zoneLabel(MARKET_TZ, new Date(d.regularClose))}: too late to buy`;
}

/** "Closes in 42 min" in the last hour, "Closes in 1 min" at the end. */
export const countdownText = (minutesLeft: number) => `Closes in ${minutesLeft} min`;

/**
 * The deadline as it reads at `now`, for a line that is about buying (To do, Record Trades):
 * before the close "Buy by 4:00 pm ET (1:00 pm PT)", in the last hour with "· Closes in 42 min"
 * after it, and after the close "Closed 1:00 pm ET: too late to buy".
 */
export function liveDeadlineText(d: Deadline, now: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const state = deadlineState(d, now);
  if (state.minutesLeft === null) return closedText(d);
  const by = `Buy by ${closeTimeText(d, timeZone)}`;
  return state.phase === 'closing' ? `${by} · ${countdownText(state.minutesLeft)}` : by;
}
