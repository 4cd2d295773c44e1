import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { Spinner } from '../../../components/Spinner';
import { firstErrorMessage } from '../../../lib/api-client';
import { clearRefId } from '../../../lib/session';
import { confirmCheckout } from '../api';

/** /register/success/:sessionId (product.md#screens, product.md#states): confirms, stores the user, forgets the refId, goes to /quickstart. */
export function RegisterSuccessPage() {
  const { sessionId = '' } = useParams();
  const { setUser } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirmCheckout(sessionId)
      .then(({ user }) => {
        setUser(user);
        clearRefId();
        void navigate('/quickstart', { replace: true });
      })
      .catch((err: unknown) => setError(firstErrorMessage(err)));
  }, [navigate, sessionId, setUser]);

  return (
    <div className="container py-5 text-center" style={{ maxWidth: 640 }}>
      <h1 className="h3 fw-bold mb-3">Thank you for joining RoundUp Pro!</h1>
      {error ? (
        <>
          <p className="text-danger" role="alert">
            {error}
          </p>
          <p className="text-body-secondary">
            If you were charged, your membership will appear under{' '}
            <Link to="/settings/subscription">Settings → Subscription</Link> shortly.
          </p>
        </>
      ) : (
        <Spinner label="Confirming your subscription..." />
      )}
    </div>
  );
}
