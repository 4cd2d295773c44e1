import type { ReactNode } from 'react';

/** The centred card every auth page uses. */
export function AuthCard({
  title,
  subtitle,
  children,
  wide = false,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="ru-auth container py-5">
      <div className={`card ru-auth-card shadow-sm mx-auto ${wide ? 'ru-auth-card-wide' : ''}`}>
        <div className="card-body p-4 p-sm-5">
          <h1 className="h3 fw-bold mb-2">{title}</h1>
          {subtitle ? <p className="text-body-secondary mb-4">{subtitle}</p> : null}
          {children}
        </div>
      </div>
    </div>
  );
}
