import { useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ErrorAlert } from './ErrorAlert';
import { FieldError, invalidProps } from './FieldError';
import { hasErrors, serverErrors, useFormErrors, type FormErrors } from '../lib/form-errors';

/** What an admin edit form takes from its page (AdminEditFrame). */
export interface AdminFormProps<V> {
  initial: V;
  submitLabel: string;
  busy: boolean;
  onSubmit: (values: V) => Promise<void>;
  extraActions?: ReactNode;
}

/**
 * An admin form's state: its values, a setter that clears the field's message, and a submit that shows
 * every problem at once beside its field before sending, then the server's beside theirs.
 */
export function useAdminForm<V extends object>(
  props: AdminFormProps<V>,
  check: (values: V) => FormErrors,
  fields: readonly string[],
) {
  const [v, setV] = useState(props.initial);
  const { errors, show, clear, clearField, dismiss, formRef } = useFormErrors();
  const set = <K extends keyof V>(k: K, value: V[K]) => {
    setV((prev) => ({ ...prev, [k]: value }));
    clearField(String(k));
  };
  async function submit(e: FormEvent) {
    e.preventDefault();
    const problems = check(v);
    if (hasErrors(problems)) return show(problems);
    clear();
    try {
      await props.onSubmit(v);
    } catch (err) {
      show(serverErrors(err, fields));
    }
  }
  const frame = { submit, dismiss, errors, busy: props.busy, submitLabel: props.submitLabel, extraActions: props.extraActions };
  return { v, set, errors, frame, formRef };
}

/** The admin form's frame: the banner, the field grid, and the Save row with the page's extra actions. */
export function AdminFormFrame({
  label,
  frame,
  formRef,
  children,
}: {
  label: string;
  frame: ReturnType<typeof useAdminForm>['frame'];
  formRef: RefObject<HTMLFormElement | null>;
  children: ReactNode;
}) {
  return (
    <Form onSubmit={(e) => void frame.submit(e)} noValidate aria-label={label} ref={formRef}>
      <ErrorAlert messages={frame.errors.other} onClose={frame.dismiss} />
      <div className="row g-3">{children}</div>
      <div className="d-flex flex-wrap gap-2 mt-4">
        <Button type="submit" disabled={frame.busy}>
          {frame.busy ? 'Saving…' : frame.submitLabel}
        </Button>
        {frame.extraActions}
      </div>
    </Form>
  );
}

/** A labelled text control (a textarea with `rows`) of an admin form: its problem beside it, then `children`, then its help. */
export function AdminField(p: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  className?: string;
  rows?: number;
  type?: string;
  required?: boolean;
  maxLength?: number;
  placeholder?: string;
  list?: string;
  help?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Form.Group className={p.className ?? 'col-12'} controlId={p.id}>
      <Form.Label>{p.label}</Form.Label>
      <Form.Control
        {...(p.rows ? { as: 'textarea' as const, rows: p.rows } : {})}
        type={p.type}
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
        required={p.required}
        maxLength={p.maxLength}
        placeholder={p.placeholder}
        list={p.list}
        {...invalidProps(p.error, p.id)}
      />
      <FieldError id={p.id} error={p.error} />
      {p.children}
      {p.help ? <Form.Text>{p.help}</Form.Text> : null}
    </Form.Group>
  );
}

/** A labelled select of an admin form, with its problem beside it. */
export function AdminSelect(p: {
  id: string;
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  error?: string;
  className?: string;
  /** Each option's value and text. */
  options: ReadonlyArray<readonly [value: string | number, text: string]>;
}) {
  return (
    <Form.Group className={p.className ?? 'col-12'} controlId={p.id}>
      <Form.Label>{p.label}</Form.Label>
      <Form.Select value={p.value} onChange={(e) => p.onChange(e.target.value)} {...invalidProps(p.error, p.id)}>
        {p.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </Form.Select>
      <FieldError id={p.id} error={p.error} />
    </Form.Group>
  );
}
