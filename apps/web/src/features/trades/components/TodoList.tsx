import { useState } from 'react';
import { addDays, formatIsoDate } from '@roundup/shared/dates';
import type { Split } from '@roundup/shared/splits';
import { GroupSelect } from '../../../components/GroupSelect';
import { useAccountGroups } from '../../../lib/my-accounts';
import { useTradeProgress } from '../api';
import { RecordTradesModal } from './RecordTradesModal';

/**
 * To do (issue 14): splits to buy today or tomorrow in accounts not bought yet, and splits whose
 * shares arrived but are not sold. Each opens Record Trades; the modal belongs to the list, so an
 * item that is done while it is open goes away without closing it.
 */
export function TodoList({ splits, today }: { splits: Split[]; today: string }) {
  const { data } = useTradeProgress();
  const [open, setOpen] = useState<Split | null>(null);
  // Issue 26 §4: Record opens with this group's accounts chosen in "Apply to".
  const groups = useAccountGroups();
  const [groupId, setGroupId] = useState('');
  if (!data || data.accounts === 0) return null;
  const of = (id: string) => data.progress.find((p) => p.splitId === id);
  const tomorrow = addDays(today, 1);
  const items: { key: string; kind: 'buy' | 'sell'; split: Split; text: string }[] = [];
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
  }
  return (
    <>
      {items.length > 0 ? (
        <section className="card shadow-sm mb-3" aria-labelledby="todo-title" data-testid="todo">
          <div className="card-body py-3">
            <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
              <h2 id="todo-title" className="h6 fw-semibold mb-0">
                To do
              </h2>
              <GroupSelect
                id="todo-group"
                label="Record for"
                groups={groups.data?.groups ?? []}
                value={groupId}
                onChange={setGroupId}
                none="Active accounts"
              />
            </div>
            <ul className="list-unstyled mb-0 d-grid gap-1">
              {items.map((item) => (
                <li key={item.key} className="d-flex flex-wrap align-items-center gap-2">
                  <span className={`badge ${item.kind === 'buy' ? 'text-bg-primary' : 'text-bg-success'}`}>
                    {item.kind === 'buy' ? 'Buy' : 'Sell'}
                  </span>
                  <span>
                    <strong>{item.split.ticker}</strong>
                    {item.text}
                  </span>
                  <button type="button" className="btn btn-link btn-sm p-0" onClick={() => setOpen(item.split)}>
                    Record<span className="visually-hidden"> trades for {item.split.ticker}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
      {open ? <RecordTradesModal split={open} show onHide={() => setOpen(null)} groupId={groupId || undefined} /> : null}
    </>
  );
}
