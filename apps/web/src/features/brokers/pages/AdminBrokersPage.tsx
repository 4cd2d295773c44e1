import type { Broker } from '@roundup/shared/brokers';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAdminBrokers, useDeleteBroker } from '../admin-api';
import { ListDeleteDialog } from '../../../components/DeleteDialog';
import '../../../components/admin-kit.css';
import { AdminListHeader } from '../../../components/AdminList';
import { AdminDataTable, type Column } from '../../../components/DataTable';

const BROKER_COLUMNS: Array<Column<Broker>> = [
  {
    header: 'Broker',
    cellClassName: 'ru-cell-wrap ru-col-name',
    cell: (b) => (
      <div className="d-flex align-items-center gap-2">
        {b.logo ? <img src={b.logo} alt="" className="ru-admin-logo border rounded bg-white d-none d-sm-block" /> : null}
        <div>
          <Link to={`/admin/brokers/view/${b._id}`} className="fw-semibold">
            {b.name}
          </Link>
          {b.headline ? <div className="small text-body-secondary">{b.headline}</div> : null}
        </div>
      </div>
    ),
  },
  {
    header: 'Rating',
    label: 'Rating',
    className: 'ru-hide-sm-md',
    cell: (b) => <span aria-label={`${b.rating} out of 5`}>{b.rating > 0 ? '$'.repeat(b.rating) : '—'}</span>,
  },
  {
    header: 'Share return',
    label: 'Share return',
    className: 'ru-hide-sm-md',
    cellClassName: 'text-nowrap',
    cell: (b) => `${b.shareReturnTime} ${b.shareReturnTime === 1 ? 'day' : 'days'}`,
  },
  {
    header: 'Status',
    label: 'Status',
    cell: (b) =>
      b.disabled ? (
        <span className="badge text-bg-secondary">Disabled</span>
      ) : (
        <span className="badge text-bg-success">Shown</span>
      ),
  },
];

/** /admin/brokers: every broker, disabled ones included, with view and delete. */
export function AdminBrokersPage() {
  const list = useAdminBrokers();
  const { data } = list;
  const del = useDeleteBroker();
  const [target, setTarget] = useState<Broker | null>(null);

  return (
    <>
      <AdminListHeader
        title="Brokers"
        addTo="/admin/brokers/add"
        addLabel="Add broker"
        loadingText="Loading brokers…"
        query={list}
      />
      {data ? (
        <section className="card shadow-sm ru-panel" aria-label="Brokers">
          <AdminDataTable
            className="mb-0 ru-admin-table"
            columns={BROKER_COLUMNS}
            rows={data}
            empty="No brokers yet."
            viewBase="/admin/brokers/view"
            rowLabel={(b) => b.name}
            onDelete={setTarget}
          />
        </section>
      ) : null}
      <ListDeleteDialog
        target={target}
        title="Delete broker?"
        onHide={() => setTarget(null)}
        remove={(t) => del.mutateAsync(t._id)}
      >
        Delete <strong>{target?.name}</strong>? Members’ accounts keep the broker’s name. This cannot be undone.
      </ListDeleteDialog>
    </>
  );
}
