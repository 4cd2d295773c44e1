import type { ReactNode } from 'react';
import { Stroke } from './Stroke';

/** A calm empty panel body: icon, headline, optional text and action. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="ru-empty text-center py-5 px-3">
      <svg width="56" height="56" viewBox="0 0 56 56" aria-hidden="true" focusable="false" className="mb-3 text-primary">
        <rect x="6" y="10" width="44" height="36" rx="8" fill="currentColor" opacity="0.12" />
        <Stroke d="M16 34 L24 26 L30 31 L40 21" width="3" />
      </svg>
      <p className="fw-semibold mb-1">{title}</p>
      {children ? <div className="text-body-secondary small">{children}</div> : null}
    </div>
  );
}
