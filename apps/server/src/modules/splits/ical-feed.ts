import { createHmac } from 'node:crypto';
import { can } from '@roundup/shared';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../http/app-error';
import { newToken, safeEqual } from '../../lib/tokens';
import { addProFacts } from './add-pro-facts';
import { buildIcal } from './ical';
import type { SplitsRepo } from './repo';
import { splitAccess, strip } from './rules';

/**
 * The Pro iCal feed (product.md#api): its secret URL, its reset, and the feed itself. Each event
 * carries the split's call and confirmation state (issue 25 §4); only a round-up says "Buy".
 */
export function icalFeed(ctx: AppContext, repo: SplitsRepo, today: () => string) {
  function feedSecret(userId: string, nonce: string): string {
    return createHmac('sha256', ctx.config.tokenPepper).update(`ical:${userId}:${nonce}`).digest('base64url');
  }
  const feedUrl = (userId: string, nonce: string) =>
    `${ctx.config.appUrl.replace(/\/$/, '')}/api/rs/ical/${userId}.${feedSecret(userId, nonce)}.ics`;

  return {
    async feedUrl(userId: string, role: string): Promise<string> {
      if (!can(role, 'splits:full')) throw forbidden('The calendar feed is a Pro feature.');
      let nonce = await repo.icalNonce(userId);
      if (!nonce) {
        nonce = newToken(16);
        await repo.setIcalNonce(userId, nonce);
      }
      return feedUrl(userId, nonce);
    },
    async resetFeed(userId: string, role: string): Promise<string> {
      if (!can(role, 'splits:full')) throw forbidden('The calendar feed is a Pro feature.');
      const nonce = newToken(16);
      await repo.setIcalNonce(userId, nonce);
      return feedUrl(userId, nonce);
    },
    /** The feed for `userId.secret`; 404 for anything not currently valid (revoked, downgraded, disabled). */
    async feed(token: string): Promise<string> {
      const m = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!m) throw notFound('Feed not found');
      const owner = await repo.feedOwner(m[1]);
      if (!owner || owner.disabled || !owner.nonce || !can(owner.role, 'splits:full')) throw notFound('Feed not found');
      if (!safeEqual(feedSecret(m[1], owner.nonce), m[2])) throw notFound('Feed not found');
      const day = today();
      // Only what the owner may see whole goes into a feed (a masked row has nothing to put in an event).
      const stored = (await repo.list(['Upcoming'])).filter((s) => splitAccess(owner.role, s, day) === 'full');
      const rows = await addProFacts(
        { db: ctx.database.db, upward: ctx.upward },
        { viewer: owner.role, rows: stored.map(strip), stored, candidates: [] },
      );
      return buildIcal(rows, { appUrl: ctx.config.appUrl, now: ctx.clock(), timeZone: owner.timeZone });
    },
  };
}
