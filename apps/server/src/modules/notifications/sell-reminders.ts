import { sellAsText, symbolChanges } from '@roundup/shared';
import { confirmationFacts } from '../confirmations/queries';
import { pushSellReminders } from './push-delivery';
import type { NotificationDeps } from './raise-event';
import { recipientOf } from './recipient';
import type { SellCandidate } from './repo';
import { channelsFor, sellReminderDate } from './rules';

/** Sell reminders for `date`: one event for the day, one message per member and channel for what they hold. */
export async function sellReminders(deps: NotificationDeps, { date }: { date: string }) {
  const { repo } = deps;
  const candidates = (await repo.openPositions(date)).filter((c) => sellReminderDate(c.eff_date, c.share_return_time) === date);
  // The shares may trade under a new symbol by now: each line says which to sell.
  const postSplit = await confirmationFacts(deps.db).postSplitFor(candidates.map((c) => ({ id: c.split_id, ticker: c.ticker })));
  const sellAs = (c: SellCandidate) => {
    const p = postSplit.get(c.split_id);
    return symbolChanges(c.ticker, p) ? { sellAs: sellAsText(c.ticker, p) } : {};
  };
  const byUser = new Map<string, SellCandidate[]>();
  for (const c of candidates) byUser.set(c.user_id, [...(byUser.get(c.user_id) ?? []), c]);
  const key = `sell:${date}`;
  const now = deps.clock();
  const queued = await repo.transaction(async (tx) => {
    const eventId = await repo.createEvent(tx, key, 'sellReminder', { date }, now);
    if (!eventId) return 0;
    const list = [];
    const members = [];
    for (const [userId, items] of byUser) {
      const u = recipientOf(items[0]);
      const data = { items: items.map((i) => ({ ticker: i.ticker, account: i.nickname, broker: i.broker, ...sellAs(i) })) };
      members.push({ userId, recipient: u, data });
      for (const channel of channelsFor(u, 'sellReminder')) {
        list.push({
          idemKey: `${key}:${userId}:${channel}`,
          eventId,
          userId,
          channel,
          recipient: channel === 'email' ? u.email! : u.phone!,
          data,
        });
      }
    }
    list.push(...(await pushSellReminders(tx, { key, eventId, members })));
    return repo.insertDeliveries(tx, list, now);
  });
  return { users: byUser.size, queued };
}
