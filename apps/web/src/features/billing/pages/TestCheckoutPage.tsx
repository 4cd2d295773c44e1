import { formatMoney } from '@roundup/shared/money';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { Link, useNavigate, useParams } from 'react-router';
import { Spinner } from '../../../components/Spinner';
import { firstErrorMessage } from '../../../lib/api-client';
import { cancelTestCheckout, goTo, payTestCheckout, useTestCheckout } from '../api';

/** The local test checkout (used when no Stripe key is set): plainly a test, charges nothing. */
export function TestCheckoutPage() {
  const { sessionId = '' } = useParams();
  const navigate = useNavigate();
  const query = useTestCheckout(sessionId);
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run(kind: 'pay' | 'cancel') {
    setBusy(kind);
    setError(null);
    try {
      const { url } = await (kind === 'pay' ? payTestCheckout(sessionId) : cancelTestCheckout(sessionId));
      goTo(url, navigate);
    } catch (err) {
      setError(firstErrorMessage(err));
      setBusy(null);
    }
  }

  if (query.isPending) return <Spinner />;
  const session = query.data?.session;

  return (
    <div className="container py-4 py-lg-5" style={{ maxWidth: 560 }}>
      <Alert variant="warning" className="d-flex gap-2 align-items-start">
        <strong className="text-nowrap">TEST CHECKOUT</strong>
        <span>This is a local test checkout. No card is needed and nothing is charged.</span>
      </Alert>
      {query.isError || !session ? (
        <Alert variant="danger">{firstErrorMessage(query.error)}</Alert>
      ) : (
        <section className="card shadow-sm">
          <div className="card-body p-4">
            <div className="d-flex justify-content-between align-items-start gap-2 mb-3">
              <div>
                <h1 className="h4 fw-bold mb-1">{session.level === 'lifetime' ? 'RoundUp Lifetime' : 'RoundUp Pro'}</h1>
                <p className="text-body-secondary small mb-0">
                  {session.level === 'lifetime' ? 'One payment, Pro for life' : 'Billed monthly · cancel anytime'}
                </p>
              </div>
              <Badge bg="warning" text="dark">
                Test mode
              </Badge>
            </div>
            <dl className="row small mb-4">
              <dt className="col-5 text-body-secondary fw-normal">Account</dt>
              <dd className="col-7 text-break mb-2">{session.username}</dd>
              <dt className="col-5 text-body-secondary fw-normal">Email</dt>
              <dd className="col-7 text-break mb-2">{session.email}</dd>
              <dt className="col-5 text-body-secondary fw-normal">Total due today</dt>
              <dd className="col-7 fw-semibold fs-5 mb-0">
                {formatMoney(session.amount / 100)}
                {session.level === 'pro' ? <span className="fs-6 fw-normal text-body-secondary"> /month</span> : null}
              </dd>
            </dl>
            {session.status !== 'open' ? (
              <Alert variant="info" className="mb-0">
                {session.status === 'complete' ? (
                  'This checkout session is already paid.'
                ) : (
                  <>
                    This checkout session is no longer open: it was cancelled, or replaced by a newer checkout.{' '}
                    <Link to="/services">Choose a plan again</Link>.
                  </>
                )}
              </Alert>
            ) : (
              <div className="d-grid gap-2">
                {error ? <Alert variant="danger">{error}</Alert> : null}
                <Button size="lg" onClick={() => void run('pay')} disabled={busy !== null}>
                  {busy === 'pay' ? 'Processing…' : `Pay ${formatMoney(session.amount / 100)} (test)`}
                </Button>
                <Button variant="outline-secondary" onClick={() => void run('cancel')} disabled={busy !== null}>
                  Cancel
                </Button>
              </div>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
