import type { PushMessage, Role } from '@roundup/shared';
import { PRO_ROLES, SPLIT_KINDS, type EventKind } from './rules';
import { linkOf } from './account-notice-rules';
import type { Rendered } from './templates';

/** Pure rules of the push channel (decision 026); table-tested in push-rules.test.ts. */

/** A push message must fit the 4 KB a push service takes after encryption (RFC 8291 adds 86 bytes and padding). */
export const PUSH_PAYLOAD_MAX = 3000;
/** How long a push service keeps a message for a browser that is offline (alerts are stale after a day). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** Whether a subscription's endpoint is on an accepted push service (`*.host` allows subdomains). */
export function pushHostAllowed(endpoint: string, patterns: readonly string[]): boolean {
  let host: string;
  try {
    host = new URL(endpoint).hostname.toLowerCase();
  } catch {
    return false;
  }
  return patterns.some((p) => (p.startsWith('*.') ? host.endsWith(p.slice(1)) && host.length > p.length - 1 : host === p));
}

/** What the settings page calls a device: "Chrome on Android", from its User-Agent. */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'Browser';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  return os ? `${browser} on ${os}` : browser;
}

/**
 * The push message of one delivery, or null when it must not go to this member: messages about
 * splits carry Pro-only details (ticker, ratio, dates, price), so they go only to a Pro role, whatever
 * queued them (the fan-out's plan already says so; this is the last gate before the payload is made).
 * The text is the message's subject and first paragraph; a click opens the split on the calendar, or
 * the card page of a failed payment.
 */
export function pushMessage(
  kind: EventKind,
  rendered: Rendered,
  payload: Record<string, unknown>,
  recipient: { role: Role | string },
  links: { appUrl: string; eventKey: string },
): PushMessage | null {
  const aboutSplits = SPLIT_KINDS.includes(kind) || kind === 'termsChanged' || kind === 'sellReminder' || kind === 'splitVerdict';
  if (aboutSplits && !PRO_ROLES.includes(recipient.role as Role)) return null;
  const splitId = typeof payload.splitId === 'string' ? payload.splitId : null;
  const url = `${linkOf(kind, payload, links.appUrl).url}${splitId ? `?split=${encodeURIComponent(splitId)}` : ''}`;
  const body = rendered.text.split('\n\n')[0];
  const message = { title: rendered.subject, body, url, tag: links.eventKey.slice(0, 200) };
  const size = new TextEncoder().encode(JSON.stringify(message)).length;
  if (size <= PUSH_PAYLOAD_MAX) return message;
  // A long buy reminder: cut the body to fit, saying so.
  const more = '… (open RoundUp for the rest)';
  const cut = [...body].slice(0, Math.max(0, body.length - (size - PUSH_PAYLOAD_MAX) - more.length - 8)).join('');
  return { ...message, body: cut.trimEnd() + more };
}
