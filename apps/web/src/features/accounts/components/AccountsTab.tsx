import { Fragment, useState, type CSSProperties } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { brokerGroupedOrder, groupByBroker, LIMITS, type Account } from '@roundup/shared';
import { countOf } from '../../../lib/format';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { SettingsPanel } from '../../../components/SettingsPanel';
import { useTimedMessage } from '../../../components/useTimedMessage';
import { firstErrorMessage } from '../../../lib/api-client';
import { useMyAccounts, useReorderAccounts } from '../api';
import { RoundUpStatusBadge } from '../../../components/RoundUpStatusBadge';
import { AccountDialogs, type Dialog } from './AccountDialogs';
import { AccountGroupsPanel } from './AccountGroupsPanel';

function GripIcon() {
  return (
    <svg width="14" height="18" viewBox="0 0 14 18" aria-hidden="true" focusable="false">
      {[3, 9, 15].map((y) => (
        <g key={y} fill="currentColor">
          <circle cx="4" cy={y} r="1.6" />
          <circle cx="10" cy={y} r="1.6" />
        </g>
      ))}
    </svg>
  );
}

function AccountRow({
  account,
  index,
  onEdit,
  onCopy,
  onDelete,
}: {
  account: Account;
  index: number;
  onEdit: () => void;
  onCopy: () => void;
  onDelete: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: account._id,
  });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 2 : undefined,
  };
  return (
    <tr
      ref={setNodeRef}
      style={style}
      className={isDragging ? 'table-active shadow-sm' : undefined}
      data-testid={`account-row-${index}`}
    >
      <td className="align-middle">
        <div className="d-flex align-items-center gap-2">
          <button
            type="button"
            ref={setActivatorNodeRef}
            className="btn btn-sm btn-light border-0 text-body-secondary px-1 ru-drag-handle"
            style={{ cursor: 'grab', touchAction: 'none' }}
            aria-label={`Reorder ${account.nickname}`}
            data-testid={`drag-${index}`}
            {...attributes}
            {...listeners}
          >
            <GripIcon />
          </button>
          <div className="min-w-0">
            <div className="fw-semibold text-break" data-testid="account-nickname">
              {account.nickname}
            </div>
            <div className="d-sm-none small text-body-secondary">
              {account.broker} · {account.type}
            </div>
          </div>
        </div>
      </td>
      <td className="align-middle d-none d-sm-table-cell">{account.broker}</td>
      <td className="align-middle d-none d-sm-table-cell">{account.type}</td>
      <td className="align-middle text-end text-nowrap">
        <Button size="sm" variant="outline-primary" className="me-2" onClick={onEdit} aria-label={`Edit ${account.nickname}`}>
          Edit
        </Button>
        <Button size="sm" variant="outline-secondary" className="me-2" onClick={onCopy} aria-label={`Copy ${account.nickname}`}>
          Copy
        </Button>
        <Button size="sm" variant="outline-danger" onClick={onDelete} aria-label={`Delete ${account.nickname}`}>
          Delete
        </Button>
      </td>
    </tr>
  );
}

