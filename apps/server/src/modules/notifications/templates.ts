import { escapeHtml } from '../../lib/html';
import {
  closeTimeText,
  deadlineText,
  formatIsoDate,
  SMS_MESSAGE_MAX,
  callDeadlineText,
  splitCall,
  splitDeadline,
  CONFIRMATION_LABELS,
  type ConfirmationState,
  type Exchange,
  type SplitCall,
  type SplitRisk,
} from '@roundup/shared';
import { linkOf, paymentFailed, watchlistProposed } from './account-notice-rules';
import { digestMessage } from './digest-template';
import { verdictMessage } from './verdict-template';
import type { EventKind } from './rules';

/** The messages: subject, text, HTML and the short SMS/WhatsApp form of each event (pure). */

export interface SplitPayload {
  splitId: string;
  name: string;
  ticker: string;
  ratio: number;
  buyDate: string;
  effDate: string;
  price: string;
  estProfit: string;
  status: string;
  /** Where the shares are listed (null or absent: unknown; events raised before exchanges were carried have none). */
  exchange?: Exchange | null;
  /** The call (round up, participant level, …); absent on events raised before it: those read as they always did. */
  rsType?: string;
  participant?: boolean;
  /** The admin's caution flag: the call is held back ("check the filing") and the message says no "Buy". */
  caution?: boolean;
  /** What a second source says when the event was raised; absent on older events. */
  confirmation?: ConfirmationState;
  /** The issuer's risk when the event was raised, only when a reason applies (decision 045). */
  risk?: SplitRisk;
}

export interface Rendered {
  subject: string;
  text: string;
  html: string;
  short: string;
}

const day = (d: string) => formatIsoDate(d, 'MMMM dd, yyyy');
const money = (v: string) => `$${Number(v).toFixed(2)}`;
const deadlineOf = (s: SplitPayload) => splitDeadline(s.buyDate, s.exchange ?? null);
/** The deadline sentence as the split's call says it: only a round-up says "Buy by". */
const deadlineLine = (s: SplitPayload, timeZone?: string) =>
  s.rsType ? callDeadlineText(deadlineText(deadlineOf(s), timeZone), callFacts(s)) : deadlineText(deadlineOf(s), timeZone);
/** The split's call, or null for an event raised before calls were carried. */
const callOf = (s: SplitPayload): SplitCall | null => (s.rsType ? splitCall(callFacts(s)) : null);
/** The facts the call is made from; a caution flag or disagreeing sources hold a round-up back (no "Buy"). */
const callFacts = (s: SplitPayload) => ({
  rsType: s.rsType ?? '',
  participant: s.participant,
  caution: s.caution,
  ratio: Number(s.ratio),
  confirmation: s.confirmation,
});
/** Whether a message may say "Buy" and show a profit for this split: only a round-up (events without a call: as before). */
const buyable = (s: SplitPayload) => callOf(s)?.buy ?? true;
/** ", Round up (participant level)": the call's label after a subject. */
// ASCII only: an em dash would make every SMS a UCS-2 message (half the length) and encode the mail subject.
const callTag = (s: SplitPayload) => (callOf(s) ? `, ${callOf(s)!.label}` : '');
/** " (not yet confirmed)": the confirmation state after the call, when the event carries one. */
const confirmTag = (s: SplitPayload) =>
  // A disagreement is already in the call ("Round up: sources disagree"): not said twice.
  s.confirmation && !callOf(s)?.warning ? ` (${CONFIRMATION_LABELS[s.confirmation].toLowerCase()})` : '';
/**
 * One split in a message: its call, and its deadline to the minute in New York and the member's
 * own time.
 */
const splitLine = (s: SplitPayload, timeZone?: string) =>
  `${s.name} (${s.ticker}), ${s.ratio}:1${callTag(s)}${confirmTag(s)}, buy by ${day(s.buyDate)}, effective ${day(s.effDate)}. ${deadlineLine(s, timeZone)}`;
/** The price line: the estimated profit for a round-up only (participant level says so beside it); else what is known. */
/** "Risk: high. Issuer reversed round-up shares in 2024 (source); …" — nothing for a split with no known risk. */
const riskLines = (s: SplitPayload): string[] =>
  s.risk && s.risk.level !== 'normal'
    ? [
        `Risk: ${s.risk.level}. ${s.risk.reasons.map((r) => `${r.text}${r.source?.startsWith('http') ? ` (${r.source})` : ''}`).join('; ')}.`,
      ]
    : [];

