import type { PublicUser } from '@roundup/shared';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { api } from '../../../lib/api-client';

/**
 * /verify-email/{emailCode}: validates once on load. Success stores token and user and
 * goes to /reverse-splits; otherwise it goes to / (product.md#states). No error UI (product.md#messages).
 */
export function VerifyEmailPage() {
  const { emailCode = '' } = useParams();
  const { setSession } = useAuth();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    api
      .post<{ user: PublicUser; token: string }>('/api/users/validate-email', { email_validation_code: emailCode })
      .then(async ({ user, token }) => {
        setSession(token, user);
        await navigate('/reverse-splits', { replace: true });
      })
      .catch(() => navigate('/', { replace: true }));
  }, [emailCode, navigate, setSession]);

  return (
    <div className="container py-5 text-center" role="status" aria-live="polite">
      <span className="spinner-border text-primary mb-3" aria-hidden="true" />
      <h1 className="h4">Verifying your email…</h1>
      <p className="text-body-secondary">This only takes a moment.</p>
    </div>
  );
}
