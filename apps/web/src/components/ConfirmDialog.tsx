import { useId, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { firstErrorMessage } from '../lib/api-client';

export interface ConfirmDialogProps<R> {
  show: boolean;
  title: string;
  children: ReactNode;
  /** Does the work; a rejection keeps the dialog open with the message (product.md#messages "Failed delete"). */
  onConfirm: () => Promise<R>;
  /** Called with the work's result after it succeeded (close, navigate, say what happened). */
  onDone: (result: R) => void;
  onHide: () => void;
  confirmLabel: string;
  busyLabel: string;
}

/** Asks once before a destructive action, shows its failure in place, and cannot be closed while it runs. */
export function ConfirmDialog<R>(p: ConfirmDialogProps<R>) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      const result = await p.onConfirm();
      setBusy(false);
      p.onDone(result);
    } catch (e) {
      setBusy(false);
      setError(firstErrorMessage(e));
    }
  }

  function hide() {
    if (busy) return;
    setError(null);
    p.onHide();
  }

  return (
    <Modal show={p.show} onHide={hide} centered aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {p.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {p.children}
        <DialogError error={error} />
      </Modal.Body>
      <Modal.Footer>
        <CancelButton onClick={hide} disabled={busy} />
        <Button variant="danger" onClick={() => void confirm()} disabled={busy}>
          {busy ? p.busyLabel : p.confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

/** A dialog's failure, under what it asked. */
export function DialogError({ error }: { error: string | null }) {
  return error ? (
    <p className="text-danger mt-3 mb-0" role="alert">
      {error}
    </p>
  ) : null;
}

/** A dialog's Cancel, unavailable while its action runs. */
export function CancelButton({ onClick, disabled }: { onClick: () => void; disabled: boolean }) {
  return (
    <Button variant="outline-secondary" onClick={onClick} disabled={disabled}>
      Cancel
    </Button>
  );
}
