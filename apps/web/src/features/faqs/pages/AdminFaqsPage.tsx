import type { Faq } from '@roundup/shared/faqs';
import { useMemo, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { useAdminFaqs, useDeleteFaq } from '../admin-api';
import { ListDeleteDialog } from '../../../components/DeleteDialog';
import '../../../components/admin-kit.css';
import { AdminListHeader } from '../../../components/AdminList';
import { AdminDataTable, type Column } from '../../../components/DataTable';

const FAQ_COLUMNS: Array<Column<Faq>> = [
  {
    header: 'Question',
    cellClassName: 'ru-cell-wrap ru-col-name',
    cell: (f) => (
      <>
        <Link to={`/admin/faqs/view/${f._id}`} className="fw-semibold">
          {f.question}
        </Link>
        <div className="small text-body-secondary d-md-none">{f.category}</div>
      </>
    ),
  },
  {
    header: 'Category',
    className: 'd-none d-md-table-cell',
    cell: (f) => <span className="badge text-bg-light border">{f.category}</span>,
  },
  { header: 'Sort', label: 'Sort', className: 'text-center', cell: (f) => f.sort },
];

/** /admin/faqs: FAQs in display order, filterable by category, with view and delete. */
export function AdminFaqsPage() {
  const list = useAdminFaqs();
  const { data } = list;
  const del = useDeleteFaq();
  const [target, setTarget] = useState<Faq | null>(null);
  const [category, setCategory] = useState('');
  const categories = useMemo(() => [...new Set((data ?? []).map((f) => f.category))].sort(), [data]);
  const shown = (data ?? []).filter((f) => !category || f.category === category);

  return (
    <>
      <AdminListHeader title="FAQs" addTo="/admin/faqs/add" addLabel="Add FAQ" loadingText="Loading FAQs…" query={list} />
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
          <AdminDataTable
            className="mb-0 ru-admin-table"
            columns={FAQ_COLUMNS}
            rows={shown}
            empty="No FAQs yet."
            viewBase="/admin/faqs/view"
            rowLabel={(f) => `FAQ: ${f.question}`}
            onDelete={setTarget}
          />
        </section>
      ) : null}
      <ListDeleteDialog target={target} title="Delete FAQ?" onHide={() => setTarget(null)} remove={(t) => del.mutateAsync(t._id)}>
        Delete “<strong>{target?.question}</strong>”? This cannot be undone.
      </ListDeleteDialog>
    </>
  );
}
