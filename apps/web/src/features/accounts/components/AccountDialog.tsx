import { useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { ACCOUNT_TYPES, NICKNAME_MAX, type Account, type AccountType, type BrokerOption } from '@roundup/shared';
import { firstErrorMessage } from '../../../lib/api-client';
import { useAddAccount, useEditAccount } from '../api';

/** Add or edit a brokerage account (product.md §2 Settings → Accounts); the first server message shows in red. */
export function AccountDialog({
  account,
  brokers,
  onClose,
}: {
  account: Account | null;
  brokers: BrokerOption[];
  onClose: () => void;
}) {
  const editing = account !== null;
  const [nickname, setNickname] = useState(account?.nickname ?? '');
  const [brokerId, setBrokerId] = useState(account?.brokerId ?? '');
  const [type, setType] = useState<AccountType | ''>(account?.type ?? '');
  const add = useAddAccount();
  const edit = useEditAccount();
  const mutation = editing ? edit : add;
  const [localError, setLocalError] = useState<string | null>(null);
  const nicknameRef = useRef<HTMLInputElement>(null);

  // An account may keep a broker that has since been disabled.
  const options =
    account?.brokerId && !brokers.some((b) => b._id === account.brokerId)
      ? [...brokers, { _id: account.brokerId, name: account.broker, shareReturnTime: 0 }]
      : brokers;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!nickname.trim()) return setLocalError('Nickname is required');
    if (!brokerId) return setLocalError('Choose a broker from the list');
    if (!type) return setLocalError('Choose an account type');
    setLocalError(null);
    const fields = { nickname: nickname.trim(), brokerId, type };
    const done = { onSuccess: onClose };
    if (account) edit.mutate({ _id: account._id, ...fields }, done);
    else add.mutate(fields, done);
  };

  const error = localError ?? (mutation.error ? firstErrorMessage(mutation.error) : null);
  const title = editing ? 'Edit account' : 'Add account';

  return (
    <Modal show onHide={onClose} centered aria-labelledby="account-dialog-title" onEntered={() => nicknameRef.current?.focus()}>
      <Form onSubmit={submit} noValidate>
        <Modal.Header closeButton>
          <Modal.Title id="account-dialog-title" as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group className="mb-3" controlId="account-nickname">
            <Form.Label>Nickname</Form.Label>
            <Form.Control
              ref={nicknameRef}
              value={nickname}
              maxLength={NICKNAME_MAX}
              onChange={(e) => setNickname(e.target.value)}
              placeholder="e.g. Fidelity Roth"
              required
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId="account-broker">
            <Form.Label>Broker</Form.Label>
            <Form.Select value={brokerId} onChange={(e) => setBrokerId(e.target.value)} required>
              <option value="">Choose a broker…</option>
              {options.map((b) => (
                <option key={b._id} value={b._id}>
                  {b.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group className="mb-2" controlId="account-type">
            <Form.Label>Type</Form.Label>
            <Form.Select value={type} onChange={(e) => setType(e.target.value as AccountType)} required>
              <option value="">Choose a type…</option>
              {ACCOUNT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          {error ? (
            <p className="text-danger small mb-0 mt-3" role="alert">
              {error}
            </p>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={mutation.isPending}>
            {mutation.isPending ? 'Saving…' : editing ? 'Save changes' : 'Add account'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
