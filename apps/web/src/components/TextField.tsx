import type { InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> & {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Classes of the wrapping div (spacing, grid column). */
  wrapperClassName?: string;
  /** A hint under the field, linked with aria-describedby. */
  help?: string;
  /** The field's problem, shown beside it and linked with aria-invalid and aria-describedby. */
  error?: string;
};

/** A labelled Bootstrap text input: the field every form here repeats. */
export function TextField({ id, label, value, onChange, wrapperClassName = 'mb-3', help, error, ...input }: Props) {
  const described = [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(' ');
  return (
    <div className={wrapperClassName}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        className={`form-control${error ? ' is-invalid' : ''}`}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      ) : null}
      {help ? (
        <div id={`${id}-help`} className="form-text">
          {help}
        </div>
      ) : null}
    </div>
  );
}
