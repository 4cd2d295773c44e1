import { createHmac } from 'node:crypto';
import { can } from '@roundup/shared';
import { forbidden, notFound } from '../../http/app-error';
import { newToken, safeEqual } from '../../lib/tokens';
import { addProFacts } from './add-pro-facts';
import { splitsToday, type SplitsDeps } from './deps';
import { buildIcal } from './ical';
import { splitsRepo } from './repo';
import { splitAccess, strip } from './rules';

/**
 * The Pro iCal feed (product.md#api): its secret URL, its reset, and the feed itself. Each event
 * carries the split's call and confirmation state; only a round-up says "Buy".
 */
type FeedDeps = Pick<SplitsDeps, 'db' | 'config'>;
type FeedOwner = { userId: string; role: string };

function feedSecret(deps: FeedDeps, userId: string, nonce: string): string {
  return createHmac('sha256', deps.config.tokenPepper).update(`ical:${userId}:${nonce}`).digest('base64url');
}
const feedLink = (deps: FeedDeps, userId: string, nonce: string) =>
  `${deps.config.appUrl.replace(/\/$/, '')}/api/rs/ical/${userId}.${feedSecret(deps, userId, nonce)}.ics`;

/** The member's feed URL (made on first ask). */
export async function getFeedUrl(deps: FeedDeps, input: FeedOwner): Promise<string> {
  if (!can(input.role, 'splits:full')) throw forbidden('The calendar feed is a Pro feature.');
  const repo = splitsRepo(deps.db);
  let nonce = await repo.icalNonce(input.userId);
  if (!nonce) {
    nonce = newToken(16);
    await repo.setIcalNonce(input.userId, nonce);
  }
  return feedLink(deps, input.userId, nonce);
}

/** Revokes the member's feed URL and answers a new one. */
export async function resetFeedUrl(deps: FeedDeps, input: FeedOwner): Promise<string> {
  if (!can(input.role, 'splits:full')) throw forbidden('The calendar feed is a Pro feature.');
  const nonce = newToken(16);
  await splitsRepo(deps.db).setIcalNonce(input.userId, nonce);
  return feedLink(deps, input.userId, nonce);
}

/** The feed for `userId.secret`; 404 for anything not currently valid (revoked, downgraded, disabled). */
export async function readFeed(
  deps: Pick<SplitsDeps, 'db' | 'config' | 'clock' | 'upward'>,
  input: { token: string },
): Promise<string> {
  const m = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(input.token);
  if (!m) throw notFound('Feed not found');
  const repo = splitsRepo(deps.db);
  const owner = await repo.feedOwner(m[1]);
  if (!owner || owner.disabled || !owner.nonce || !can(owner.role, 'splits:full')) throw notFound('Feed not found');
  if (!safeEqual(feedSecret(deps, m[1], owner.nonce), m[2])) throw notFound('Feed not found');
  const day = splitsToday(deps);
  // Only what the owner may see whole goes into a feed (a masked row has nothing to put in an event).
  const stored = (await repo.list(['Upcoming'])).filter((s) => splitAccess(owner.role, s, day) === 'full');
  const rows = await addProFacts(
    { db: deps.db, upward: deps.upward },
    // A feed is a file a calendar app keeps and may share: members' reports and issuer risk stay in the app.
    { viewer: owner.role, rows: stored.map(strip), stored, candidates: [], risk: false, verdicts: false },
  );
  return buildIcal(rows, { appUrl: deps.config.appUrl, now: deps.clock(), timeZone: owner.timeZone });
}
