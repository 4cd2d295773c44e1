import { addDays } from '@roundup/shared';

const UUID_SEGMENT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Paths whose last segment is a secret or names a person (email codes, reset codes,
 * checkout sessions, referral usernames): only the route is kept.
 */
const COLLAPSE = ['/verify-email', '/reset-password', '/register/success', '/r'];

/**
 * The page path as recorded: no query or fragment, no trailing slash, lower-cased
 * route, secrets and personal names collapsed, ids replaced by `:id`.
 * Returns null for something that is not a page path.
 */
export function normalizePagePath(raw: string): string | null {
  let p = raw.trim().split(/[?#]/)[0] ?? '';
  if (!p.startsWith('/') || p.startsWith('//')) return null;
  try {
    p = decodeURIComponent(p);
  } catch {
    return null;
  }
  if (/[\s<>"'`\\]/.test(p) || p.includes('..')) return null;
  p = p.replace(/\/{2,}/g, '/');
  if (p.length > 1) p = p.replace(/\/+$/, '');
  const lower = p.toLowerCase();
  for (const prefix of COLLAPSE) {
    if (lower === prefix || lower.startsWith(`${prefix}/`)) return prefix;
  }
  const segments = p.split('/').map((s) => (UUID_SEGMENT.test(s) ? ':id' : s));
  const out = segments.join('/');
  return out.length > 200 ? null : out;
}

/** The 30-day window ending today (New York dates, inclusive). */
export function summaryWindow(today: string, days = 30): { from: string; to: string } {
  return { from: addDays(today, -(days - 1)), to: today };
}
