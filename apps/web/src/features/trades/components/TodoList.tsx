import { useState } from 'react';
import type { Split } from '@roundup/shared/splits';
import { GroupSelect } from '../../../components/GroupSelect';
import { useNow } from '../../../components/useNow';
import { useAccountGroups } from '../../../lib/my-accounts';
import { useReconcile, useTradeProgress } from '../api';
import { RecordTradesModal } from './RecordTradesModal';
import { TODO_BADGES, todoItems } from './todo-items';

/**
 * To do: splits to buy today or tomorrow in accounts not bought yet (by the
 * close's time, counting down in the last hour; "Missed" once it has passed), splits
 * whose shares arrived but are not sold, accounts with no outcome past the due day, and cash in lieu
 * on a split that rounded up. Each opens Record Trades; the modal belongs to the list, so an
 * item that is done while it is open goes away without closing it.
 */
export function TodoList({ splits, today }: { splits: Split[]; today: string }) {
  const { data } = useTradeProgress();
  const reconcile = useReconcile();
  const [open, setOpen] = useState<Split | null>(null);
  // Record opens with this group's accounts chosen in "Apply to".
  const groups = useAccountGroups();
  const [groupId, setGroupId] = useState('');
  // The buy lines follow the clock: the countdown in the last hour, "Missed" after the close.
  const now = useNow();
  if (!data || data.accounts === 0) return null;
  const items = todoItems(splits, data, reconcile.data, today, now);
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
                <li key={item.key} className="d-flex flex-wrap align-items-center gap-2" data-kind={item.kind}>
                  <span className={`badge ${TODO_BADGES[item.kind].className}`}>{TODO_BADGES[item.kind].label}</span>
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
