import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { z } from 'zod';
import { addDays, isTradingDay, MARKET_TZ } from './dates';

/**
 * The buy-by deadline to the minute (decision 021): the regular close of the buy-by
 * session on the exchange's clock, and the after-hours halt Nasdaq and the NYSE group apply on the
 * evening before a reverse split. Pure: no clock; New York wall time → UTC through @date-fns/tz, so
 * daylight-saving changes come from the time-zone database, never from a hand-written offset.
 */

/** Where a split's shares are listed (`exchange`; null = not known yet). */
export const EXCHANGES = ['Nasdaq', 'NYSE', 'NYSE American', 'OTC'] as const;
export type Exchange = (typeof EXCHANGES)[number];

/** The listings whose exchange halts after-hours trading at 7:50 pm before a reverse split (NYSE American is NYSE group). */
export const HALTING_EXCHANGES: readonly Exchange[] = ['Nasdaq', 'NYSE', 'NYSE American'];

/** Regular close (4:00 pm New York), the early close (1:00 pm) and the pre-split halt (7:50 pm), in minutes after midnight. */
export const REGULAR_CLOSE_MINUTES = 16 * 60;
export const EARLY_CLOSE_MINUTES = 13 * 60;
export const HALT_MINUTES = 19 * 60 + 50;
/** The regular open (9:30 am New York): the buy-day reminder goes out then. */
export const OPEN_MINUTES = 9 * 60 + 30;

export const deadlineSchema = z.object({
  /** Close of the buy-by session (UTC ISO-8601 instant). */
  regularClose: z.string(),
  /** 7:50 pm New York on the buy-by evening for Nasdaq and NYSE-group listings; null otherwise. */
  haltAt: z.string().nullable(),
});
export type Deadline = z.infer<typeof deadlineSchema>;

/** What a whole split row carries (splitSchema); a masked row carries neither (decision 011). */
export const splitDeadlineFields = {
  /** Where the shares are listed; null while unknown. */
  exchange: z.enum(EXCHANGES).nullable(),
  /** The buy-by deadline to the minute. */
  deadline: deadlineSchema,
};

/**
 * `newTicker.exchange` (POST /api/rs/add and /edit): left out, unknown on add and unchanged on edit;
 * null clears it; an empty string (the form's "Unknown") is null.
 */
export const exchangeInput = z.preprocess(
  (v) => (v === '' ? null : v),
  z.enum(EXCHANGES, { error: `Exchange must be one of ${EXCHANGES.join(', ')}` }).nullish(),
);

const dow = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The fourth Thursday of November. */
function thanksgiving(year: number): string {
  const first = `${year}-11-01`;
  return addDays(first, ((4 - dow(first) + 7) % 7) + 21);
}

/**
 * The exchange's early-close (1:00 pm) days of a year, by the NYSE/Nasdaq published rules: the
 * day after Thanksgiving; Christmas Eve when it falls Monday to Thursday (a Friday Christmas Eve is
 * the observed Christmas holiday); July 3 when it falls Monday to Thursday (a Friday July 3 is the
 * observed Independence Day). Any of them that is a closure (a day of mourning) stays closed.
 */
export function earlyCloseDays(year: number): string[] {
  const days = [addDays(thanksgiving(year), 1)];
  for (const d of [`${year}-07-03`, `${year}-12-24`]) if (dow(d) >= 1 && dow(d) <= 4) days.push(d);
  return days.filter(isTradingDay).sort();
}

export function isEarlyClose(date: string): boolean {
  return earlyCloseDays(Number(date.slice(0, 4))).includes(date);
}

/** The session a buy-by date stands for: the day itself, or the last trading day before it when it is not one. */
export function buySession(buyDate: string): string {
  let d = buyDate;
  while (!isTradingDay(d)) d = addDays(d, -1);
  return d;
}

