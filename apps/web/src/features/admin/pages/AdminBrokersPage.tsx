import type { Broker } from '@roundup/shared/brokers';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAdminBrokers, useDeleteBroker } from '../api';
import { DeleteDialog } from '../components/DeleteDialog';
import '../admin.css';
import { AdminListHeader, AdminRowActions } from '../../../components/AdminList';

/** /admin/brokers: every broker, disabled ones included, with view and delete. */
export function AdminBrokersPage() {
  const { data, error, isPending, refetch } = useAdminBrokers();
  const del = useDeleteBroker();
  const navigate = useNavigate();
  const [target, setTarget] = useState<Broker | null>(null);

  return (
    <>
      <AdminListHeader
        title="Brokers"
        addTo="/admin/brokers/add"
        addLabel="Add broker"
        error={error}
        isPending={isPending}
        loadingText="Loading brokers…"
        onRetry={() => void refetch()}
      />
      {data ? (
        <section className="card shadow-sm ru-panel" aria-label="Brokers">
          <div className="table-responsive">
            <table className="table table-hover mb-0 ru-admin-table ru-card-table">
              <thead>
                <tr>
                  <th scope="col">Broker</th>
                  <th scope="col" className="ru-hide-sm-md">
                    Rating
                  </th>
                  <th scope="col" className="ru-hide-sm-md">
                    Share return
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col" className="text-end">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.length === 0 ? (
                  <tr>
                    <td colSpan={5} className="text-body-secondary">
                      No brokers yet.
                    </td>
                  </tr>
                ) : (
                  data.map((b) => (
                    <tr key={b._id}>
                      <td className="ru-cell-wrap ru-col-name">
                        <div className="d-flex align-items-center gap-2">
                          {b.logo ? (
                            <img src={b.logo} alt="" className="ru-admin-logo border rounded bg-white d-none d-sm-block" />
                          ) : null}
                          <div>
                            <Link to={`/admin/brokers/view/${b._id}`} className="fw-semibold">
                              {b.name}
                            </Link>
                            {b.headline ? <div className="small text-body-secondary">{b.headline}</div> : null}
                          </div>
                        </div>
                      </td>
                      <td className="ru-hide-sm-md" data-label="Rating">
                        <span aria-label={`${b.rating} out of 5`}>{b.rating > 0 ? '$'.repeat(b.rating) : '—'}</span>
                      </td>
                      <td className="ru-hide-sm-md text-nowrap" data-label="Share return">
                        {b.shareReturnTime} {b.shareReturnTime === 1 ? 'day' : 'days'}
                      </td>
                      <td data-label="Status">
                        {b.disabled ? (
                          <span className="badge text-bg-secondary">Disabled</span>
                        ) : (
                          <span className="badge text-bg-success">Shown</span>
                        )}
                      </td>
                      <AdminRowActions viewTo={`/admin/brokers/view/${b._id}`} label={b.name} onDelete={() => setTarget(b)} />
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      <DeleteDialog
        show={target !== null}
        title="Delete broker?"
        onHide={() => setTarget(null)}
        onConfirm={() => del.mutateAsync(target?._id ?? '')}
        onDeleted={() => {
          setTarget(null);
          void navigate('/refresh');
        }}
      >
        <p className="mb-0">
          Delete <strong>{target?.name}</strong>? Members’ accounts keep the broker’s name. This cannot be undone.
        </p>
      </DeleteDialog>
    </>
  );
}
