import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidProps } from './FieldError';
import { SafeHtml } from './SafeHtml';

/** A rich-text field of an admin form (broker, FAQ) with its preview. */
export function HtmlField({
  id,
  label,
  value,
  max,
  rows = 4,
  required,
  help,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  max: number;
  rows?: number;
  required?: boolean;
  help?: ReactNode;
  error?: string;
  onChange: (v: string) => void;
}) {
  return (
    <Form.Group className="col-12" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <div className="row g-2">
        <div className="col-12 col-lg-6">
          <Form.Control
            as="textarea"
            rows={rows}
            value={value}
            maxLength={max}
            required={required}
            onChange={(e) => onChange(e.target.value)}
            className="font-monospace small"
            {...invalidProps(error, id)}
          />
          <FieldError id={id} error={error} />
          <Form.Text>
            {help ?? 'HTML allowed: paragraphs, lists, bold, italics, links, tables. Scripts and event handlers are removed.'}
          </Form.Text>
        </div>
        <div className="col-12 col-lg-6">
          <div className="small text-body-secondary mb-1" aria-hidden="true">
            Preview
          </div>
          <div className="ru-admin-html small" aria-label={`${label} preview`} role="region">
            {value.trim() ? <SafeHtml html={value} /> : <span className="text-body-secondary">Nothing yet.</span>}
          </div>
        </div>
      </div>
    </Form.Group>
  );
}
