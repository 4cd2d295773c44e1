import { recordAudit } from '../audit/service';
import { conflict } from '../../http/app-error';
import { buyReminders } from './buy-reminders';
import type { NotificationDeps } from './raise-event';
import { sellReminders } from './sell-reminders';
import { todayReminders } from './today-reminders';

/**
 * GET /api/rs/send-update: today's buy and sell reminders now (idempotent: a second press queues
 * nothing). Refused with 409 once today's buy-by deadline has passed: nothing is raised.
 */
export async function sendToday(deps: NotificationDeps, { actorId }: { actorId: string | null }) {
  const today = await todayReminders(deps);
  if (today.closed) throw conflict(today.msg);
  const date = today.date;
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