function priceLine(s: SplitPayload): string {
  const c = callOf(s);
  if (c && !c.buy) return `Price ${money(s.price)}. The call is ${c.label.toLowerCase()}: no estimated profit.`;
  return `Price ${money(s.price)}, estimated profit ${money(s.estProfit)} per account.${c?.caveat ? ` ${c.caveat}` : ''}`;
}

/**
 * An announcement by SMS or WhatsApp: the subject, then the message, cut to one provider
 * message (SMS_MESSAGE_MAX); the whole text also goes by email to everyone who gets it.
 */
export function announcementText(subject: string, message: string): string {
  const full = `${subject}\n${message}`;
  if ([...full].length <= SMS_MESSAGE_MAX) return full;
  const more = '… (full message in your email)';
  return (
    [...full]
      .slice(0, SMS_MESSAGE_MAX - [...more].length)
      .join('')
      .trimEnd() + more
  );
}

/** What a message says: its subject and lines, and what the short form of a one-split alert adds to its subject. */
interface Message {
  subject: string;
  lines: string[];
  /** The deadline the short (SMS/WhatsApp) form adds, after its confirmation state. */
  deadline?: string;
  confirmation?: string;
}

/** A new or Upcoming split alert. */
function splitAlert(kind: 'rsa' | 'upcomingRsa', payload: Record<string, unknown>, tz?: string): Message {
  const s = payload as unknown as SplitPayload;
  // In the order the message has always been made (a malformed payload fails the same way).
  const deadline = deadlineLine(s, tz);
  const confirmation = confirmTag(s);
  return {
    subject:
      (kind === 'rsa' ? `New reverse split: ${s.ticker} ${s.ratio}:1` : `Upcoming reverse split: ${s.ticker} ${s.ratio}:1`) +
      callTag(s),
    lines: [
      kind === 'rsa' ? 'A new reverse split was announced.' : 'A reverse split is now Upcoming.',
      splitLine(s, tz),
      priceLine(s),
      ...riskLines(s),
    ],
    deadline,
    confirmation,
  };
}

/** The terms of a split the member holds changed: what changed, then the split as it is now. */
function termsChanged(payload: Record<string, unknown>, tz?: string): Message {
  const s = payload as unknown as SplitPayload;
  const changes = (payload.changes ?? {}) as Record<string, { from: unknown; to: unknown }>;
  const terms: Record<string, [name: string, show: (v: unknown) => string]> = {
    buyDate: ['Buy by', (v) => day(String(v))],
    effDate: ['Effective', (v) => day(String(v))],
    ratio: ['Ratio', (v) => `${String(v)}:1`],
  };
  const subject = `Terms changed: ${s.ticker}, buy by ${day(s.buyDate)}`;
  const deadline = deadlineLine(s, tz);
  return {
    subject,
    lines: [
      'The terms of a reverse split you hold changed:',
      ...Object.entries(changes)
        .filter(([k]) => terms[k])
        .map(([k, c]) => `- ${terms[k][0]}: ${terms[k][1](c.to)} (was ${terms[k][1](c.from)})`),
      splitLine(s, tz),
    ],
    deadline,
  };
}

/** The exchange confirmed a split the member holds. */
function splitConfirmed(payload: Record<string, unknown>, tz?: string): Message {
  const s = payload as unknown as SplitPayload;
  return {
    subject: `Confirmed by the exchange: ${s.ticker} ${s.ratio}:1`,
    lines: ['The exchange lists the reverse split you hold on the terms the filing gave:', splitLine(s, tz)],
    deadline: deadlineLine(s, tz),
  };
}

/** The buy-day reminder, in the morning or an hour before the close. */
function buyReminder(kind: 'buyReminder' | 'buyReminderClose', payload: Record<string, unknown>, tz?: string): Message {
  const splits = (payload.splits ?? []) as SplitPayload[];
  const by = splits[0] ? ` by ${closeTimeText(deadlineOf(splits[0]), tz)}` : '';
  // Only round-ups are bought: the others are listed with what is known, never as "buy".
  const toBuy = splits.filter(buyable);
  const tickers = (toBuy.length > 0 ? toBuy : splits).map((s) => s.ticker).join(', ');
  const verb = toBuy.length > 0 ? 'buy' : 'buy-by day of';
  return {
    subject:
      kind === 'buyReminder'
        ? `${toBuy.length > 0 ? 'Buy today' : 'Buy-by day today'}: ${tickers}${by}`
        : `One hour to the close: ${verb} ${tickers}${by}`,
    lines: [
      kind === 'buyReminder' ? 'Today is the purchase date for:' : 'The market closes in an hour on the purchase date for:',
      ...splits.map((s) => `- ${splitLine(s, tz)}`),
      toBuy.length > 0
        ? `Buy one share of ${toBuy.map((s) => s.ticker).join(', ')} in each of your brokerage accounts.`
        : 'None of these is a round-up: there is nothing to buy for the share.',
    ],
  };
}

