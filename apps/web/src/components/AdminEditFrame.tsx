import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useLocation, useNavigate } from 'react-router';
import { ErrorAlert } from './ErrorAlert';
import { useTimedMessage } from './useTimedMessage';
import { errorMessages } from '../lib/api-client';
import { DeleteDialog } from './DeleteDialog';

interface AdminEditFrameProps<V> {
  /** What is edited, as a sentence says it: 'broker', 'FAQ'. */
  noun: string;
  /** The list page, e.g. /admin/brokers; a new item opens at {listPath}/view/:id. */
  listPath: string;
  listLabel: string;
  /** The id being edited; undefined on the add page. */
  id: string | undefined;
  /** The edit page's query of the item: loaded once it has data. */
  item: { data: unknown; error: unknown; isPending: boolean };
  heading: ReactNode;
  /** Saves and answers the stored item (its _id opens the edit page after an add). */
  save: (values: V) => Promise<{ _id: string }>;
  saving: boolean;
  remove: () => Promise<unknown>;
  /** The delete dialog's question. */
  deleteQuestion: ReactNode;
  /**
   * The form, given what to do on submit and the Delete button to show beside Save. `onSubmit`
   * rejects with the server's error, which the form shows beside its fields.
   */
  children: (form: {
    submitLabel: string;
    busy: boolean;
    onSubmit: (values: V) => Promise<void>;
    extraActions: ReactNode;
  }) => ReactNode;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The add/edit page of an admin list (brokers, FAQs): breadcrumb, heading, error and saved
 * messages (the "added" one survives the redirect to the new item's page), loading state, the
 * form in a card, and a confirmed delete that returns to the list.
 */
export function AdminEditFrame<V>({
  noun,
  listPath,
  listLabel,
  id,
  item,
  heading,
  save,
  saving,
  remove,
  deleteQuestion,
  children,
}: AdminEditFrameProps<V>) {
  const location = useLocation();
  const navigate = useNavigate();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const flash = (location.state as { flash?: string } | null)?.flash;
  const saved = useTimedMessage<string>();
  const Noun = capital(noun);

  async function submit(values: V) {
    saved.clear();
    const result = await save(values);
    if (id) saved.show(`${Noun} saved.`);
    else void navigate(`${listPath}/view/${result._id}`, { replace: true, state: { flash: `${Noun} added.` } });
  }

  const successMessage = saved.value ?? flash;

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 small">
        <Link to={listPath}>← {listLabel}</Link>
      </nav>
      {heading}
      {successMessage ? (
        <Alert
          variant="success"
          dismissible
          onClose={() => (saved.value ? saved.clear() : navigate('.', { replace: true, state: null }))}
          className="py-2"
        >
          {successMessage}
        </Alert>
      ) : null}
      {id && item.isPending ? <p className="text-body-secondary">Loading {noun}…</p> : null}
      <ErrorAlert messages={item.error ? errorMessages(item.error) : null} firstOnly />
      {!id || item.data ? (
        <section className="card shadow-sm ru-panel">
          <div className="card-body p-3 p-md-4">
            {children({
              submitLabel: id ? `Save ${noun}` : `Add ${noun}`,
              busy: saving,
              onSubmit: submit,
              extraActions: id ? (
                <Button variant="outline-danger" className="ms-auto" onClick={() => setConfirmDelete(true)}>
                  Delete {noun}
                </Button>
              ) : null,
            })}
          </div>
        </section>
      ) : null}
      <DeleteDialog
        show={confirmDelete}
        title={`Delete ${noun}?`}
        onHide={() => setConfirmDelete(false)}
        onConfirm={remove}
        onDeleted={() => void navigate(listPath, { replace: true })}
      >
        <p className="mb-0">{deleteQuestion}</p>
      </DeleteDialog>
    </>
  );
}
