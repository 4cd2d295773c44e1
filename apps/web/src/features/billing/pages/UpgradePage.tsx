import { priceLabel, useSite } from '../../../lib/site';
import { billingLevelFromParam } from '@roundup/shared/billing';
import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { Spinner } from '../../../components/Spinner';
import { firstErrorMessage } from '../../../lib/api-client';
import { goTo, startCheckout } from '../api';

/**
 * /upgrade/:level (product.md#screens): lifetime or og → lifetime, anything else → pro. Starts checkout and
 * sends the browser to the session URL; a visitor registers first and comes back here.
 */
export function UpgradePage() {
  const { level: param } = useParams();
  const level = billingLevelFromParam(param);
  const { data: user, loading } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (loading || !user || started.current) return;
    started.current = true;
    startCheckout(level, user)
      .then(({ session }) => goTo(session.url, navigate))
      .catch((err: unknown) => setError(firstErrorMessage(err)));
  }, [level, loading, navigate, user]);

  const site = useSite().data;
  const price = priceLabel(level === 'lifetime' ? site?.prices.lifetime : site?.prices.pro);
  if (loading) return <Spinner />;
  if (!user) return <Navigate to={level === 'lifetime' ? '/register/lifetime' : '/register/premium'} replace />;

  return (
    <div className="container py-5" style={{ maxWidth: 640 }}>
      <h1 className="h3 fw-bold mb-3">{level === 'lifetime' ? 'Lifetime access' : 'Upgrade to Pro'}</h1>
      {price ? (
        <p className="text-body-secondary" data-testid="upgrade-price">
          {level === 'lifetime' ? `${price}, paid once.` : `${price} a month. Cancel anytime.`}
        </p>
      ) : null}
      {error ? (
        <>
          <Alert variant="danger">{error}</Alert>
          <div className="d-flex flex-wrap gap-2">
            <Link className="btn btn-primary" to="/settings/subscription">
              View my subscription
            </Link>
            <Link className="btn btn-outline-primary" to="/services">
              Back to services
            </Link>
          </div>
        </>
      ) : (
        <Spinner label="Taking you to checkout..." />
      )}
    </div>
  );
}
