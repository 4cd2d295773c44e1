import { Link } from 'react-router';
import { Disclaimer } from '../../../components/Disclaimer';
import { accountTypesOf, useBrokers } from '../public-api';
import { BrokerCard, brokerAnchor } from '../components/BrokerCard';
import '../../../components/public-page.css';

/** /brokers (signed in): the broker directory of product.md#screens. */
export function BrokersPage() {
  const { data: brokers, isPending, isError } = useBrokers();
  const list = brokers ?? [];
  const accountOptions = list.reduce((n, b) => n + accountTypesOf(b).length, 0);

  return (
    <>
      <section className="rp-hero" aria-labelledby="brokers-title">
        <div className="container py-5">
          <span className="rp-hero-kicker mb-3">Broker directory</span>
          <h1 id="brokers-title" className="display-6 rp-hero-title mb-3">
            Brokerage accounts for round-ups
          </h1>
          <p className="lead mb-3" style={{ maxWidth: '46rem' }}>
            Every account you open can buy one share of each upcoming reverse split. Pick brokers that round fractions up and
            return shares quickly, open several account types at each, then follow the{' '}
            <Link to="/reverse-splits" className="link-light fw-semibold">
              Reverse Splits
            </Link>{' '}
            calendar.
          </p>
          {list.length > 0 ? (
            <>
              <p className="mb-2 fw-semibold" data-testid="broker-count">
                {list.length} {list.length === 1 ? 'broker' : 'brokers'} · up to {accountOptions} accounts
              </p>
              <nav aria-label="Brokers on this page">
                <ul className="list-inline mb-0 rp-broker-jump">
                  {list.map((b) => (
                    <li key={b._id} className="list-inline-item mb-2">
                      <a href={`#${brokerAnchor(b)}`} className="badge rounded-pill text-bg-light fw-semibold">
                        {b.name}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            </>
          ) : null}
        </div>
      </section>

      <section className="rp-section">
        <div className="container">
          {isPending ? (
            <div className="d-flex align-items-center justify-content-center gap-2 text-body-secondary py-4" role="status">
              <span className="spinner-border spinner-border-sm" aria-hidden="true" />
              Loading brokers…
            </div>
          ) : isError || list.length === 0 ? (
            <p className="text-center text-body-secondary">No brokers are listed right now. Please check back soon.</p>
          ) : (
            <div className="row g-4">
              {list.map((b) => (
                <div key={b._id} className="col-12 col-md-6 col-xl-4">
                  <BrokerCard broker={b} />
                </div>
              ))}
            </div>
          )}
          <p className="small text-body-secondary mt-4 mb-0">
            Share return times are community estimates, not broker promises. Some links are referral links: RoundUp may earn a
            commission when you open an account.
          </p>
          <Disclaimer className="d-block mt-3" />
        </div>
      </section>
    </>
  );
}
