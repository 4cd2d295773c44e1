import type { ReactNode } from 'react';

/** A titled settings card used by every settings tab. */
export function SettingsPanel({
  title,
  description,
  children,
  actions,
}: {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="card shadow-sm mb-4 ru-panel">
      <div className="card-body p-4">
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-3">
          <div>
            <h2 className="h5 fw-semibold mb-1">{title}</h2>
            {description ? <p className="text-body-secondary small mb-0">{description}</p> : null}
          </div>
          {actions}
        </div>
        {children}
      </div>
    </section>
  );
}

/** The "Saved" badge a settings panel shows in its actions for a few seconds after a change. */
export function SavedBadge({ text }: { text: string | null | undefined }) {
  return text ? (
    <span className="badge text-bg-success" role="status">
      {text}
    </span>
  ) : null;
}