/** Settings → Accounts (product.md#screens): table, add/edit/delete dialogs, drag-and-drop order. */
export function AccountsTab() {
  const query = useMyAccounts();
  const reorder = useReorderAccounts();
  const banner = useTimedMessage(LIMITS.bannerMs);
  const [dialog, setDialog] = useState<Dialog>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: LIMITS.dragThresholdPx } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // Grouped by broker: brokers in the order of the member's first account at each.
  const groups = groupByBroker(query.data?.accounts ?? []);
  const accounts = groups.flatMap((g) => g.accounts);
  const brokers = query.data?.brokers ?? [];

  // Screen-reader announcements by nickname and position (dnd-kit's default names the ids).
  const nick = (id: string | number) => accounts.find((a) => a._id === String(id))?.nickname ?? 'Account';
  const pos = (id: string | number | undefined) =>
    `position ${accounts.findIndex((a) => a._id === String(id)) + 1} of ${accounts.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nick(active.id)}, ${pos(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nick(active.id)} moved to ${pos(over.id)}.` : `${nick(active.id)} is no longer over a row.`,
    onDragEnd: ({ active, over }) => (over ? `${nick(active.id)} dropped at ${pos(over.id)}.` : `${nick(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${nick(active.id)} was cancelled.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const moved = arrayMove(
      accounts,
      accounts.findIndex((a) => a._id === String(active.id)),
      accounts.findIndex((a) => a._id === String(over.id)),
    );
    // An account stays with its broker: moving a broker's first account moves the broker.
    const next = brokerGroupedOrder(moved).map((a) => a._id);
    if (next.every((id, i) => id === accounts[i]._id)) return;
    reorder.mutate(next, { onError: (e) => banner.show(firstErrorMessage(e)) });
  };

  const add = (
    <div className="d-flex gap-2">
      <Button variant="primary" size="sm" onClick={() => setDialog({ kind: 'add' })} disabled={query.isPending}>
        Add account
      </Button>
      <Button variant="outline-primary" size="sm" onClick={() => setDialog({ kind: 'several' })} disabled={query.isPending}>
        Add several
      </Button>
    </div>
  );

  return (
    <>
      <SettingsPanel
        title="Accounts"
        description="The brokerage accounts you buy one share in for every split, by broker. Drag the handle to set the order of your brokers and of the accounts at each; the trade tracker uses it."
        actions={add}
      >
        <ErrorAlert
          messages={query.error ? [firstErrorMessage(query.error)] : banner.value ? [banner.value] : null}
          onClose={banner.value ? banner.clear : undefined}
        />
        {query.isPending ? (
          <p className="text-body-secondary">Loading your accounts…</p>
        ) : query.error ? null : accounts.length === 0 ? (
          <EmptyState title="No brokerage accounts yet">
            Add each account you trade in — for example an Individual, a Traditional IRA and a Roth IRA at each broker.
            <div className="mt-3">
              <Button variant="primary" onClick={() => setDialog({ kind: 'add' })}>
                Add your first account
              </Button>
            </div>
          </EmptyState>
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{ announcements }}
          >
            <Table hover className="align-middle mb-0 ru-accounts-table">
              <thead>
                <tr>
                  <th scope="col">Nickname</th>
                  <th scope="col" className="d-none d-sm-table-cell">
                    Broker
                  </th>
                  <th scope="col" className="d-none d-sm-table-cell">
                    Type
                  </th>
                  <th scope="col" className="text-end">
                    Actions
                  </th>
                </tr>
              </thead>
              <SortableContext items={accounts.map((a) => a._id)} strategy={verticalListSortingStrategy}>
                <tbody>
                  {groups.map((g) => (
                    <Fragment key={g.broker}>
                      <tr className="ru-broker-row">
                        <th scope="colgroup" colSpan={4}>
                          {g.broker}{' '}
                          <span className="fw-normal text-body-secondary">· {countOf(g.accounts.length, 'account')}</span>
                          <RoundUpStatusBadge status={g.accounts[0]?.brokerRules?.roundUpStatus} />
                        </th>
                      </tr>
                      {g.accounts.map((a) => (
                        <AccountRow
                          key={a._id}
                          account={a}
                          index={accounts.indexOf(a)}
                          onEdit={() => setDialog({ kind: 'edit', account: a })}
                          onCopy={() => setDialog({ kind: 'copy', account: a })}
                          onDelete={() => setDialog({ kind: 'delete', account: a })}
                        />
                      ))}
                    </Fragment>
                  ))}
                </tbody>
              </SortableContext>
            </Table>
            <p className="small text-body-secondary mt-3 mb-0">
              {accounts.length} {accounts.length === 1 ? 'account' : 'accounts'} · To move a row with the keyboard, focus its
              handle, press Space, use the arrow keys, then Space again.
            </p>
          </DndContext>
        )}
        <AccountDialogs dialog={dialog} accounts={accounts} brokers={brokers} onClose={() => setDialog(null)} />
      </SettingsPanel>
      {accounts.length > 0 ? <AccountGroupsPanel accounts={accounts} /> : null}
    </>
  );
}
