import { useLayoutEffect, useRef } from 'react';
import type { SplitPreview } from '@roundup/shared/accept-preview';

/**
 * The alert a save will send, as members will get it (the server renders it with the send's own
 * templates), to how many, and the button that saves and sends it. Shown before the save, so a typo
 * is caught before anyone is told.
 */
export function SplitAlertPreview({
  alert,
  recipients,
  confirmLabel,
  pending,
  onConfirm,
  onBack,
}: {
  alert: NonNullable<SplitPreview['alert']>;
  recipients: number;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const ref = useRef<HTMLElement>(null);
  // It opens below the form's Save button: bring it into view (on a phone it starts off-screen). Before the
  // paint, so the focus never moves after the member has already clicked back into the form.
  useLayoutEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
    ref.current?.focus();
  }, []);
  const members = `to ${recipients} ${recipients === 1 ? 'member' : 'members'}`;
  return (
    <section
      ref={ref}
      tabIndex={-1}
      className="card shadow-sm border-primary mt-3 ru-clear-feedback"
      aria-labelledby="split-alert-preview"
      data-testid="split-alert-preview"
    >
      <div className="card-body">
        <h2 id="split-alert-preview" className="h5 fw-bold">
          Saving sends this alert {members}
        </h2>
        <p className="small text-body-secondary mb-2">{alert.audience}</p>
        <p className="fw-semibold mb-1">{alert.subject}</p>
        <pre className="bg-body-tertiary border rounded p-2 mb-0 small" style={{ whiteSpace: 'pre-wrap' }}>
          {alert.text}
        </pre>
      </div>
      <div className="card-footer bg-body d-flex flex-wrap gap-2 justify-content-end">
        <button type="button" className="btn btn-outline-secondary" onClick={onBack} disabled={pending}>
          Back to editing
        </button>
        <button type="button" className="btn btn-primary" onClick={onConfirm} disabled={pending}>
          {pending ? 'Saving…' : confirmLabel}
        </button>
      </div>
    </section>
  );
}
