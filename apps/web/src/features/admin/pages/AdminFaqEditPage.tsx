import type { FaqInput } from '@roundup/shared/faqs';
import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useTimedMessage } from '../../../components/useTimedMessage';
import { errorMessages } from '../../../lib/api-client';
import { useAdminFaq, useAdminFaqs, useDeleteFaq, useSaveFaq } from '../api';
import { DeleteDialog } from '../components/DeleteDialog';
import { FaqForm, faqFormValues } from '../components/FaqForm';
import '../admin.css';

/** /admin/faqs/add and /admin/faqs/view/:faqId. */
export function AdminFaqEditPage() {
  const { faqId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { data: faq, error: loadError, isPending } = useAdminFaq(faqId);
  const { data: all } = useAdminFaqs();
  const categories = useMemo(() => [...new Set((all ?? []).map((f) => f.category))], [all]);
  const save = useSaveFaq();
  const del = useDeleteFaq();
  const [errors, setErrors] = useState<string[] | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const flash = (location.state as { flash?: string } | null)?.flash;
  const saved = useTimedMessage<string>();

  async function submit(values: FaqInput) {
    setErrors(null);
    try {
      const result = await save.mutateAsync({ ...values, ...(faqId ? { _id: faqId } : {}) });
      if (faqId) saved.show('FAQ saved.');
      else void navigate(`/admin/faqs/view/${result._id}`, { replace: true, state: { flash: 'FAQ added.' } });
    } catch (e) {
      setErrors(errorMessages(e));
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }
  }

  const successMessage = saved.value ?? flash;

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 small">
        <Link to="/admin/faqs">← All FAQs</Link>
      </nav>
      <h1 className="h3 fw-bold mb-4">{faqId ? 'Edit FAQ' : 'Add FAQ'}</h1>
      <ErrorAlert messages={errors} onClose={() => setErrors(null)} />
      {successMessage ? (
        <Alert variant="success" dismissible onClose={() => (saved.value ? saved.clear() : navigate('.', { replace: true, state: null }))} className="py-2">
          {successMessage}
        </Alert>
      ) : null}
      {faqId && isPending ? <p className="text-body-secondary">Loading FAQ…</p> : null}
      <ErrorAlert messages={loadError ? errorMessages(loadError) : null} firstOnly />
      {!faqId || faq ? (
        <section className="card shadow-sm ru-panel">
          <div className="card-body p-3 p-md-4">
            <FaqForm
              key={faq?._id ?? 'new'}
              initial={faqFormValues(faq)}
              categories={categories}
              submitLabel={faqId ? 'Save FAQ' : 'Add FAQ'}
              busy={save.isPending}
              onSubmit={(v) => void submit(v)}
              extraActions={
                faqId ? (
                  <Button variant="outline-danger" className="ms-auto" onClick={() => setConfirmDelete(true)}>
                    Delete FAQ
                  </Button>
                ) : null
              }
            />
          </div>
        </section>
      ) : null}
      <DeleteDialog
        show={confirmDelete}
        title="Delete FAQ?"
        onHide={() => setConfirmDelete(false)}
        onConfirm={() => del.mutateAsync(faqId ?? '')}
        onDeleted={() => void navigate('/admin/faqs', { replace: true })}
      >
        <p className="mb-0">
          Delete “<strong>{faq?.question}</strong>”? This cannot be undone.
        </p>
      </DeleteDialog>
    </>
  );
}
