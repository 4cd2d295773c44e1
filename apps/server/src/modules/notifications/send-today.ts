import { todayInMarket } from '@roundup/shared';
import { recordAudit } from '../audit/service';
import { buyReminders } from './buy-reminders';
import type { NotificationDeps } from './raise-event';
import { sellReminders } from './sell-reminders';

/** GET /api/rs/send-update: today's buy and sell reminders now (idempotent: a second press queues nothing). */
export async function sendToday(deps: NotificationDeps, { actorId }: { actorId: string | null }) {
  const date = todayInMarket(deps.clock());
  const buy = await buyReminders(deps, { date });
  const sell = await sellReminders(deps, { date });
  await recordAudit(deps.db, {
    actorId,
    action: 'reminders.send',
    targetType: 'reminders',
    targetId: date,
    details: { tickers: buy.tickers, newReminders: buy.events + sell.queued },
  });
  // newReminders: buy-reminder events raised now (fanned out by the worker) + sell reminders queued now.
  return { date, tickers: buy.tickers, newReminders: buy.events + sell.queued };
}
