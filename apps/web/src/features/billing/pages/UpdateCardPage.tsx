import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Spinner } from '../../../components/Spinner';
import { firstErrorMessage } from '../../../lib/api-client';
import { goTo, openBillingPortal } from '../api';

/**
 * /billing/update-card, the link in a failed-payment email: Stripe's portal links last minutes, so
 * this page opens a fresh one for the signed-in member.
 */
export function UpdateCardPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    openBillingPortal()
      .then(({ url }) => live && goTo(url, navigate))
      .catch((err: unknown) => live && setError(firstErrorMessage(err)));
    return () => {
      live = false;
    };
  }, [navigate]);

  return (
    <div className="container py-5" style={{ maxWidth: 560 }}>
      <h1 className="h3 mb-3">Update your card</h1>
      {error ? (
        <>
          <ErrorAlert messages={[error]} />
          <Link to="/settings/subscription">Back to your subscription</Link>
        </>
      ) : (
        <Spinner label="Opening your billing page…" />
      )}
    </div>
  );
}
