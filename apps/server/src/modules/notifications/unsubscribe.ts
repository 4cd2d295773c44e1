import type { Notifications } from '@roundup/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { seal, unseal, verifySigned } from '../../lib/tokens';
import { memberRecords } from '../users/queries';
import type { NotificationsRepo } from './repo';
import { unsubscribeTokenExpired } from './rules';
import { unsubscribeUsesRepo } from './unsubscribe-repo';

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
  'verdicts',
] as const;

export type UnsubscribeCheck =
  { ok: true; userId: string; pref: keyof Notifications; linkId: string } | { ok: false; reason: 'invalid' | 'expired' | 'used' };

const SEAL_PURPOSE = 'unsubscribe';
const PAYLOAD = /^unsub:([0-9a-f-]{36}):(\w+)(?::(\d{1,12}))?$/;

/**
 * What a token says, and the id of its link. A token is sealed (encrypted): whoever sees the link
 * learns neither the member nor the category. Links sent before were only signed, their payload
 * readable; they are read until they expire, their signature standing in for the link's id.
 */
function openToken(pepper: string, token: string): { payload: string; linkId: string } | null {
  const sealed = unseal(pepper, SEAL_PURPOSE, token);
  if (sealed) return { payload: sealed.payload, linkId: sealed.id };
  const signed = verifySigned(pepper, token);
  return signed ? { payload: signed, linkId: `signed:${token.slice(token.lastIndexOf('.') + 1)}` } : null;
}

/** Sealed unsubscribe links (RFC 8058), reading them back, and spending one when it is used (decision 039). */
export function unsubscribeLinks(ctx: AppContext, repo: NotificationsRepo) {
  /**
   * The link in every alert email and its List-Unsubscribe header (one URL: GET shows a confirmation
   * page, POST unsubscribes — RFC 8058). The sealed token names the member, the category and when it
   * was issued; it is valid for UNSUBSCRIBE_TOKEN_DAYS, and once.
   */
  const unsubscribeUrl = (userId: string, pref: keyof Notifications) => {
    const issued = Math.floor(ctx.clock().getTime() / 1000);
    const token = seal(ctx.config.tokenPepper, SEAL_PURPOSE, `unsub:${userId}:${pref}:${issued}`);
    return `${ctx.config.appUrl}/api/notifications/unsubscribe?token=${token}`;
  };

  /**
   * A link used before changes nothing: while the setting it turned off is still off, it answers as
   * it did (a retry or a second click); once the member turned it back on, it is spent.
   */
  async function usedAnswer(db: Db, check: UnsubscribeCheck & { ok: true }): Promise<UnsubscribeCheck> {
    const on = await memberRecords(db).preference(check.userId, check.pref);
    return on === false ? check : { ok: false, reason: on === null ? 'invalid' : 'used' };
  }

  /** Reads an unsubscribe token without changing anything (the GET page and the POST both start here). */
  async function readUnsubscribeToken(token: unknown): Promise<UnsubscribeCheck> {
    if (typeof token !== 'string' || token.length < 10 || token.length > 300) return { ok: false, reason: 'invalid' };
    const opened = openToken(ctx.config.tokenPepper, token);
    const m = opened ? PAYLOAD.exec(opened.payload) : null;
    if (!opened || !m || !(NOTIFICATION_KEYS as readonly string[]).includes(m[2])) return { ok: false, reason: 'invalid' };
    // Links sent before tokens carried their issue time stay valid (no date to expire them by).
    if (m[3] && unsubscribeTokenExpired(Number(m[3]), ctx.clock())) return { ok: false, reason: 'expired' };
    if (!(await repo.userExists(m[1]))) return { ok: false, reason: 'invalid' };
    const check = { ok: true as const, userId: m[1], pref: m[2] as keyof Notifications, linkId: opened.linkId };
    const db = ctx.database.db;
    return (await unsubscribeUsesRepo(db).wasUsed(check.linkId)) ? usedAnswer(db, check) : check;
  }

  /** One-click unsubscribe (POST): spends the link and turns its category off, in one transaction. */
  async function unsubscribe(token: unknown): Promise<UnsubscribeCheck> {
    const check = await readUnsubscribeToken(token);
    if (!check.ok) return check;
    return repo.transaction(async (tx) => {
      // Two clicks at once: the second insert waits for the first to commit, then finds the link used.
      if (!(await unsubscribeUsesRepo(tx).spend(check.linkId, check.userId, check.pref))) return usedAnswer(tx, check);
      return (await memberRecords(tx).turnOffPreference(check.userId, check.pref)) ? check : { ok: false, reason: 'invalid' };
    });
  }

  return { unsubscribeUrl, readUnsubscribeToken, unsubscribe };
}
