import { useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { hasErrors, serverErrors, useFormErrors, type FormErrors } from '../../../lib/form-errors';

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
 * every problem at once beside its field (issue 14) before sending, then the server's beside theirs.
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
