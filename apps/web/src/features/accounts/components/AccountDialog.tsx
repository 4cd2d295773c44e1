import { useRef, useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { NICKNAME_MAX, type Account, type AccountType, type BrokerOption } from '@roundup/shared';
import { FieldError, invalidProps } from '../../../components/FieldError';
import { serverErrors, useFormErrors, type FormErrors } from '../../../lib/form-errors';
import { useAddAccount, useEditAccount } from '../api';
import { BrokerTypeSelects, DialogFooter, FirstError } from './DialogParts';

const FIELDS = ['nickname', 'brokerId', 'type'];

/** Add or edit a brokerage account (product.md#screens Settings → Accounts); the first server message shows in red. */
export function AccountDialog({
  account,
  brokers,
  onClose,
  initial,
}: {
  account: Account | null;
  brokers: BrokerOption[];
  onClose: () => void;
  /** A new account's starting values (a copy of another account). */
  initial?: { brokerId: string; type: AccountType; nickname: string };
}) {
  const editing = account !== null;
  const start = account ?? initial;
  const [nickname, setNickname] = useState(start?.nickname ?? '');
  const [brokerId, setBrokerId] = useState(start?.brokerId ?? '');
  const [type, setType] = useState<AccountType | ''>(start?.type ?? '');
  const add = useAddAccount();
  const edit = useEditAccount();
  const mutation = editing ? edit : add;
  const { errors, show, clear, edit: editField, formRef } = useFormErrors();
  const nicknameRef = useRef<HTMLInputElement>(null);

  // An account may keep a broker that has since been disabled.
  const options =
    account?.brokerId && !brokers.some((b) => b._id === account.brokerId)
      ? [...brokers, { _id: account.brokerId, name: account.broker, shareReturnTime: 0 }]
      : brokers;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Every missing field at once, beside it.
    const problems: FormErrors = { fields: {}, other: [] };
    if (!nickname.trim()) problems.fields.nickname = 'Nickname is required';
    if (!brokerId) problems.fields.brokerId = 'Choose a broker from the list';
    if (!type) problems.fields.type = 'Choose an account type';
    if (!type || !brokerId || !nickname.trim()) return show(problems);
    clear();
    const fields = { nickname: nickname.trim(), brokerId, type };
    const done = {
      onSuccess: onClose,
      onError: (err: unknown) => {
        const found = serverErrors(err, FIELDS);
        show({ fields: found.fields, other: found.other.slice(0, 1) }); // product.md#messages: the first message
      },
    };
    if (account) edit.mutate({ _id: account._id, ...fields }, done);
    else add.mutate(fields, done);
  };

  const title = editing ? 'Edit account' : 'Add account';

  return (
    <Modal show onHide={onClose} centered aria-labelledby="account-dialog-title" onEntered={() => nicknameRef.current?.focus()}>
      <Form onSubmit={submit} noValidate ref={formRef}>
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
              onChange={(e) => editField('nickname', setNickname)(e.target.value)}
              placeholder="e.g. Fidelity Roth"
              required
              {...invalidProps(errors.fields.nickname, 'account-nickname')}
            />
            <FieldError id="account-nickname" error={errors.fields.nickname} />
          </Form.Group>
          <BrokerTypeSelects
            idPrefix="account"
            brokers={options}
            brokerId={brokerId}
            type={type}
            onBroker={editField('brokerId', setBrokerId)}
            onType={editField('type', setType)}
            errors={errors.fields}
          />
          <FirstError messages={errors.other} />
        </Modal.Body>
        <DialogFooter
          onCancel={onClose}
          busy={mutation.isPending}
          busyLabel="Saving…"
          label={editing ? 'Save changes' : 'Add account'}
        />
      </Form>
    </Modal>
  );
}
