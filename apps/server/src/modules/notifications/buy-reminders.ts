import { raiseEvent, type NotificationDeps } from './raise-event';
import { withConfirmation } from './split-payload';

/** Buy-day reminders for `date`: at the open (`buy:`) or an hour before the close (`buyClose:`), once per split and day. */
export async function buyReminders(deps: NotificationDeps, input: { date: string; which?: 'open' | 'close' }) {
  const { repo } = deps;
  const { date, which = 'open' } = input;
  const splits = await withConfirmation(deps.db, await repo.splitsBuyingOn(date));
  const [prefix, kind] = which === 'open' ? (['buy', 'buyReminder'] as const) : (['buyClose', 'buyReminderClose'] as const);
  let events = 0;
  for (const s of splits) {
    const key = `${prefix}:${s.splitId}:${date}`;
    const r = await repo.transaction((tx) => raiseEvent(deps, { tx, key, kind, payload: { splits: [s] } }));
    if (r.eventId) events += 1;
  }
  return { tickers: splits.map((s) => String(s.ticker)), events };
}
