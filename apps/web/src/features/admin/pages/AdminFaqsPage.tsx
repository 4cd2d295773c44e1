import type { Faq } from '@roundup/shared/faqs';
import { useMemo, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate } from 'react-router';
import { useAdminFaqs, useDeleteFaq } from '../api';
import { DeleteDialog } from '../components/DeleteDialog';
import '../admin.css';
import { AdminListHeader, AdminRowActions } from '../../../components/AdminList';

/** /admin/faqs: FAQs in display order, filterable by category, with view and delete. */
export function AdminFaqsPage() {
  const { data, error, isPending, refetch } = useAdminFaqs();
  const del = useDeleteFaq();
  const navigate = useNavigate();
  const [target, setTarget] = useState<Faq | null>(null);
  const [category, setCategory] = useState('');
  const categories = useMemo(() => [...new Set((data ?? []).map((f) => f.category))].sort(), [data]);
  const shown = (data ?? []).filter((f) => !category || f.category === category);

  return (
    <>
      <AdminListHeader
        title="FAQs"
        addTo="/admin/faqs/add"
        addLabel="Add FAQ"
        error={error}
        isPending={isPending}
        loadingText="Loading FAQs…"
        onRetry={() => void refetch()}
      />
      {data ? (
        <section className="card shadow-sm ru-panel" aria-label="FAQs">
          <div className="card-body pb-0 d-flex flex-wrap align-items-center gap-2">
            <Form.Label htmlFor="faq-filter" className="mb-0 small text-body-secondary">
              Category
            </Form.Label>
            <Form.Select
              id="faq-filter"
              size="sm"
              value={category}
              onChange={(e) => setCategory(e.target.value)}
              style={{ maxWidth: '14rem' }}
            >
              <option value="">All ({data.length})</option>
              {categories.map((c) => (
                <option key={c} value={c}>
                  {c} ({data.filter((f) => f.category === c).length})
                </option>
              ))}
            </Form.Select>
          </div>
          <div className="table-responsive">
            <table className="table table-hover mb-0 ru-admin-table ru-card-table">
              <thead>
                <tr>
                  <th scope="col">Question</th>
                  <th scope="col" className="d-none d-md-table-cell">
                    Category
                  </th>
                  <th scope="col" className="text-center">
                    Sort
                  </th>
                  <th scope="col" className="text-end">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.length === 0 ? (
                  <tr>
                    <td colSpan={4} className="text-body-secondary">
                      No FAQs yet.
                    </td>
                  </tr>
                ) : (
                  shown.map((f) => (
                    <tr key={f._id}>
                      <td className="ru-cell-wrap ru-col-name">
                        <Link to={`/admin/faqs/view/${f._id}`} className="fw-semibold">
                          {f.question}
                        </Link>
                        <div className="small text-body-secondary d-md-none">{f.category}</div>
                      </td>
                      <td className="d-none d-md-table-cell">
                        <span className="badge text-bg-light border">{f.category}</span>
                      </td>
                      <td className="text-center" data-label="Sort">
                        {f.sort}
                      </td>
                      <AdminRowActions
                        viewTo={`/admin/faqs/view/${f._id}`}
                        label={`FAQ: ${f.question}`}
                        onDelete={() => setTarget(f)}
                      />
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
        title="Delete FAQ?"
        onHide={() => setTarget(null)}
        onConfirm={() => del.mutateAsync(target?._id ?? '')}
        onDeleted={() => {
          setTarget(null);
          void navigate('/refresh');
        }}
      >
        <p className="mb-0">
          Delete “<strong>{target?.question}</strong>”? This cannot be undone.
        </p>
      </DeleteDialog>
    </>
  );
}
