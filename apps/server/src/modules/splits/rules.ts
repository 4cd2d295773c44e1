import { addDays, can, formatMoney, isMaskedBuyDate, MASK, type Role, type Split, type SplitStatus } from '@roundup/shared';

/**
 * Pure split rules (DESIGN §3: takes `today`, never reads the clock). The calendar rules the
 * web shares (grid, MM/YYYY, footer, estProfit) live in @roundup/shared/splits.
 */

/** Who is asking: a role, or null for an anonymous visitor (treated like a Starter). */
export type Viewer = Role | string | null;

/** Pro roles and admins see everything; Starter (User) and anonymous callers get masking. */
export function seesEverything(viewer: Viewer): boolean {
  return can(viewer, 'splits:full');
}

/** Whether this split must be masked for this viewer today (New York date). */
export function mustMask(viewer: Viewer, buyDate: string, today: string): boolean {
  return !seesEverything(viewer) && isMaskedBuyDate(buyDate, today);
}

/** Replaces name and ticker with asterisks and drops notes and source (SPEC §2, DESIGN §4). */
export function maskSplit(s: Split): Split {
  return { ...s, name: MASK, ticker: MASK, notes: null, source: null, masked: true };
}

/** The split as this viewer may see it. */
export function present(viewer: Viewer, s: Split, today: string): Split {
  return mustMask(viewer, s.buyDate, today) ? maskSplit(s) : s;
}

/** Statuses listed by GET /api/rs: Approved splits are admin-only. */
export function visibleStatuses(viewer: Viewer): SplitStatus[] {
  return can(viewer, 'admin:access') ? ['Approved', 'Upcoming', 'Complete'] : ['Upcoming', 'Complete'];
}

// ---------------------------------------------------------------------------------------------
// iCal (RFC 5545) — one all-day event per upcoming split on its buyDate.
// ---------------------------------------------------------------------------------------------

function icalText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
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

const compact = (d: string) => d.replace(/-/g, '');

export function buildIcal(splits: readonly Split[], opts: { appUrl: string; now: Date }): string {
  const stamp = opts.now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const link = `${opts.appUrl.replace(/\/$/, '')}/reverse-splits`;
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//RoundUp//Reverse splits//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', 'X-WR-CALNAME:RoundUp reverse splits'];
  for (const s of splits) {
    const summary = `Buy ${s.ticker} · ${s.ratio}:1 reverse split · est. ${formatMoney(s.estProfit)}`;
    const description = `${s.name} (${s.ticker}) ${s.ratio}:1 reverse split effective ${s.effDate}. Buy one share per account by ${s.buyDate}. Estimated profit ${formatMoney(s.estProfit)} per account. ${link}`;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${s._id}@roundup`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${compact(s.buyDate)}`,
      `DTEND;VALUE=DATE:${compact(addDays(s.buyDate, 1))}`,
      `SUMMARY:${icalText(summary)}`,
      `DESCRIPTION:${icalText(description)}`,
      `URL:${link}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
