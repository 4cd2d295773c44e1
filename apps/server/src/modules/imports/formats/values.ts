import { StatementError } from './types';

/**
 * Reading brokers' cell values (decision 030): money written "$1,234.56", "-$5.00" or "(5.00)",
 * dates written MM/DD/YYYY, YYYY-MM-DD, YYYYMMDD or an ISO date-time.
 */

/** The most of a bad value a message quotes. */
const QUOTED_MAX = 24;

/** A bad value as a message quotes it: printable characters only, at most 24 of them. */
export function quoted(value: string): string {
  const printable = value.replace(/[^\x20-\x7e\u00a0-\u024f]/g, '?');
  return `"${printable.length > QUOTED_MAX ? `${printable.slice(0, QUOTED_MAX)}…` : printable}"`;
}

/** A number cell: null when empty or "--"; throws naming the line and column when it is not a number. */
export function numberCell(value: string | undefined, column: string, line: number): number | null {
  const v = (value ?? '').trim();
  if (v === '' || v === '--' || v === 'N/A') return null;
  const negative = /^\(.*\)$/.test(v) || v.startsWith('-');
  const plain = v
    .replace(/^\((.*)\)$/, '$1')
    .replace(/^[-+]/, '')
    .replace(/^\$/, '')
    .replace(/,/g, '');
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(plain)) throw new StatementError(line, `${column} ${quoted(v)} is not a number`);
  const n = Number(plain);
  return negative ? -n : n;
}

/** A number cell that must be there. */
export function requiredNumber(value: string | undefined, column: string, line: number): number {
  const n = numberCell(value, column, line);
  if (n === null) throw new StatementError(line, `${column} is empty`);
  return n;
}

const pad = (n: string) => n.padStart(2, '0');

/** Whether YYYY-MM-DD is a day of the calendar (not 02/30), in UTC arithmetic: fast for 100,000 rows. */
function isCalendarDay(iso: string): boolean {
  const [y, m, d] = iso.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return y >= 1000 && t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** A date cell as YYYY-MM-DD; Schwab's "11/20/2026 as of 11/19/2026" is the as-of day (the trade's). */
export function dateCell(value: string | undefined, column: string, line: number): string {
  const v = (value ?? '').trim();
  const asOf = /as of\s+(\S+)/i.exec(v);
  const text = asOf ? asOf[1] : v;
  let iso: string | null = null;
  let m: RegExpExecArray | null;
  if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s.*)?$/.exec(text))) iso = `${m[3]}-${pad(m[1])}-${pad(m[2])}`;
  else if ((m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ;,].*)?$/.exec(text))) iso = `${m[1]}-${m[2]}-${m[3]}`;
  else if ((m = /^(\d{4})(\d{2})(\d{2})(?:;\d{6})?$/.exec(text))) iso = `${m[1]}-${m[2]}-${m[3]}`;
  if (!iso || !isCalendarDay(iso)) throw new StatementError(line, `${column} ${quoted(v)} is not a date`);
  return iso;
}

/** A price with at most 4 decimals (what a trade leg holds). */
export const legPrice = (n: number | null) => (n === null ? null : Math.round(Math.abs(n) * 10_000) / 10_000);

/** An account number shown as its last 4 characters ("…1234"): statements mask it too. */
export function maskAccount(value: string | undefined | null): string | null {
  const v = (value ?? '').replace(/[^A-Za-z0-9]/g, '');
  if (!/\d{3,}/.test(v)) return null;
  return `…${v.slice(-4)}`;
}

/**
 * Trimmed cell by column name ('' when the column is absent), control characters dropped: a NUL in a
 * stored row would make PostgreSQL refuse the whole apply, again on every try.
 */
// eslint-disable-next-line no-control-regex -- the control characters are what it removes
const CONTROL = /[\u0000-\u001f\u007f]/g;
export const cell = (r: Readonly<Record<string, string>>, name: string) => (r[name] ?? '').replace(CONTROL, '').trim();
