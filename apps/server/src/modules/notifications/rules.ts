import { isAnnounceable } from '../splits/rules';
import {
  addDays,
  clockTime,
  EXCHANGES,
  isClosed,
  MARKET_TZ,
  splitDeadline,
  type Exchange,
  isTradingDay,
  PERMISSIONS,
  smsSegmentCount,
  type Notifications,
  type Role,
} from '@roundup/shared';

/**
 * Who gets which event on which channel. Pure: table-tested in rules.test.ts,
 * and the repo builds its fan-out SQL from the same plans, so the two cannot drift.
 */
export type EventKind =
  | 'rsa'
  | 'upcomingRsa'
  | 'termsChanged'
  | 'splitConfirmed'
  | 'buyReminder'
  | 'buyReminderClose'
  | 'sellReminder'
  | 'reconcileDigest'
  | 'general'
  | 'newsletter'
  | 'adminSms'
  | 'paymentFailed'
  | 'watchlistProposed'
  | 'splitVerdict';
export type Channel = 'email' | 'sms' | 'whatsapp' | 'discord' | 'push';
export type PersonalChannel = Exclude<Channel, 'discord'>;

export interface AudiencePlan {
  /** The preference that must be on (null: none, e.g. an admin SMS). */
  pref: keyof Notifications | null;
  /** A second preference that must be on too (which buy-day reminder: at the open, before the close). */
  also?: keyof Notifications;
  /** Only roles holding 'alerts:pro' (Member, Pro, Admin). */
  proOnly: boolean;
  /** Per channel: the preference that must also be on (null: always), or absent = never on this channel. */
  channels: Partial<Record<PersonalChannel, keyof Notifications | null>>;
  /** The one-click unsubscribe category for email (the preference it turns off). */
  unsubscribe: keyof Notifications | null;
  /**
   * An account notice (a failed payment), not an alert: it goes to the account's email whether or not
   * the address was verified, like a receipt, and has no unsubscribe link (decision 040).
   */
  account?: true;
}

// Web push (decision 026) has no preference of its own: turning it on in a browser is the opt-in, per device.
const ALERT_CHANNELS = { email: 'rsaEmail', sms: 'rsaSMS', whatsapp: 'rsaWhatsapp', push: null } as const;

export const PLANS: Record<EventKind, AudiencePlan> = {
  rsa: { pref: 'rsa', proOnly: true, channels: ALERT_CHANNELS, unsubscribe: 'rsa' },
  upcomingRsa: { pref: 'upcomingRsa', proOnly: true, channels: ALERT_CHANNELS, unsubscribe: 'upcomingRsa' },
  // A new date or ratio for a split the member holds: with their upcoming-split alerts, to the holders only.
  termsChanged: { pref: 'upcomingRsa', proOnly: true, channels: ALERT_CHANNELS, unsubscribe: 'upcomingRsa' },
  // A second source confirmed a split the member holds: once, to the holders only.
  splitConfirmed: { pref: 'upcomingRsa', proOnly: true, channels: ALERT_CHANNELS, unsubscribe: 'upcomingRsa' },
  // Buy-day reminders: at the open, and an hour before the close; the member picks which.
  buyReminder: {
    pref: 'buyReminderRsa',
    also: 'buyReminderOpen',
    proOnly: true,
    channels: ALERT_CHANNELS,
    unsubscribe: 'buyReminderRsa',
  },
  buyReminderClose: {
    pref: 'buyReminderRsa',
    also: 'buyReminderClose',
    proOnly: true,
    channels: ALERT_CHANNELS,
    unsubscribe: 'buyReminderRsa',
  },
  sellReminder: { pref: 'sellRsa', proOnly: true, channels: ALERT_CHANNELS, unsubscribe: 'sellRsa' },
  // The weekly reconciliation digest (decision 031): opt-in, by email only, to members who record trades.
  reconcileDigest: { pref: 'reconcileDigest', proOnly: true, channels: { email: null }, unsubscribe: 'reconcileDigest' },
  general: {
    pref: 'generalRsa',
    proOnly: false,
    channels: { email: null, sms: 'rsaSMS', whatsapp: 'rsaWhatsapp' },
    unsubscribe: 'generalRsa',
  },
  newsletter: { pref: 'newsletter', proOnly: false, channels: { email: null }, unsubscribe: 'newsletter' },
  adminSms: { pref: null, proOnly: false, channels: { sms: 'rsaSMS' }, unsubscribe: null },
  // Three members report the same outcome at a broker (decision 044): to the Pro members still pending there.
  splitVerdict: { pref: 'verdicts', proOnly: true, channels: ALERT_CHANNELS, unsubscribe: 'verdicts' },
  // A renewal whose payment failed (decision 040): raised for its one member by billing, never fanned out.
  // Email always; SMS, WhatsApp and push when the member has those channels on.
  paymentFailed: {
    pref: null,
    proOnly: false,
    channels: { email: null, sms: 'rsaSMS', whatsapp: 'rsaWhatsapp', push: null },
    unsubscribe: null,
    account: true,
  },
  // A split proposed by an issuer the member follows on the deficiency watchlist: once, to its followers only.
  watchlistProposed: { pref: 'upcomingRsa', proOnly: true, channels: ALERT_CHANNELS, unsubscribe: 'upcomingRsa' },
};

