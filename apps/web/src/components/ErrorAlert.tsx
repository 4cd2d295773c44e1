import Alert from 'react-bootstrap/Alert';

interface ErrorAlertProps {
  /** Messages to show; nothing renders when empty. */
  messages: readonly string[] | null | undefined;
  /** Show only the first message (product.md#messages default) instead of the whole list. */
  firstOnly?: boolean;
  onClose?: () => void;
  className?: string;
}

/** A red alert listing server messages (product.md#messages). */
export function ErrorAlert({ messages, firstOnly = false, onClose, className }: ErrorAlertProps) {
  const list = (messages ?? []).filter(Boolean);
  if (list.length === 0) return null;
  const shown = firstOnly ? list.slice(0, 1) : list;
  return (
    // Focusable from script: a form whose problems belong to no field moves focus here (lib/form-errors).
    <Alert
      variant="danger"
      className={className}
      dismissible={Boolean(onClose)}
      onClose={onClose}
      tabIndex={-1}
      data-form-errors=""
    >
      {shown.length === 1 ? (
        shown[0]
      ) : (
        <ul className="mb-0 ps-3">
          {shown.map((m, i) => (
            <li key={`${i}-${m}`}>{m}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
