import {
  clockTime,
  isClosed,
  MARKET_TZ,
  splitDeadline,
  todayInMarket,
  type Exchange,
  type RemindersPreview,
} from '@roundup/shared';
import type { NotificationDeps } from './raise-event';

const members = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;

/**
 * What "Send daily reminders" would do now: today's buy-by splits, how many members their reminders
 * reach, and whether their deadline has passed. After the close the button refuses (`closed`): a
 * reminder then would say "Buy today" when buying is over.
 */
export async function todayReminders(deps: NotificationDeps): Promise<RemindersPreview> {
  const now = deps.clock();
  const date = todayInMarket(now);
  const splits = await deps.repo.splitsBuyingOn(date);
  const tickers = splits.map((s) => String(s.ticker));
  if (splits.length === 0)
    return {
      date,
      tickers,
      recipients: 0,
      closesAt: null,
      closed: false,
      msg: 'No split is bought today: send the sell reminders?',
    };
  const deadline = splitDeadline(date, (splits[0].exchange as Exchange | null) ?? null);
  const close = `${clockTime(deadline.regularClose, MARKET_TZ)} ET`;
  const names = tickers.join(', ');
  if (isClosed(deadline, now))
    return {
      date,
      tickers,
      recipients: 0,
      closesAt: deadline.regularClose,
      closed: true,
      msg: `Too late: ${names} closed at ${close}. No reminders sent.`,
    };
  const { recipients } = await deps.repo.audience(deps.db, 'buyReminder');
  return {
    date,
    tickers,
    recipients,
    closesAt: deadline.regularClose,
    closed: false,
    msg: `Send buy reminders for ${names} (closes ${close}) to ${members(recipients)}?`,
  };
}
