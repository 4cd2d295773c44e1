import type { Db } from '../../db/client';
import { openTradeIdsOf } from '../analytics/queries';
import { reconciliationsFor } from '../trades/service';
import type { NotificationsRepo } from './repo';

/** The weekly reconciliation digest (decision 031): one event a week, fanned out in chunks. */
export const DIGEST_KIND = 'reconcileDigest' as const;

/**
 * Raises the week's digest (run on Monday `date`, New York): the event's key is the week, so a
 * second worker, a retry or the next minute's schedule raises nothing. The worker's fan-out then
 * walks the members in chunks (expandFanouts), each chunk in one transaction with its cursor.
 */
export async function raiseWeeklyDigest(repo: NotificationsRepo, date: string, now: Date): Promise<boolean> {
  return repo.transaction(
    async (tx) => (await repo.createEvent(tx, `digest:${date}`, DIGEST_KIND, { date }, now, { pending: true })) !== null,
  );
}

/**
 * One chunk of the digest's fan-out, in the chunk's transaction: the members in `range` who opted in
 * and can get it by email (the plan's own conditions), their lines as of the event's date, and one
 * email delivery each for those with at least one line (no email when the list is empty). The
 * delivery's key (event, member, channel) makes a repeated chunk a no-op: once per member per week.
 */
export async function digestChunk(
  repo: NotificationsRepo,
  tx: Db,
  input: { eventId: string; eventKey: string; today: string; now: Date; range: { after: string | null; upTo: string } },
): Promise<number> {
  const members = await repo.reachableByEmail(tx, DIGEST_KIND, input.range);
  // Notifications ranks above analytics: it hands trades the open positions analytics keeps.
  const lines = await reconciliationsFor(
    { db: tx, today: input.today, upward: { openTradeIds: openTradeIdsOf } },
    { userIds: members.map((m) => m.id) },
  );
  const list = members
    .filter((m) => lines.has(m.id))
    .map((m) => ({
      idemKey: `${input.eventKey}:${m.id}:email`,
      eventId: input.eventId,
      userId: m.id,
      channel: 'email',
      recipient: m.email,
      data: lines.get(m.id),
    }));
  return repo.insertDeliveries(tx, list, input.now);
}
