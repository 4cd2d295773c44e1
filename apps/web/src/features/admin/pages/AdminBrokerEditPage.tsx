import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useTimedMessage } from '../../../components/useTimedMessage';
import { errorMessages } from '../../../lib/api-client';
import { useAdminBroker, useDeleteBroker, useSaveBroker } from '../api';
import { BrokerForm, brokerFormValues, toBrokerInput, type BrokerFormValues } from '../components/BrokerForm';
import { DeleteDialog } from '../components/DeleteDialog';
import '../admin.css';

/** /admin/brokers/add and /admin/brokers/view/:brokerId. */
export function AdminBrokerEditPage() {
  const { brokerId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { data: broker, error: loadError, isPending } = useAdminBroker(brokerId);
  const save = useSaveBroker();
  const del = useDeleteBroker();
  const [errors, setErrors] = useState<string[] | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const flash = (location.state as { flash?: string } | null)?.flash;
  const saved = useTimedMessage<string>();

  async function submit(values: BrokerFormValues) {
    setErrors(null);
    try {
      const result = await save.mutateAsync({ ...toBrokerInput(values), ...(brokerId ? { _id: brokerId } : {}) });
      if (brokerId) saved.show('Broker saved.');
      else void navigate(`/admin/brokers/view/${result._id}`, { replace: true, state: { flash: 'Broker added.' } });
    } catch (e) {
      setErrors(errorMessages(e));
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }
  }

  const title = brokerId ? (broker ? broker.name : 'Broker') : 'Add broker';
  const successMessage = saved.value ?? flash;

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 small">
        <Link to="/admin/brokers">← All brokers</Link>
      </nav>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-4">
        <h1 className="h3 fw-bold mb-0 text-break">{title}</h1>
        {broker?.disabled ? <span className="badge text-bg-secondary">Disabled</span> : null}
      </div>
      <ErrorAlert messages={errors} onClose={() => setErrors(null)} />
      {successMessage ? (
        <Alert variant="success" dismissible onClose={() => (saved.value ? saved.clear() : navigate('.', { replace: true, state: null }))} className="py-2">
          {successMessage}
        </Alert>
      ) : null}
      {brokerId && isPending ? <p className="text-body-secondary">Loading broker…</p> : null}
      <ErrorAlert messages={loadError ? errorMessages(loadError) : null} firstOnly />
      {!brokerId || broker ? (
        <section className="card shadow-sm ru-panel">
          <div className="card-body p-3 p-md-4">
            <BrokerForm
              key={broker?._id ?? 'new'}
              initial={brokerFormValues(broker)}
              submitLabel={brokerId ? 'Save broker' : 'Add broker'}
              busy={save.isPending}
              onSubmit={(v) => void submit(v)}
              extraActions={
                brokerId ? (
                  <Button variant="outline-danger" className="ms-auto" onClick={() => setConfirmDelete(true)}>
                    Delete broker
                  </Button>
                ) : null
              }
            />
          </div>
        </section>
      ) : null}
      <DeleteDialog
        show={confirmDelete}
        title="Delete broker?"
        onHide={() => setConfirmDelete(false)}
        onConfirm={() => del.mutateAsync(brokerId ?? '')}
        onDeleted={() => void navigate('/admin/brokers', { replace: true })}
      >
        <p className="mb-0">
          Delete <strong>{broker?.name}</strong>? This cannot be undone.
        </p>
      </DeleteDialog>
    </>
  );
}
