import Modal from 'react-bootstrap/Modal';
import type { Account } from '@roundup/shared';
import { firstErrorMessage } from '../../../lib/api-client';
import { useDeleteAccount } from '../api';
import { DialogFooter } from './DialogParts';

/** Confirms a delete and says how many recorded trades go with the account. */
export function DeleteAccountDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const del = useDeleteAccount();
  const n = account.tradeCount;
  return (
    <Modal show onHide={onClose} centered aria-labelledby="delete-account-title">
      <Modal.Header closeButton>
        <Modal.Title id="delete-account-title" as="h2" className="h5">
          Delete account
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-2">
          Delete <strong>{account.nickname}</strong> ({account.broker}, {account.type})?
        </p>
        <p className={`mb-0 small ${n > 0 ? 'text-danger-emphasis' : 'text-body-secondary'}`} data-testid="delete-trade-count">
          {n === 0
            ? 'No trades are recorded in this account.'
            : `${n} recorded ${n === 1 ? 'trade' : 'trades'} will be deleted with it. This cannot be undone.`}
        </p>
        {del.error ? (
          <p className="text-danger small mb-0 mt-3" role="alert">
            {firstErrorMessage(del.error)}
          </p>
        ) : null}
      </Modal.Body>
      <DialogFooter
        onCancel={onClose}
        busy={del.isPending}
        busyLabel="Deleting…"
        label="Delete"
        variant="danger"
        onAction={() => del.mutate(account._id, { onSuccess: onClose })}
      />
    </Modal>
  );
}
