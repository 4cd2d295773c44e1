import type { Notifications } from '@roundup/shared';
import type { AppContext } from '../../context';
import { sign, verifySigned } from '../../lib/tokens';
import type { NotificationsRepo } from './repo';
import { unsubscribeTokenExpired } from './rules';

export const NOTIFICATION_KEYS = [
  'rsa',
  'upcomingRsa',
  'buyReminderRsa',
  'sellRsa',
  'generalRsa',
  'newsletter',
  'rsaWhatsapp',
  'rsaSMS',
  'rsaEmail',
  'buyReminderOpen',
  'buyReminderClose',
  'reconcileDigest',
] as const;

export type UnsubscribeCheck =
  { ok: true; userId: string; pref: keyof Notifications } | { ok: false; reason: 'invalid' | 'expired' };

/** Signed unsubscribe links (RFC 8058) and reading them back. */
export function unsubscribeLinks(ctx: AppContext, repo: NotificationsRepo) {
  /**
   * The link in every alert email and its List-Unsubscribe header (one URL: GET shows a confirmation
   * page, POST unsubscribes — RFC 8058). The signed token names the member, the category and when it
   * was issued; it is valid for UNSUBSCRIBE_TOKEN_DAYS.
   */
  const unsubscribeUrl = (userId: string, pref: keyof Notifications) => {
    const issued = Math.floor(ctx.clock().getTime() / 1000);
    return `${ctx.config.appUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(sign(ctx.config.tokenPepper, `unsub:${userId}:${pref}:${issued}`))}`;
  };

  /** Reads an unsubscribe token without changing anything (the GET page and the POST both start here). */
  async function readUnsubscribeToken(token: unknown): Promise<UnsubscribeCheck> {
    if (typeof token !== 'string' || token.length < 10 || token.length > 300) return { ok: false, reason: 'invalid' };
    const payload = verifySigned(ctx.config.tokenPepper, token);
    const m = payload ? /^unsub:([0-9a-f-]{36}):(\w+)(?::(\d{1,12}))?$/.exec(payload) : null;
    if (!m || !(NOTIFICATION_KEYS as readonly string[]).includes(m[2])) return { ok: false, reason: 'invalid' };
    // Links sent before tokens carried their issue time stay valid (no date to expire them by).
    if (m[3] && unsubscribeTokenExpired(Number(m[3]), ctx.clock())) return { ok: false, reason: 'expired' };
    if (!(await repo.userExists(m[1]))) return { ok: false, reason: 'invalid' };
    return { ok: true, userId: m[1], pref: m[2] as keyof Notifications };
  }

  return { unsubscribeUrl, readUnsubscribeToken };
}
