import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { DeleteSplitResult, Split } from '@roundup/shared/splits';
import { ApiError, firstErrorMessage } from '../../../lib/api-client';
import { CancelButton, DialogError } from '../../../components/ConfirmDialog';

interface Props {
  split: Split | null;
  /** POST /api/rs/delete; without `confirm` a split members have trades on answers 409 with the count. */
  onDelete: (confirm: boolean) => Promise<DeleteSplitResult>;
  onDone: (result: DeleteSplitResult) => void;
  onHide: () => void;
}

/**
 * Delete a split (decision 011). A split without trades is deleted. When members have
 * trades on it the server refuses and names the count; the dialog shows that and offers to archive
 * the split instead: it leaves the calendar, tables and alerts, and members keep their trades.
 */
export function SplitDeleteDialog({ split, onDelete, onDone, onHide }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The server's question (with the count) once it asked to confirm archiving. */
  const [archiveQuestion, setArchiveQuestion] = useState<string | null>(null);

  function reset() {
    setBusy(false);
    setError(null);
    setArchiveQuestion(null);
  }

  async function run() {
    setBusy(true);
    setError(null);
    try {
      const result = await onDelete(archiveQuestion !== null);
      reset();
      onDone(result);
    } catch (e) {
      setBusy(false);
      if (e instanceof ApiError && e.status === 409 && archiveQuestion === null) setArchiveQuestion(firstErrorMessage(e));
      else setError(firstErrorMessage(e));
    }
  }

  function hide() {
    if (busy) return;
    reset();
    onHide();
  }

  const archiving = archiveQuestion !== null;
  return (
    <Modal show={split !== null} onHide={hide} centered aria-labelledby="split-delete-title">
      <Modal.Header closeButton>
        <Modal.Title id="split-delete-title" as="h2" className="h5">
          {archiving ? 'Archive split?' : 'Delete split?'}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {archiving ? (
          <div role="alert" data-testid="archive-question">
            <p className="mb-2">
              <strong>
                {split?.name} ({split?.ticker})
              </strong>
            </p>
            <p className="mb-0">{archiveQuestion}</p>
          </div>
        ) : (
          <p className="mb-0">
            Delete{' '}
            <strong>
              {split?.name} ({split?.ticker})
            </strong>
            ? If members have recorded trades on it, you will be asked to archive it instead: their trades and analytics are kept.
          </p>
        )}
        <DialogError error={error} />
      </Modal.Body>
      <Modal.Footer>
        <CancelButton onClick={hide} disabled={busy} />
        <Button variant={archiving ? 'warning' : 'danger'} onClick={() => void run()} disabled={busy}>
          {busy ? (archiving ? 'Archiving…' : 'Deleting…') : archiving ? 'Archive split' : 'Delete'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
