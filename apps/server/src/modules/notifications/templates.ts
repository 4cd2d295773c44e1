import { escapeHtml } from '../../lib/html';
import { closeTimeText, deadlineText, formatIsoDate, SMS_MESSAGE_MAX, splitDeadline, type Exchange } from '@roundup/shared';
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
  /** Where the shares are listed (null or absent: unknown; events raised before issue 25 §3 have none). */
  exchange?: Exchange | null;
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
/** One split in a message, with its deadline to the minute in New York and the member's own time (issue 25 §3). */
const splitLine = (s: SplitPayload, timeZone?: string) =>
  `${s.name} (${s.ticker}), ${s.ratio}:1, buy by ${day(s.buyDate)}, effective ${day(s.effDate)}. ${deadlineText(deadlineOf(s), timeZone)}`;

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

interface DigestLine {
  ticker: string;
  broker: string;
  accounts: number;
  dueDate?: string;
}

const accountsText = (n: number) => `${n} account${n === 1 ? '' : 's'}`;

/** The weekly reconciliation digest (issue 26 §6, decision 031): the member's lines, per split and broker. */
function digestMessage(data: Record<string, unknown> | null): { subject: string; lines: string[] } {
  const list = (k: string) => (Array.isArray(data?.[k]) ? (data[k] as DigestLine[]) : []);
  const [overdue, unsold, owed] = [list('overdue'), list('unsold'), list('mayBeOwed')];
  const section = (title: string, items: DigestLine[], more: (i: DigestLine) => string = () => '') =>
    items.length ? [title, ...items.map((i) => `- ${i.ticker} at ${i.broker}: ${accountsText(i.accounts)}${more(i)}`)] : [];
  const total = [...overdue, ...unsold, ...owed].reduce((n, i) => n + i.accounts, 0);
  return {
    subject: `Your week in RoundUp: ${accountsText(total)} to check`,
    lines: [
      ...section('Bought, but no outcome recorded yet:', overdue, (i) => (i.dueDate ? `, expected by ${day(i.dueDate)}` : '')),
      ...section('Shares received, not sold yet:', unsold),
      ...section('Cash in lieu on a split that rounded up (the broker may owe you a share):', owed),
      'Record what happened in the To do list on the calendar.',
    ],
  };
}

/** Renders one message; `unsubscribeUrl` is added to email bodies. */
export function render(
  kind: EventKind,
  payload: Record<string, unknown>,
  data: Record<string, unknown> | null,
  links: { appUrl: string; unsubscribeUrl?: string; timeZone?: string },
): Rendered {
  const tz = links.timeZone;
  /** The deadline the short (SMS/WhatsApp) form of a one-split alert adds to its subject. */
  let deadline = '';
  let subject: string;
  let lines: string[];
  switch (kind) {
    case 'rsa':
    case 'upcomingRsa': {
      const s = payload as unknown as SplitPayload;
      deadline = deadlineText(deadlineOf(s), tz);
      subject =
        kind === 'rsa' ? `New reverse split: ${s.ticker} ${s.ratio}:1` : `Upcoming reverse split: ${s.ticker} ${s.ratio}:1`;
      lines = [
        kind === 'rsa' ? 'A new reverse split was announced.' : 'A reverse split is now Upcoming.',
        splitLine(s, tz),
        `Price ${money(s.price)}, estimated profit ${money(s.estProfit)} per account.`,
      ];
      break;
    }
    case 'termsChanged': {
      const s = payload as unknown as SplitPayload;
      const changes = (payload.changes ?? {}) as Record<string, { from: unknown; to: unknown }>;
      const terms: Record<string, [name: string, show: (v: unknown) => string]> = {
        buyDate: ['Buy by', (v) => day(String(v))],
        effDate: ['Effective', (v) => day(String(v))],
        ratio: ['Ratio', (v) => `${String(v)}:1`],
      };
      subject = `Terms changed: ${s.ticker}, buy by ${day(s.buyDate)}`;
      deadline = deadlineText(deadlineOf(s), tz);
      lines = [
        'The terms of a reverse split you hold changed:',
        ...Object.entries(changes)
          .filter(([k]) => terms[k])
          .map(([k, c]) => `- ${terms[k][0]}: ${terms[k][1](c.to)} (was ${terms[k][1](c.from)})`),
        splitLine(s, tz),
      ];
      break;
    }
    case 'splitConfirmed': {
      const s = payload as unknown as SplitPayload;
      subject = `Confirmed by the exchange: ${s.ticker} ${s.ratio}:1`;
      lines = ['The exchange lists the reverse split you hold on the terms the filing gave:', splitLine(s, tz)];
      deadline = deadlineText(deadlineOf(s), tz);
      break;
    }
    case 'buyReminder':
    case 'buyReminderClose': {
      const splits = (payload.splits ?? []) as SplitPayload[];
      const by = splits[0] ? ` by ${closeTimeText(deadlineOf(splits[0]), tz)}` : '';
      const tickers = splits.map((s) => s.ticker).join(', ');
      subject = kind === 'buyReminder' ? `Buy today: ${tickers}${by}` : `One hour to the close: buy ${tickers}${by}`;
      lines = [
        kind === 'buyReminder' ? 'Today is the purchase date for:' : 'The market closes in an hour on the purchase date for:',
        ...splits.map((s) => `- ${splitLine(s, tz)}`),
        'Buy one share in each of your brokerage accounts.',
      ];
      break;
    }
    case 'sellReminder': {
      const items = (data?.items ?? []) as { ticker: string; account: string; broker: string }[];
      subject = `Your round-up shares should be back: ${[...new Set(items.map((i) => i.ticker))].join(', ')}`;
      lines = [
        'Your shares should be back in these accounts; you can sell them now:',
        ...items.map((i) => `- ${i.ticker} in ${i.account} (${i.broker})`),
      ];
      break;
    }
    case 'reconcileDigest': {
      ({ subject, lines } = digestMessage(data));
      break;
    }
    case 'general':
    case 'newsletter':
    case 'adminSms': {
      subject = String(payload.subject ?? (kind === 'newsletter' ? 'RoundUp newsletter' : 'News from RoundUp'));
      lines = [String(payload.message ?? '')];
      break;
    }
  }
  const link = `${links.appUrl}/reverse-splits`;
  const short =
    kind === 'adminSms'
      ? lines.join('\n')
      : kind === 'general' || kind === 'newsletter'
        ? announcementText(subject, lines.join('\n'))
        : `RoundUp: ${subject}${deadline ? `. ${deadline}` : ''}. ${link}`;
  const footer = links.unsubscribeUrl
    ? [`You receive this because of your notification settings. Unsubscribe: ${links.unsubscribeUrl}`]
    : [];
  const text = [...lines, '', `Open the calendar: ${link}`, '', ...footer].join('\n');
  const html = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1b2430">',
    `<h1 style="font-size:18px">${escapeHtml(subject)}</h1>`,
    // Plain text as typed: a blank line starts a paragraph, a single line break stays one.
    ...lines
      .flatMap((l) => l.split(/\r?\n[ \t]*\r?\n/))
      .map((l) => `<p style="margin:0 0 8px">${escapeHtml(l.trim()).replace(/\r?\n/g, '<br>')}</p>`),
    `<p><a href="${escapeHtml(link)}">Open the calendar</a></p>`,
    links.unsubscribeUrl
      ? `<p style="font-size:12px;color:#667">You receive this because of your notification settings. <a href="${escapeHtml(links.unsubscribeUrl)}">Unsubscribe</a></p>`
      : '',
    '</body></html>',
  ].join('');
  return { subject, text, html, short };
}
