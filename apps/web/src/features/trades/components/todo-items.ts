import type { Reconcile, TradeProgress } from '@roundup/shared';
import { addDays, formatIsoDate } from '@roundup/shared/dates';
import type { Split } from '@roundup/shared/splits';

export type TodoKind = 'buy' | 'sell' | 'check' | 'owed';
export interface TodoItem {
  key: string;
  kind: TodoKind;
  split: Split;
  text: string;
}

export const TODO_BADGES: Record<TodoKind, { label: string; className: string }> = {
  buy: { label: 'Buy', className: 'text-bg-primary' },
  sell: { label: 'Sell', className: 'text-bg-success' },
  check: { label: 'Check', className: 'text-bg-warning' },
  owed: { label: 'Ask', className: 'text-bg-info' },
};

const accounts = (n: number) => `${n} ${n === 1 ? 'account' : 'accounts'}`;

/** The To do lines (issue 14, issue 26 §6), for the splits the page shows. */
export function todoItems(splits: Split[], data: TradeProgress, reconcile: Reconcile | undefined, today: string): TodoItem[] {
  const of = (id: string) => data.progress.find((p) => p.splitId === id);
  const tomorrow = addDays(today, 1);
  const items: TodoItem[] = [];
  for (const s of splits) {
    const left = data.accounts - (of(s._id)?.bought ?? 0);
    if (s.status === 'Upcoming' && (s.buyDate === today || s.buyDate === tomorrow) && left > 0) {
      const when = s.buyDate === today ? 'today' : `tomorrow, ${formatIsoDate(s.buyDate, 'MMM d')}`;
      items.push({ key: `buy-${s._id}`, kind: 'buy', split: s, text: ` by ${when}: ${left} of ${data.accounts} accounts left` });
    }
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