/** The member's shares should be back: the accounts to sell them in. */
function sellReminder(data: Record<string, unknown> | null): Message {
  const items = (data?.items ?? []) as { ticker: string; account: string; broker: string; sellAs?: string }[];
  return {
    subject: `Your round-up shares should be back: ${[...new Set(items.map((i) => i.ticker))].join(', ')}`,
    lines: [
      'Your shares should be back in these accounts; you can sell them now:',
      // A new symbol after the split is named on the line: the old one finds nothing in the account.
      ...items.map((i) => `- ${i.ticker} in ${i.account} (${i.broker})${i.sellAs ? `: ${i.sellAs}` : ''}`),
    ],
  };
}

/** An announcement, newsletter or admin SMS: the admin's subject and message as typed. */
function announcement(kind: 'general' | 'newsletter' | 'adminSms', payload: Record<string, unknown>): Message {
  return {
    subject: String(payload.subject ?? (kind === 'newsletter' ? 'RoundUp newsletter' : 'News from RoundUp')),
    lines: [String(payload.message ?? '')],
  };
}

/** What a message of `kind` says (one function per kind). */
function message(kind: EventKind, payload: Record<string, unknown>, data: Record<string, unknown> | null, tz?: string): Message {
  switch (kind) {
    case 'rsa':
    case 'upcomingRsa':
      return splitAlert(kind, payload, tz);
    case 'termsChanged':
      return termsChanged(payload, tz);
    case 'splitConfirmed':
      return splitConfirmed(payload, tz);
    case 'buyReminder':
    case 'buyReminderClose':
      return buyReminder(kind, payload, tz);
    case 'sellReminder':
      return sellReminder(data);
    case 'reconcileDigest':
      return digestMessage(data);
    case 'general':
    case 'newsletter':
    case 'adminSms':
      return announcement(kind, payload);
    case 'paymentFailed':
      return paymentFailed(payload);
    case 'watchlistProposed':
      return watchlistProposed(payload);
    case 'splitVerdict':
      return verdictMessage(payload);
  }
}

/** The short (SMS/WhatsApp) form: an announcement's own text, else the subject, deadline and link. */
function shortForm(kind: EventKind, { subject, lines, deadline = '', confirmation = '' }: Message, link: string): string {
  if (kind === 'adminSms') return lines.join('\n');
  // The sentence already ends with the card page's link.
  if (kind === 'paymentFailed') return `RoundUp: ${lines[0]}`;
  if (kind === 'general' || kind === 'newsletter') return announcementText(subject, lines.join('\n'));
  return `RoundUp: ${subject}${confirmation}${deadline ? `. ${deadline}` : ''}. ${link}`;
}

/** The HTML email: the subject as heading, the lines as paragraphs, the calendar link and the unsubscribe footer. */
function htmlForm({ subject, lines }: Message, link: { url: string; label: string }, unsubscribeUrl?: string): string {
  return [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1b2430">',
    `<h1 style="font-size:18px">${escapeHtml(subject)}</h1>`,
    // Plain text as typed: a blank line starts a paragraph, a single line break stays one.
    ...lines
      .flatMap((l) => l.split(/\r?\n[ \t]*\r?\n/))
      .map((l) => `<p style="margin:0 0 8px">${escapeHtml(l.trim()).replace(/\r?\n/g, '<br>')}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    unsubscribeUrl
      ? `<p style="font-size:12px;color:#667">You receive this because of your notification settings. <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>`
      : '',
    '</body></html>',
  ].join('');
}

/** Renders one message; `unsubscribeUrl` is added to email bodies. */
export function render(
  kind: EventKind,
  payload: Record<string, unknown>,
  data: Record<string, unknown> | null,
  links: { appUrl: string; unsubscribeUrl?: string; timeZone?: string },
): Rendered {
  const msg = message(kind, payload, data, links.timeZone);
  const link = linkOf(kind, payload, links.appUrl);
  const footer = links.unsubscribeUrl
    ? [`You receive this because of your notification settings. Unsubscribe: ${links.unsubscribeUrl}`]
    : [];
  const text = [...msg.lines, '', `${link.label}: ${link.url}`, '', ...footer].join('\n');
  return { subject: msg.subject, text, html: htmlForm(msg, link, links.unsubscribeUrl), short: shortForm(kind, msg, link.url) };
}
