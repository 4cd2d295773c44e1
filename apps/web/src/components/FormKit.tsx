import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { TextField } from './TextField';

/**
 * The form kit: the fields and rows every form here repeats, each a TextField or a button with the
 * app's labels, autocomplete hints and error wiring filled in.
 */
interface FieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  wrapperClassName?: string;
  help?: string;
}

/** The member's email address. */
export function EmailField({ label = 'Email', ...p }: FieldProps & { label?: string }) {
  return <TextField type="email" autoComplete="email" label={label} {...p} />;
}

/** A password: the member's current one, or a new one (the browser offers to generate and save it). */
export function PasswordField({ label, isNew = false, ...p }: FieldProps & { label: string; isNew?: boolean }) {
  return <TextField type="password" autoComplete={isNew ? 'new-password' : 'current-password'} label={label} {...p} />;
}

/** A new password and its confirmation (reset, change). */
export function NewPasswordFields(p: {
  idPrefix: string;
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  errors: { password?: string; confirm?: string };
  /** Classes of the confirmation's wrapper: the space before what follows. */
  confirmClassName?: string;
}) {
  const fields = [
    { id: 'new', label: 'New password', value: p.password, onChange: p.onPassword, error: p.errors.password },
    {
      id: 'confirm',
      label: 'Confirm new password',
      value: p.confirm,
      onChange: p.onConfirm,
      error: p.errors.confirm,
      wrapperClassName: p.confirmClassName ?? 'mb-4',
    },
  ];
  return (
    <>
      {fields.map(({ id, ...f }) => (
        <PasswordField key={id} id={`${p.idPrefix}-${id}`} isNew {...f} />
      ))}
    </>
  );
}

/** A checkbox with its label and, when it has one, its problem beside it. */
export function CheckField(p: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  error?: string;
  required?: boolean;
  className?: string;
}) {
  return (
    <div className={`form-check ${p.className ?? ''}`.trim()}>
      <input
        id={p.id}
        type="checkbox"
        className={`form-check-input${p.error ? ' is-invalid' : ''}`}
        required={p.required}
        checked={p.checked}
        onChange={(e) => p.onChange(e.target.checked)}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={p.error ? `${p.id}-error` : undefined}
      />
      <label htmlFor={p.id} className="form-check-label">
        {p.children}
      </label>
      {p.error ? (
        <div id={`${p.id}-error`} className="invalid-feedback">
          {p.error}
        </div>
      ) : null}
    </div>
  );
}

/** The submit button: disabled while the request runs, saying what it is doing. */
export function SubmitButton(p: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
  className?: string;
  disabled?: boolean;
}) {
  return (
    <button type="submit" className={p.className ?? 'btn btn-primary'} disabled={p.busy || p.disabled}>
      {p.busy ? p.busyLabel : p.children}
    </button>
  );
}

/** A labelled row for any control (a textarea, a read-only input): the control ties itself to `${id}-help`. */
export function FieldRow(p: {
  id: string;
  label: ReactNode;
  help?: ReactNode;
  /** Announce the help as it changes (a character count). */
  liveHelp?: boolean;
  helpClassName?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={p.className ?? 'mb-3'}>
      <label htmlFor={p.id} className="form-label">
        {p.label}
      </label>
      {p.children}
      {p.help ? (
        <div
          id={`${p.id}-help`}
          className={`form-text ${p.helpClassName ?? ''}`.trim()}
          aria-live={p.liveHelp ? 'polite' : undefined}
        >
          {p.help}
        </div>
      ) : null}
    </div>
  );
}

/** One choice among a few, as inline radio buttons under a legend. */
export function RadioGroup<T extends string>(p: {
  idPrefix: string;
  legend: ReactNode;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  labelOf?: (option: T) => ReactNode;
  help?: ReactNode;
}) {
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-1">{p.legend}</legend>
      {p.options.map((o) => (
        <div key={o} className="form-check form-check-inline">
          <input
            className="form-check-input"
            type="radio"
            name={p.idPrefix}
            id={`${p.idPrefix}-${o}`}
            checked={p.value === o}
            onChange={() => p.onChange(o)}
          />
          <label className="form-check-label" htmlFor={`${p.idPrefix}-${o}`}>
            {p.labelOf ? p.labelOf(o) : o}
          </label>
        </div>
      ))}
      {p.help ? <div className="form-text">{p.help}</div> : null}
    </fieldset>
  );
}

/** A multi-line text field in a FieldRow, tied to its help (a character count). */
export function TextAreaRow(p: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  rows: number;
  help: ReactNode;
  liveHelp?: boolean;
  helpClassName?: string;
  invalid?: boolean;
}) {
  return (
    <FieldRow id={p.id} label={p.label} help={p.help} liveHelp={p.liveHelp} helpClassName={p.helpClassName}>
      <textarea
        id={p.id}
        className={`form-control${p.invalid ? ' is-invalid' : ''}`}
        rows={p.rows}
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
        aria-describedby={`${p.id}-help`}
      />
    </FieldRow>
  );
}

/** What a form says when it has done its work, announced as a status; nothing without a message. */
export function SuccessAlert({ message }: { message: ReactNode }) {
  return message ? (
    <Alert variant="success" role="status">
      {message}
    </Alert>
  ) : null;
}

/** A success message the reader dismisses (admin actions), or nothing. */
export function DismissibleSuccess({ message, onClose }: { message: ReactNode; onClose: () => void }) {
  return message ? (
    <Alert variant="success" dismissible onClose={onClose} className="py-2">
      {message}
    </Alert>
  ) : null;
}

/** An on/off switch with its label. */
export function SwitchField(p: {
  /** Its input's id; none inside a Form.Group that gives it one (controlId). */
  id?: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <Form.Check
      type="switch"
      id={p.id}
      label={p.label}
      checked={p.checked}
      disabled={p.disabled}
      onChange={(e) => p.onChange(e.target.checked)}
    />
  );
}
