import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import {
  ADD_MANY_MAX,
  addAccountsRequest,
  nextNicknames,
  type Account,
  type AccountType,
  type BrokerOption,
} from '@roundup/shared';
import { FieldError, invalidProps } from '../../../components/FieldError';
import { checkFields, hasErrors, serverErrors, useFormErrors } from '../../../lib/form-errors';
import { useAddAccounts } from '../api';
import { BrokerTypeSelects, DialogFooter, FirstError } from './DialogParts';

const FIELDS = ['brokerId', 'type', 'nicknames'];

/** The nicknames to send: one a line, or `count` new ones named after the broker and type. */
export function nicknamesFor(text: string, count: string, taken: readonly string[], base: string): string[] {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length > 0) return lines;
  const n = Number(count);
  return Number.isInteger(n) && n > 0 ? nextNicknames(taken, base, Math.min(n, ADD_MANY_MAX + 1)) : [];
}

/** Several accounts at one broker and of one type — a count, or a list of nicknames. */
export function AddSeveralDialog({
  accounts,
  brokers,
  onClose,
}: {
  accounts: Account[];
  brokers: BrokerOption[];
  onClose: () => void;
}) {
  const [brokerId, setBrokerId] = useState('');
  const [type, setType] = useState<AccountType | ''>('');
  const [count, setCount] = useState('3');
  const [list, setList] = useState('');
  const add = useAddAccounts();
  const { errors, show, clear, formRef } = useFormErrors();
  const broker = brokers.find((b) => b._id === brokerId)?.name ?? '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const taken = accounts.map((a) => a.nickname);
    const input = { brokerId, type, nicknames: nicknamesFor(list, count, taken, `${broker} ${type}`) };
    const problems = checkFields(addAccountsRequest, input, FIELDS);
    if (!brokerId) problems.fields.brokerId = 'Choose a broker from the list';
    if (!type) problems.fields.type = 'Choose an account type';
    if (hasErrors(problems)) return show(problems);
    clear();
    add.mutate(input as { brokerId: string; type: AccountType; nicknames: string[] }, {
      onSuccess: onClose,
      onError: (err) => show(serverErrors(err, FIELDS)),
    });
  };

  return (
    <Modal show onHide={onClose} centered aria-labelledby="add-several-title">
      <Form onSubmit={submit} noValidate ref={formRef}>
        <Modal.Header closeButton>
          <Modal.Title id="add-several-title" as="h2" className="h5">
            Add several accounts
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <BrokerTypeSelects
            idPrefix="several"
            brokers={brokers}
            brokerId={brokerId}
            type={type}
            onBroker={setBrokerId}
            onType={setType}
            errors={errors.fields}
          />
          <Form.Group className="mb-3" controlId="several-count">
            <Form.Label>How many</Form.Label>
            <Form.Control
              type="number"
              min={1}
              max={ADD_MANY_MAX}
              value={count}
              onChange={(e) => setCount(e.target.value)}
              disabled={list.trim() !== ''}
            />
            <Form.Text>
              Named after the broker and type, e.g. “{broker || 'Broker'} {type || 'Roth IRA'} 1”.
            </Form.Text>
          </Form.Group>
          <Form.Group controlId="several-nicknames">
            <Form.Label>Or their nicknames, one a line</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              value={list}
              onChange={(e) => setList(e.target.value)}
              {...invalidProps(errors.fields.nicknames, 'several-nicknames')}
            />
            <FieldError id="several-nicknames" error={errors.fields.nicknames} />
          </Form.Group>
          <FirstError messages={errors.other} />
        </Modal.Body>
        <DialogFooter onCancel={onClose} busy={add.isPending} busyLabel="Adding…" label="Add accounts" />
      </Form>
    </Modal>
  );
}
