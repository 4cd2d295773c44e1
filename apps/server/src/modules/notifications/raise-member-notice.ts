import type { Db } from '../../db/client';
import { recipientById } from './delivery-repo';
import { pushRepo } from './push-repo';
import type { NotificationDeps } from './raise-event';
import { channelsFor, ineligibility, PLANS, PRO_ROLES, type EventKind } from './rules';

export interface MemberNoticeInput {
  tx: Db;
  /** Names what is told (a failed payment: its invoice), so it is told once whoever raises it again. */
  key: string;
  kind: EventKind;
  userId: string;
  payload: Record<string, unknown>;
}

/**
 * Tells one member about their own account (a failed payment), in the caller's transaction: one
 * event keyed by what happened and one delivery per channel the member gets it on (the plan's
 * channels and the member's channel settings; push to each of their devices). A key raised before
 * queues nothing, so a replayed webhook, a second failed attempt or a second worker adds nothing;
 * two at once meet on the event key's unique index and the later one queues nothing.
 */
export async function raiseMemberNotice(
  deps: Pick<NotificationDeps, 'repo' | 'clock'>,
  { tx, key, kind, userId, payload }: MemberNoticeInput,
): Promise<number> {
  const { repo } = deps;
  const now = deps.clock();
  const member = await recipientById(tx, userId);
  if (!member) return 0;
  // A Pro-only notice (a followed issuer's split) is not even recorded for a member who is no longer
  // Pro: its payload names the issuer, which a Starter member sees masked.
  if (PLANS[kind].proOnly && !PRO_ROLES.includes(member.role as (typeof PRO_ROLES)[number])) return 0;
  const eventId = await repo.createEvent(tx, key, kind, payload, now);
  if (!eventId) return 0;
  const list = channelsFor(member, kind).map((channel) => ({
    idemKey: `${key}:${userId}:${channel}`,
    eventId,
    userId,
    channel,
    recipient: channel === 'email' ? member.email! : member.phone!,
  }));
  if (ineligibility(member, kind, 'push') === null) {
    // In the caller's transaction: embedded PGlite has one connection, which that transaction holds.
    for (const device of await pushRepo(tx).ofUsers([userId]))
      list.push({ idemKey: `${key}:${userId}:push:${device.id}`, eventId, userId, channel: 'push', recipient: device.id });
  }
  return repo.insertDeliveries(tx, list, now);
}
