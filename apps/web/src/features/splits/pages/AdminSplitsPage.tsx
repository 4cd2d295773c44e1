import { useState } from 'react';
import Pagination from 'react-bootstrap/Pagination';
import { Link, useNavigate, useParams } from 'react-router';
import { LIMITS } from '@roundup/shared/domain';
import { formatRatio, isFullSplit, type Split } from '@roundup/shared/splits';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { formatIsoDate, formatMoney } from '../../../lib/format';
import { useDeleteSplit, useSplits } from '../api';
import { AdminSplitEdit } from '../components/AdminSplitEdit';
import { SplitDeleteDialog } from '../components/SplitDeleteDialog';
import '../splits.css';
import { AdminListHeader, AdminRowActions } from '../../../components/AdminList';

const STATUS_BADGE: Record<Split['status'], string> = {
  Approved: 'text-bg-warning',
  Upcoming: 'ru-badge-strong',
  Complete: 'text-bg-secondary',
};

/** /admin/reverse-splits[/add | /view/:rsId] (product.md#screens admin group). */
export function AdminSplitsRoute() {
  const { action, rsId } = useParams();
  if (action === undefined) return <AdminSplitsPage />;
  if (action === 'add' && !rsId) return <AdminSplitEdit />;
  if (action === 'view' && rsId) return <AdminSplitEdit id={rsId} />;
  return <NotFoundPage />;
}

function AdminSplitsPage() {
  const { data, error, isPending, refetch } = useSplits();
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
        error={error}
        isPending={isPending}
        loadingText="Loading splits…"
        onRetry={() => void refetch()}
      />
      {data ? (
        <section className="card shadow-sm" aria-label="Reverse splits">
          <div className="table-responsive">
            <table className="table table-hover align-middle mb-0 ru-split-table ru-card-table">
              <thead>
                <tr>
                  <th scope="col">Company</th>
                  <th scope="col">Symbol</th>
                  <th scope="col">Buy / Effective</th>
                  <th scope="col" className="ru-hide-sm-md">
                    Ratio
                  </th>
                  <th scope="col" className="ru-hide-sm-md text-end">
                    Est. / Avg. profit
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col" className="text-end">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.length === 0 ? (
                  <tr>
                    <td colSpan={7} className="text-body-secondary">
                      No splits yet.
                    </td>
                  </tr>
                ) : (
                  shown.map((s) => (
                    <tr key={s._id} className={s.caution ? 'ru-caution' : undefined} data-testid="admin-split-row">
                      <td className="ru-col-name">
                        <Link to={`/admin/reverse-splits/view/${s._id}`} className="fw-semibold">
                          {s.name}
                        </Link>
                        <div className="small text-body-secondary">{s.rsType}</div>
                      </td>
                      <td className="font-monospace" data-label="Symbol">
                        {s.ticker}
                      </td>
                      <td className="text-nowrap small" data-label="Buy / Effective">
                        {formatIsoDate(s.buyDate, 'MMM dd, yyyy')}
                        <br />
                        {formatIsoDate(s.effDate, 'MMM dd, yyyy')}
                      </td>
                      <td className="ru-hide-sm-md" data-label="Ratio">
                        {formatRatio(s.ratio)}
                      </td>
                      <td className="ru-hide-sm-md text-end small" data-label="Est. / Avg. profit">
                        {formatMoney(s.estProfit)}
                        <br />
                        {formatMoney(s.avgProfit)}
                      </td>
                      <td data-label="Status">
                        <span className={`badge ${STATUS_BADGE[s.status]}`}>{s.status}</span>
                      </td>
                      <AdminRowActions
                        viewTo={`/admin/reverse-splits/view/${s._id}`}
                        label={s.ticker}
                        onDelete={() => setTarget(s)}
                      />
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
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
