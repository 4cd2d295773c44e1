import { marketClock } from '@roundup/shared';
import { buyReminders } from './buy-reminders';
import type { NotificationDeps } from './raise-event';
import { dueSchedules } from './rules';
import { sellReminders } from './sell-reminders';
import { raiseWeeklyDigest } from './weekly-digest';

/** Runs the New York schedules that are due and not yet run today (rules.ts dueSchedules). */
export async function runSchedules(deps: NotificationDeps, { now }: { now: Date }): Promise<string[]> {
  const { repo } = deps;
  const { date, minutes } = marketClock(now);
  const ran: string[] = [];
  for (const job of dueSchedules({ marketDate: date, marketMinutes: minutes })) {
    // The digest's event key is its once-a-week claim (weekly-digest.ts).
    if (job === 'digest') {
      if (await raiseWeeklyDigest(repo, date, now)) ran.push(job);
      continue;
    }
    if (!(await repo.claimRun(`${job}:${date}`, now))) continue;
    if (job === 'buy') await buyReminders(deps, { date, which: 'open' });
    else if (job === 'buyClose') await buyReminders(deps, { date, which: 'close' });
    else await sellReminders(deps, { date });
    ran.push(job);
  }
  return ran;
}