/** A New York wall-clock time on `date` as a UTC instant (ISO-8601 with Z). */
export function marketInstant(date: string, minutes: number): string {
  const t = new TZDate(
    +date.slice(0, 4),
    +date.slice(5, 7) - 1,
    +date.slice(8, 10),
    Math.floor(minutes / 60),
    minutes % 60,
    MARKET_TZ,
  );
  return new Date(t.getTime()).toISOString();
}

/** Minutes after midnight (New York) of a session's close. */
export const closeMinutes = (session: string) => (isEarlyClose(session) ? EARLY_CLOSE_MINUTES : REGULAR_CLOSE_MINUTES);

const cache = new Map<string, Deadline>();

/** The deadline of a split bought by `buyDate` on `exchange` (see the file comment). */
export function splitDeadline(buyDate: string, exchange: Exchange | null): Deadline {
  const key = `${buyDate}|${exchange ?? ''}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const session = buySession(buyDate);
  const out = {
    regularClose: marketInstant(session, closeMinutes(session)),
    haltAt: exchange && HALTING_EXCHANGES.includes(exchange) ? marketInstant(session, HALT_MINUTES) : null,
  };
  if (cache.size > 10_000) cache.clear();
  cache.set(key, out);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Members' time zones and how a deadline reads
// ---------------------------------------------------------------------------------------------

export const DEFAULT_TIME_ZONE = MARKET_TZ;

/** Whether this runtime knows `name` as an IANA time zone (Region/City, or UTC). */
export function isTimeZone(name: string): boolean {
  if (!/^(?:[A-Za-z][A-Za-z0-9_+-]*)(?:\/[A-Za-z0-9_+-]+){0,2}$/.test(name) || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string({ error: 'Time zone is required' })
  .trim()
  .refine(isTimeZone, { message: 'Time zone must be an IANA time zone name such as America/Chicago' });

/** A short name for a zone at an instant: "ET", "PT"; "GMT+1" where no short generic name exists. */
export function zoneLabel(timeZone: string, at: Date): string {
  const part = (style: 'shortGeneric' | 'short') =>
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: style }).formatToParts(at).find((p) => p.type === 'timeZoneName')
      ?.value ?? '';
  const generic = part('shortGeneric');
  return /^[A-Z]{1,5}$/.test(generic) ? generic : part('short');
}

/** "4:00 pm" in `timeZone`. */
export function clockTime(instant: string, timeZone: string): string {
  return format(new TZDate(Date.parse(instant), timeZone), 'h:mm a').toLowerCase();
}

/**
 * The close in New York time, and in the member's own zone when its clock differs:
 * "4:00 pm ET (1:00 pm PT)"; the member's weekday is added when it is another day there.
 */
export function closeTimeText(d: Deadline, timeZone: string = DEFAULT_TIME_ZONE): string {
  const at = new Date(d.regularClose);
  const ny = clockTime(d.regularClose, MARKET_TZ);
  const own = clockTime(d.regularClose, timeZone);
  const nyDay = format(new TZDate(at.getTime(), MARKET_TZ), 'EEE');
  const ownDay = format(new TZDate(at.getTime(), timeZone), 'EEE');
  const mine =
    own === ny && ownDay === nyDay ? '' : ` (${own} ${zoneLabel(timeZone, at)}${ownDay === nyDay ? '' : ` ${ownDay}`})`;
  return `${ny} ${zoneLabel(MARKET_TZ, at)}${mine}`;
}

/**
 * How a deadline reads everywhere (calendar, tables, split page, alerts, iCal):
 * "Buy by 4:00 pm ET (1:00 pm PT) Thu Dec 11; halt 7:50 pm ET".
 */
export function deadlineText(d: Deadline, timeZone: string = DEFAULT_TIME_ZONE): string {
  const day = format(new TZDate(Date.parse(d.regularClose), MARKET_TZ), 'EEE MMM d');
  const halt = d.haltAt ? `; halt ${clockTime(d.haltAt, MARKET_TZ)} ${zoneLabel(MARKET_TZ, new Date(d.haltAt))}` : '';
  return `Buy by ${closeTimeText(d, timeZone)} ${day}${halt}`;
}
