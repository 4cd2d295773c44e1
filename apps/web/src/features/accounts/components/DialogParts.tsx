import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { ACCOUNT_TYPES, type AccountType, type BrokerOption } from '@roundup/shared';
import { FieldError, invalidProps } from '../../../components/FieldError';

/** The Cancel and action buttons every accounts dialog ends with. */
export function DialogFooter({
  onCancel,
  busy,
  label,
  busyLabel,
  variant = 'primary',
  onAction,
}: {
  onCancel: () => void;
  busy: boolean;
  label: ReactNode;
  busyLabel: string;
  variant?: 'primary' | 'danger';
  /** Without it the action button submits the dialog's form. */
  onAction?: () => void;
}) {
  return (
    <Modal.Footer>
      <Button variant="outline-secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type={onAction ? 'button' : 'submit'} variant={variant} disabled={busy} onClick={onAction}>
        {busy ? busyLabel : label}
      </Button>
    </Modal.Footer>
  );
}

/** The first message that names no field (product.md#messages), where a failed submit puts the focus. */
export function FirstError({ messages }: { messages: string[] }) {
  return messages.length ? (
    <p className="text-danger small mb-0 mt-3" role="alert" tabIndex={-1} data-form-errors="">
      {messages[0]}
    </p>
  ) : null;
}

/** The broker and type an account is at (add, edit, add several). */
export function BrokerTypeSelects({
  idPrefix,
  brokers,
  brokerId,
  type,
  onBroker,
  onType,
  errors,
}: {
  idPrefix: string;
  brokers: readonly BrokerOption[];
  brokerId: string;
  type: AccountType | '';
  onBroker: (id: string) => void;
  onType: (type: AccountType) => void;
  errors: Record<string, string>;
}) {
  const [b, t] = [`${idPrefix}-broker`, `${idPrefix}-type`];
  return (
    <>
      <Form.Group className="mb-3" controlId={b}>
        <Form.Label>Broker</Form.Label>
        <Form.Select value={brokerId} onChange={(e) => onBroker(e.target.value)} required {...invalidProps(errors.brokerId, b)}>
          <option value="">Choose a broker…</option>
          {brokers.map((x) => (
            <option key={x._id} value={x._id}>
              {x.name}
            </option>
          ))}
        </Form.Select>
        <FieldError id={b} error={errors.brokerId} />
      </Form.Group>
      <Form.Group className="mb-3" controlId={t}>
        <Form.Label>Type</Form.Label>
        <Form.Select
          value={type}
          onChange={(e) => onType(e.target.value as AccountType)}
          required
          {...invalidProps(errors.type, t)}
        >
          <option value="">Choose a type…</option>
          {ACCOUNT_TYPES.map((x) => (
            <option key={x} value={x}>
              {x}
            </option>
          ))}
        </Form.Select>
        <FieldError id={t} error={errors.type} />
      </Form.Group>
    </>
  );
}
