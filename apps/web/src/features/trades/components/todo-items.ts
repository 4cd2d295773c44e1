import type { Reconcile, TradeProgress } from '@roundup/shared';
import { addDays, formatIsoDate, MARKET_TZ, todayInMarket } from '@roundup/shared/dates';
import { clockTime, splitDeadline } from '@roundup/shared/deadline';
import { closedText, countdownText, deadlineState } from '@roundup/shared/deadline-state';
import type { Split } from '@roundup/shared/splits';

export type TodoKind = 'buy' | 'missed' | 'sell' | 'check' | 'owed';
export interface TodoItem {
  key: string;
  kind: TodoKind;
  split: Split;
  text: string;
}

export const TODO_BADGES: Record<TodoKind, { label: string; className: string }> = {
  buy: { label: 'Buy', className: 'text-bg-primary' },
  missed: { label: 'Missed', className: 'text-bg-danger' },
  sell: { label: 'Sell', className: 'text-bg-success' },
  check: { label: 'Check', className: 'text-bg-warning' },
  owed: { label: 'Ask', className: 'text-bg-info' },
};

const accounts = (n: number) => `${n} ${n === 1 ? 'account' : 'accounts'}`;

const avoidedNote = (n: number) => (n > 0 ? ` (${accounts(n)} at brokers to avoid left out)` : '');

/**
 * The buy line of a split bought by today or tomorrow, on the deadline's clock (decision 038): before
 * the close it names the time, in the last hour it counts down; after the close it is "Missed" for the
 * accounts with no buy until midnight in New York, then it leaves. Accounts at brokers marked to avoid
 * are left out of "of N", and the line says how many.
 */
function buyItem(s: Split, data: TradeProgress, today: string, now: Date): TodoItem | null {
  const p = data.progress.find((x) => x.splitId === s._id);
  const avoided = data.avoided ?? 0;
  const of = data.accounts - avoided;
  const left = of - ((p?.bought ?? 0) - (p?.boughtAvoided ?? 0));
  if (s.status !== 'Upcoming' || left <= 0) return null;
  const deadline = s.deadline ?? splitDeadline(s.buyDate, s.exchange ?? null);
  // The session the split is bought in, not its typed buy-by date: a Saturday buy-by date closes on Friday.
  const session = todayInMarket(new Date(deadline.regularClose));
  if (session !== today && session !== addDays(today, 1)) return null;
  const state = deadlineState(deadline, now);
  const counts = `${left} of ${of} accounts`;
  if (state.phase === 'past') return null;
  if (state.minutesLeft === null)
    return {
      key: `buy-${s._id}`,
      kind: 'missed',
      split: s,
      text: `: ${closedText(deadline)}. No buy in ${counts}${avoidedNote(avoided)}`,
    };
  const close = `${clockTime(deadline.regularClose, MARKET_TZ)} ET`;
  const when = session === today ? `${close} today` : `tomorrow, ${formatIsoDate(session, 'MMM d')}, ${close}`;
  const countdown = state.phase === 'closing' ? ` · ${countdownText(state.minutesLeft)}` : '';
  return { key: `buy-${s._id}`, kind: 'buy', split: s, text: ` by ${when}${countdown}: ${counts} left${avoidedNote(avoided)}` };
}

/** The To do lines, for the splits the page shows, at `now`. */
export function todoItems(
  splits: Split[],
  data: TradeProgress,
  reconcile: Reconcile | undefined,
  today: string,
  now: Date = new Date(),
): TodoItem[] {
  const of = (id: string) => data.progress.find((p) => p.splitId === id);
  const items: TodoItem[] = [];
  for (const s of splits) {
    const buy = buyItem(s, data, today, now);
    if (buy) items.push(buy);
    const unsold = of(s._id)?.receivedUnsold ?? 0;
    if (unsold > 0)
      items.push({
        key: `sell-${s._id}`,
        kind: 'sell',
        split: s,
        text: `: ${unsold} received ${unsold === 1 ? 'share' : 'shares'} not sold yet`,
      });
    for (const r of reconcile?.overdue.filter((o) => o.splitId === s._id) ?? [])
      items.push({
        key: `check-${s._id}-${r.broker}`,
        kind: 'check',
        split: s,
        text: `: no outcome yet in ${accounts(r.accounts)} at ${r.broker} (expected by ${formatIsoDate(r.dueDate, 'MMM d')})`,
      });
    for (const r of reconcile?.mayBeOwed.filter((o) => o.splitId === s._id) ?? [])
      items.push({
        key: `owed-${s._id}-${r.broker}`,
        kind: 'owed',
        split: s,
        text: `: cash in lieu in ${accounts(r.accounts)} at ${r.broker} on a split that rounded up; ${r.broker} may owe you the share`,
      });
  }
  return items;
}
