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
};

/** A labelled Bootstrap text input: the field every form here repeats. */
export function TextField({ id, label, value, onChange, wrapperClassName = 'mb-3', help, ...input }: Props) {
  return (
    <div className={wrapperClassName}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        className="form-control"
        required
        aria-describedby={help ? `${id}-help` : undefined}
        {...input}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {help ? (
        <div id={`${id}-help`} className="form-text">
          {help}
        </div>
      ) : null}
    </div>
  );
}