export const PRO_ROLES: readonly Role[] = PERMISSIONS['alerts:pro'];

export interface Recipient {
  role: Role | string;
  disabled?: boolean;
  email: string | null;
  /** Alerts and announcements go only to a verified address (account emails do not use this queue). */
  email_validated: boolean;
  phone: string | null;
  phone_validated: boolean;
  notifications: Notifications;
  /** The member's own time zone (IANA), for deadlines in their messages; New York when unknown. */
  timeZone?: string;
}

/** How a preference reads in the delivery log ("Turned off …"). */
const PREF_NAMES: Record<keyof Notifications, string> = {
  rsa: 'new split alerts',
  upcomingRsa: 'upcoming split alerts',
  buyReminderRsa: 'buy reminders',
  sellRsa: 'sell reminders',
  generalRsa: 'general announcements',
  newsletter: 'the newsletter',
  rsaWhatsapp: 'WhatsApp',
  rsaSMS: 'SMS',
  rsaEmail: 'email alerts',
  buyReminderOpen: 'buy reminders at the open',
  buyReminderClose: 'buy reminders before the close',
  reconcileDigest: 'the weekly reconciliation digest',
  verdicts: 'what members report at your broker',
};

/**
 * Why `user` must not get `kind` on `channel` now, or null when they should. The one rule of who
 * gets what: fan-out (channelsFor; the repo's SQL is built from the same PLANS) and the worker's
 * re-check before each send (a member who turned it off, unsubscribed, lost Pro, was disabled or
 * lost their validated phone after the message was queued is skipped, not sent). Email goes only to a
 * verified address.
 */
export function ineligibility(
  user: Recipient,
  kind: EventKind,
  channel: PersonalChannel,
  opts: { proOnlyAudience?: boolean } = {},
): string | null {
  const plan = PLANS[kind];
  if (user.disabled) return 'Account disabled';
  if ((plan.proOnly || opts.proOnlyAudience) && !PRO_ROLES.includes(user.role as Role)) return 'Not a Pro member';
  if (plan.pref && !user.notifications[plan.pref]) return `Turned off ${PREF_NAMES[plan.pref]}`;
  if (plan.also && !user.notifications[plan.also]) return `Turned off ${PREF_NAMES[plan.also]}`;
  if (!(channel in plan.channels)) return `Not sent by ${channel}`;
  const pref = plan.channels[channel];
  if (pref && !user.notifications[pref]) return `Turned off ${PREF_NAMES[pref]}`;
  // Push goes to the member's devices: whether the device is still subscribed is checked with it (push-delivery.ts).
  if (channel === 'push') return null;
  if (channel === 'email')
    return !user.email ? 'No email address' : user.email_validated || plan.account ? null : 'Email not verified';
  if (!user.phone) return 'No phone number';
  return user.phone_validated ? null : 'Phone not validated';
}

/** The events whose message announces splits (their payload names them; repo.ts SPLIT_IDS_SQL reads the ids). */
export const SPLIT_KINDS: readonly EventKind[] = ['rsa', 'upcomingRsa', 'splitConfirmed', 'buyReminder', 'buyReminderClose'];

export const SPLIT_NOT_PUBLIC = 'Split no longer public';

/**
 * Why a message about splits must not go out now, or null: the worker's re-check before each send
 * (member and Discord deliveries alike). A split is announced only while `isAnnounceable` (Upcoming,
 * not archived: Approved splits are not public), so an alert or buy reminder queued for a split that an admin has since
 * moved back to Approved (or on to Complete), archived or deleted (`status` null) is skipped.
 * Sell reminders are not split announcements: they list the member's own open positions and still
 * go out when the split was archived (its trades are theirs).
 */
export function splitIneligibility(
  kind: EventKind,
  splits: readonly { status: string | null; archived: boolean; buyDate?: string | null; exchange?: string | null }[],
  now?: Date,
): string | null {
  if (!SPLIT_KINDS.includes(kind)) return null;
  if (splits.length === 0) return SPLIT_NOT_PUBLIC;
  if (!splits.every((s) => s.status !== null && isAnnounceable({ status: s.status, archived: s.archived })))
    return SPLIT_NOT_PUBLIC;
  return now && BUY_REMINDER_KINDS.includes(kind) ? reminderTooLate(splits, now) : null;
}

