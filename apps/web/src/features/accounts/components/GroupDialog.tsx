import { useRef, useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { createAccountGroupRequest, GROUP_NAME_MAX, groupByBroker, type Account, type AccountGroup } from '@roundup/shared';
import { FieldError, invalidProps } from '../../../components/FieldError';
import { RoundUpStatusBadge } from '../../../components/RoundUpStatusBadge';
import { checkFields, hasErrors, serverErrors, useFormErrors } from '../../../lib/form-errors';
import { useSaveGroup } from '../api';
import { DialogFooter, FirstError } from './DialogParts';

const FIELDS = ['name', 'accountIds'];

/** Name a group of accounts and tick its accounts (kept in the member's order). */
export function GroupDialog({
  group,
  accounts,
  onClose,
}: {
  group: AccountGroup | null;
  accounts: Account[];
  onClose: () => void;
}) {
  const [name, setName] = useState(group?.name ?? '');
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(group?.accountIds ?? []));
  const save = useSaveGroup();
  const nameRef = useRef<HTMLInputElement>(null);
  const { errors, show, clear, formRef } = useFormErrors();
  const toggle = (id: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The group keeps the order the member sees: the accounts list's own order.
    const input = { name, accountIds: accounts.filter((a) => chosen.has(a._id)).map((a) => a._id) };
    const problems = checkFields(createAccountGroupRequest, input, FIELDS);
    if (hasErrors(problems)) return show(problems);
    clear();
    save.mutate(
      { ...input, name: name.trim(), id: group?._id },
      { onSuccess: onClose, onError: (err) => show(serverErrors(err, FIELDS)) },
    );
  };

  return (
    <Modal show onHide={onClose} centered aria-labelledby="group-dialog-title" onEntered={() => nameRef.current?.focus()}>
      <Form onSubmit={submit} noValidate ref={formRef}>
        <Modal.Header closeButton>
          <Modal.Title id="group-dialog-title" as="h2" className="h5">
            {group ? 'Edit group' : 'New group'}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group className="mb-3" controlId="group-name">
            <Form.Label>Name</Form.Label>
            <Form.Control
              value={name}
              maxLength={GROUP_NAME_MAX}
              onChange={(e) => setName(e.target.value)}
              ref={nameRef}
              placeholder="e.g. day one"
              {...invalidProps(errors.fields.name, 'group-name')}
            />
            <FieldError id="group-name" error={errors.fields.name} />
          </Form.Group>
          <fieldset>
            <legend className="form-label fs-6">Accounts</legend>
            {groupByBroker(accounts).map(({ broker, accounts: list }) => (
              <div key={broker} className="mb-2">
                <div className="fw-semibold small">
                  {broker}
                  <RoundUpStatusBadge status={list[0]?.brokerRules?.roundUpStatus} />
                </div>
                {list.map((a) => (
                  <Form.Check
                    key={a._id}
                    id={`group-acc-${a._id}`}
                    label={a.nickname}
                    checked={chosen.has(a._id)}
                    onChange={(e) => toggle(a._id, e.target.checked)}
                  />
                ))}
              </div>
            ))}
            <FieldError id="group-accounts" error={errors.fields.accountIds} />
          </fieldset>
          <FirstError messages={errors.other} />
        </Modal.Body>
        <DialogFooter
          onCancel={onClose}
          busy={save.isPending}
          busyLabel="Saving…"
          label={group ? 'Save group' : 'Create group'}
        />
      </Form>
    </Modal>
  );
}
