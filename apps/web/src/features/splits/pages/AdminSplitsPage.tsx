import { useState } from 'react';
import Pagination from 'react-bootstrap/Pagination';
import { Link, useNavigate, useParams } from 'react-router';
import { LIMITS } from '@roundup/shared/domain';
import { formatRatio, isFullSplit, type Split } from '@roundup/shared/splits';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { formatIsoDate, formatMoney } from '../../../lib/format';
import { useDeleteSplit, useSplits } from '../api';
import { AdminSplitEdit } from '../components/AdminSplitEdit';
import { CallBadge } from '../components/CallBadge';
import { SplitDeleteDialog } from '../components/SplitDeleteDialog';
import '../splits.css';
import { AdminListHeader } from '../../../components/AdminList';
import { AdminDataTable, type Column } from '../../../components/DataTable';
import { ClawbackRecords } from '../components/ClawbackRecords';

const STATUS_BADGE: Record<Split['status'], string> = {
  Approved: 'text-bg-warning',
  Upcoming: 'ru-badge-strong',
  Complete: 'text-bg-secondary',
};

const day = (d: string) => formatIsoDate(d, 'MMM dd, yyyy');

const SPLIT_COLUMNS: Array<Column<Split>> = [
  {
    header: 'Company',
    cellClassName: 'ru-col-name',
    cell: (s) => (
      <>
        <Link to={`/admin/reverse-splits/view/${s._id}`} className="fw-semibold">
          {s.name}
        </Link>
        <div className="d-flex flex-wrap gap-1 mt-1">
          <CallBadge split={s} />
          {s.confirmation?.state === 'conflict' ? (
            <span className="badge text-bg-danger" data-testid="admin-conflict">
              Sources disagree
            </span>
          ) : null}
        </div>
      </>
    ),
  },
  { header: 'Symbol', label: 'Symbol', cellClassName: 'font-monospace', cell: (s) => s.ticker },
  {
    header: 'Buy / Effective',
    label: 'Buy / Effective',
    cellClassName: 'text-nowrap small',
    cell: (s) => (
      <>
        {day(s.buyDate)}
        <br />
        {day(s.effDate)}
      </>
    ),
  },
  { header: 'Ratio', label: 'Ratio', className: 'ru-hide-sm-md', cell: (s) => formatRatio(s.ratio) },
  {
    header: 'Est. / Avg. profit',
    label: 'Est. / Avg. profit',
    className: 'ru-hide-sm-md text-end',
    cellClassName: 'small',
    cell: (s) => (
      <>
        {formatMoney(s.estProfit)}
        <br />
        {formatMoney(s.avgProfit)}
      </>
    ),
  },
  {
    header: 'Status',
    label: 'Status',
    cell: (s) => <span className={`badge ${STATUS_BADGE[s.status]}`}>{s.status}</span>,
  },
];

/** /admin/reverse-splits[/add | /view/:rsId] (product.md#screens admin group). */
export function AdminSplitsRoute() {
  const { action, rsId } = useParams();
  if (action === undefined) return <AdminSplitsPage />;
  if (action === 'add' && !rsId) return <AdminSplitEdit />;
  if (action === 'view' && rsId) return <AdminSplitEdit id={rsId} />;
  return <NotFoundPage />;
}

function AdminSplitsPage() {
  const list = useSplits();
  const { data } = list;
  const del = useDeleteSplit();
  const navigate = useNavigate();
  const [target, setTarget] = useState<Split | null>(null);
  const [page, setPage] = useState(1);
  // Admins see every split whole; the filter only narrows the type.
  const rows = (data ?? [])
    .filter(isFullSplit)
    .sort((a, b) => b.buyDate.localeCompare(a.buyDate) || a.ticker.localeCompare(b.ticker));
  const size = LIMITS.adminSplitsPageSize;
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * size, current * size);

  return (
    <>
      <AdminListHeader
        title="Reverse Splits"
        addTo="/admin/reverse-splits/add"
        addLabel="Add split"
        loadingText="Loading splits…"
        query={list}
      />
      {data ? (
        <section className="card shadow-sm" aria-label="Reverse splits">
          <AdminDataTable
            className="align-middle mb-0 ru-split-table"
            columns={SPLIT_COLUMNS}
            rows={shown}
            rowClassName={(s) => (s.caution ? 'ru-caution' : undefined)}
            rowTestId="admin-split-row"
            empty="No splits yet."
            viewBase="/admin/reverse-splits/view"
            rowLabel={(s) => s.ticker}
            onDelete={setTarget}
          />
          {pages > 1 ? (
            <div className="card-footer bg-body d-flex justify-content-between align-items-center flex-wrap gap-2">
              <span className="small text-body-secondary">{rows.length} splits</span>
              <Pagination size="sm" className="mb-0 flex-wrap ru-split-pages" aria-label="Split pages">
                {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
                  <Pagination.Item key={n} active={n === current} onClick={() => setPage(n)} aria-label={`Page ${n}`}>
                    {n}
                  </Pagination.Item>
                ))}
              </Pagination>
            </div>
          ) : null}
        </section>
      ) : null}
      <ClawbackRecords />
      <SplitDeleteDialog
        split={target}
        onHide={() => setTarget(null)}
        onDelete={(confirm) => del.mutateAsync({ id: target?._id ?? '', confirm })}
        onDone={() => {
          setTarget(null);
          void navigate('/refresh');
        }}
      />
    </>
  );
}