export const BUY_REMINDER_KINDS: readonly EventKind[] = ['buyReminder', 'buyReminderClose'];

/**
 * A buy reminder says "Buy today … by 1:00 pm ET": once every split it names is past its buy-by
 * deadline it would tell members to do what they no longer can (a worker that was down, a retry),
 * so it is skipped with the close it missed.
 */
export function reminderTooLate(splits: readonly { buyDate?: string | null; exchange?: string | null }[], now: Date) {
  const deadlines = splits.filter((s) => s.buyDate).map((s) => splitDeadline(String(s.buyDate), asExchange(s.exchange)));
  if (deadlines.length === 0 || !deadlines.every((d) => isClosed(d, now))) return null;
  return `The buy-by deadline passed (${clockTime(deadlines[0].regularClose, MARKET_TZ)} ET)`;
}

const asExchange = (v: string | null | undefined): Exchange | null =>
  (EXCHANGES as readonly string[]).includes(v ?? '') ? (v as Exchange) : null;

/** The channels one user gets for one event; empty (quietly) when none applies. */
export function channelsFor(user: Recipient, kind: EventKind, opts: { proOnlyAudience?: boolean } = {}): PersonalChannel[] {
  return (['email', 'sms', 'whatsapp'] as const).filter(
    (ch) => ch in PLANS[kind].channels && ineligibility(user, kind, ch, opts) === null,
  );
}

/** Where a delivery goes now: the member's current email or phone (they may have changed it since it was queued). */
export function addressFor(user: Recipient, channel: PersonalChannel): string | null {
  if (channel === 'push') return null; // a push delivery's recipient is its device, fixed when queued
  return channel === 'email' ? user.email : user.phone;
}

/**
 * The events a split change raises. Approved splits are not public: nothing is
 * announced until an admin makes the split Upcoming. A split added as Upcoming is announced as new
 * (and goes to Discord); one moved from Approved to Upcoming is announced as new then, and as
 * Upcoming; one moved back to Upcoming from Complete raises upcomingRsa. (Each event key is raised
 * once per split, so a split going back and forth is not announced twice.)
 */
export function eventsForSplitChange(e: {
  kind: 'added' | 'updated' | 'deleted';
  previousStatus: string | null;
  status: string | null;
}): ('rsa' | 'upcomingRsa')[] {
  if (e.kind === 'deleted' || e.status !== 'Upcoming') return [];
  if (e.kind === 'added') return ['rsa'];
  if (e.previousStatus === 'Upcoming') return [];
  return e.previousStatus === 'Approved' ? ['rsa', 'upcomingRsa'] : ['upcomingRsa'];
}

/** The terms members act on: a change to one of them is worth an alert to the split's holders. */
export const TERMS = ['buyDate', 'effDate', 'ratio'] as const;

/**
 * The changed terms of an edited split the members can see (Upcoming or Complete before and
 * after), or null when none changed. An Approved split is not public, so its edits alert no one.
 */
export function termsChanged(e: {
  kind: 'added' | 'updated' | 'deleted';
  previousStatus: string | null;
  status: string | null;
  changes?: Record<string, { from: unknown; to: unknown }>;
}): Record<string, { from: unknown; to: unknown }> | null {
  if (e.kind !== 'updated' || !e.changes || e.status === 'Approved' || e.previousStatus === 'Approved') return null;
  const out = Object.fromEntries(TERMS.filter((k) => e.changes![k]).map((k) => [k, e.changes![k]]));
  return Object.keys(out).length ? out : null;
}

/** The day a member's round-up shares should be back: effDate + the broker's share return time (calendar days). */
export function sellReminderDate(effDate: string, shareReturnTime: number | null | undefined): string {
  return addDays(effDate, Math.max(0, shareReturnTime ?? 1));
}

/** Trading days: Monday to Friday minus NYSE holidays (computed by the exchange's rules in @roundup/shared). */
export { isTradingDay };

export { CLOSE_REMINDER_LEAD_MINUTES, dueSchedules, isDigestDay, type ScheduleJob } from './schedule-rules';

/** SMS length in 70-character segments (product.md#limits); an empty message is 0 segments. */
export const smsSegments = smsSegmentCount;

/** How long an unsubscribe link works after the email was sent. */
export const UNSUBSCRIBE_TOKEN_DAYS = 365;

/** True when an unsubscribe link issued at `issuedSeconds` (Unix time) is too old to use at `now`. */
export function unsubscribeTokenExpired(issuedSeconds: number, now: Date, days = UNSUBSCRIBE_TOKEN_DAYS): boolean {
  return now.getTime() - issuedSeconds * 1000 > days * 86_400_000;
}

/** Exponential backoff for a failed delivery: base · 2^(attempt−1), capped. */
export function backoffMs(attempt: number, baseMs: number, capMs = 6 * 60 * 60_000): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
}
