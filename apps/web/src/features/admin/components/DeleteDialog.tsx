import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { firstErrorMessage } from '../../../lib/api-client';

interface DeleteDialogProps {
  show: boolean;
  title: string;
  children: ReactNode;
  /** Deletes; a rejection keeps the dialog open with the message (product.md#messages "Failed delete"). */
  onConfirm: () => Promise<unknown>;
  /** Called after a successful delete (e.g. navigate to /refresh). */
  onDeleted: () => void;
  onHide: () => void;
}

/** Confirm → delete → reload (product.md#screens delete dialogs). */
export function DeleteDialog({ show, title, children, onConfirm, onDeleted, onHide }: DeleteDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setBusy(false);
      onDeleted();
    } catch (e) {
      setBusy(false);
      setError(firstErrorMessage(e));
    }
  }

  function hide() {
    if (busy) return;
    setError(null);
    onHide();
  }

  return (
    <Modal show={show} onHide={hide} centered aria-labelledby="delete-dialog-title">
      <Modal.Header closeButton>
        <Modal.Title id="delete-dialog-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {children}
        {error ? (
          <p className="text-danger mt-3 mb-0" role="alert">
            {error}
          </p>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={hide} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={busy}>
          {busy ? 'Deleting…' : 'Delete'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
