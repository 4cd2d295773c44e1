import {
  buySession,
  clockTime,
  deadlineText,
  formatMoney,
  MARKET_TZ,
  marketInstant,
  CONFIRMATION_LABELS,
  callDeadlineText,
  callHeadline,
  closedText,
  isClosed,
  OPEN_MINUTES,
  splitCall,
  type Split,
} from '@roundup/shared';

// ---------------------------------------------------------------------------------------------
// iCal (RFC 5545) — one timed event per upcoming split: the buy-by session up to its close.
// ---------------------------------------------------------------------------------------------

/**
 * A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped; every line break —
 * CRLF, a bare CR or a bare LF — becomes the two characters `\\n`; other control characters
 * (not allowed in TEXT) are dropped. The result never contains CR or LF, so it cannot start a line.
 */
export function icalText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n|\u2028|\u2029|\u0085/g, '\\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  );
}

/** Folds a content line at 75 octets (RFC 5545 §3.1). */
export function foldLine(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const out: string[] = [];
  let chunk = '';
  let size = 0;
  for (const ch of line) {
    const n = Buffer.byteLength(ch, 'utf8');
    const limit = out.length === 0 ? 75 : 74;
    if (size + n > limit) {
      out.push(chunk);
      chunk = '';
      size = 0;
    }
    chunk += ch;
    size += n;
  }
  out.push(chunk);
  return out.join('\r\n ');
}

/** An instant as an RFC 5545 UTC DATE-TIME: 20261127T180000Z. */
const utcStamp = (instant: string | Date) =>
  (typeof instant === 'string' ? new Date(instant) : instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** How long before the close the event's alarm rings. */
export const ALARM_BEFORE_CLOSE = '-PT1H';

/**
 * An event's text: the call and the confirmation state on every event; "Buy" and the
 * estimated profit only for a round-up (participant level says so), otherwise what is known:
 * "DXVQ reverse split — cash in lieu · 30:1 · buy-by 4:00 pm ET".
 */
export function eventText(s: Split, deadline: string, link: string, closed = false): { summary: string; description: string } {
  const call = splitCall(s);
  const close = `${clockTime(s.deadline.regularClose, MARKET_TZ)} ET`;
  const confirmation = s.confirmation ? ` ${CONFIRMATION_LABELS[s.confirmation.state]}.` : '';
  const facts = `${s.name} (${s.ticker}) ${s.ratio}:1 reverse split effective ${s.effDate}. Call: ${call.label}.${confirmation} ${deadline}.`;
  // Past the buy-by close a calendar must not still say "Buy": the event keeps its place and says so.
  if (closed)
    return {
      summary: `${s.ticker}: ${closedText(s.deadline)} · ${s.ratio}:1 reverse split`,
      description: `${facts} ${closedText(s.deadline)}. ${link}`,
    };
  if (!call.buy)
    return {
      summary: `${callHeadline(s)} · ${s.ratio}:1 · buy-by ${close}`,
      description: `${facts} No estimated profit: the call is not a round-up. ${link}`,
    };
  const caveat = call.caveat ? ` ${call.caveat}` : '';
  return {
    summary: `Buy ${s.ticker} by ${close} · ${s.ratio}:1 reverse split · ${call.label} · est. ${formatMoney(s.estProfit)}`,
    description: `${facts} Buy one share per account. Estimated profit ${formatMoney(s.estProfit)} per account.${caveat} ${link}`,
  };
}

/** The reminder an hour before the close; an event past its close has none. */
const alarm = (ticker: string) => [
  'BEGIN:VALARM',
  'ACTION:DISPLAY',
  `DESCRIPTION:${icalText(`${ticker}: one hour to the close`)}`,
  `TRIGGER;RELATED=END:${ALARM_BEFORE_CLOSE}`,
  'END:VALARM',
];

/**
 * One event per split, on the exchange's clock (decision 021): from the open of the buy-by session
 * to its regular close (1:00 pm on early-close days), in UTC so every client shows it in its own zone,
 * with an alarm an hour before the close. The text names the deadline in New York time and in the
 * feed owner's zone.
 */
export function buildIcal(splits: readonly Split[], opts: { appUrl: string; now: Date; timeZone?: string }): string {
  const stamp = utcStamp(opts.now);
  const link = `${opts.appUrl.replace(/\/$/, '')}/reverse-splits`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//RoundUp//Reverse splits//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:RoundUp reverse splits',
  ];
  for (const s of splits) {
    const deadline = callDeadlineText(deadlineText(s.deadline, opts.timeZone), s);
    const closed = isClosed(s.deadline, opts.now);
    const { summary, description } = eventText(s, deadline, link, closed);
    lines.push(
      'BEGIN:VEVENT',
      `UID:${s._id}@roundup`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${utcStamp(marketInstant(buySession(s.buyDate), OPEN_MINUTES))}`,
      `DTEND:${utcStamp(s.deadline.regularClose)}`,
      `SUMMARY:${icalText(summary)}`,
      `DESCRIPTION:${icalText(description)}`,
      `URL:${link}`,
      'TRANSP:TRANSPARENT',
      ...(closed ? [] : alarm(s.ticker)),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  // Belt and braces: no value may carry a line break of its own (TEXT values are already escaped).
  return lines.map((l) => foldLine(l.replace(/[\r\n]/g, ''))).join('\r\n') + '\r\n';
}
