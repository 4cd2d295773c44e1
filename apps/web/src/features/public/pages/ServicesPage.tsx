import { LIMITS } from '@roundup/shared/domain';
import { Link } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { Disclaimer } from '../../../components/Disclaimer';
import { Included } from '../components/Icons';
import { priceLabel, useSite } from '../../../lib/site';
import { CANCELLATION_TERMS, LIFETIME_PRICE_LABEL, planFeatures, PRO_PRICE_LABEL, PRO_SUMMARY, STARTER_SUMMARY } from '../plans';
import '../../../components/public-page.css';

/** /services: the Starter vs Pro pricing table and the lifetime offer (product.md#screens). Its page view is logged as /reverse-splits. */
export function ServicesPage() {
  const { data: user } = useAuth();
  const starterHref = user ? '/reverse-splits' : '/register';
  const proHref = user ? '/upgrade/pro' : '/register/premium';
  const lifetimeHref = user ? '/upgrade/lifetime' : '/register/lifetime';
  const site = useSite().data;
  const features = planFeatures(Boolean(site?.discord));
  const proLabel = site?.prices.pro ? `${priceLabel(site.prices.pro)}/mo.` : PRO_PRICE_LABEL;
  const lifetimeLabel = priceLabel(site?.prices.lifetime) ?? LIFETIME_PRICE_LABEL;

  return (
    <>
      <section className="rp-hero" aria-labelledby="services-title">
        <div className="container py-5 text-center">
          <span className="rp-hero-kicker mb-3">Services and pricing</span>
          <h1 id="services-title" className="display-6 rp-hero-title mb-3">
            Pick the plan that fits your strategy
          </h1>
          <p className="lead mb-0 mx-auto" style={{ maxWidth: '40rem' }}>
            Learn for free with Starter. Go Pro for the full calendar of upcoming reverse splits and real-time alerts.
          </p>
        </div>
      </section>

      <div className="rp-section">
        <div className="container">
          <h2 id="pricing-title" className="visually-hidden">
            Pricing table
          </h2>
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a focusable region lets keyboard users scroll the table */}
          <section className="table-responsive" tabIndex={0} aria-label="Pricing table">
            <table className="table rp-pricing-table border bg-white mb-0">
              <caption className="visually-hidden">Starter and Pro plans compared</caption>
              <thead>
                <tr>
                  <th scope="col" className="w-50 align-bottom">
                    Features
                  </th>
                  <th scope="col" className="text-center">
                    <span className="d-block h5 mb-1">Starter</span>
                    <span className="d-block rp-plan-price">FREE</span>
                  </th>
                  <th scope="col" className="text-center">
                    <span className="d-block h5 mb-1">Pro</span>
                    <span className="d-block rp-plan-price">{proLabel}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                <tr className="d-none d-md-table-row">
                  <th scope="row" className="fw-normal text-body-secondary small">
                    In short
                  </th>
                  <td className="text-center small">{STARTER_SUMMARY}</td>
                  <td className="text-center small">{PRO_SUMMARY}</td>
                </tr>
                {features.map((f) => (
                  <tr key={f.label}>
                    <th scope="row" className="fw-normal">
                      {f.label}
                    </th>
                    <td className="text-center">
                      <Included yes={f.starter !== false} partial={typeof f.starter === 'string' ? f.starter : undefined} />
                    </td>
                    <td className="text-center">
                      <Included yes={f.pro !== false} partial={typeof f.pro === 'string' ? f.pro : undefined} />
                    </td>
                  </tr>
                ))}
                <tr>
                  <td />
                  <td className="text-center">
                    <Link to={starterHref} className="btn btn-outline-primary w-100">
                      {user ? 'View Reverse Splits' : 'Get Starter'}
                    </Link>
                  </td>
                  <td className="text-center">
                    <Link to={proHref} className="btn btn-primary w-100">
                      Get PRO
                    </Link>
                  </td>
                </tr>
              </tbody>
            </table>
          </section>
          <p className="small text-body-secondary mt-3 mb-0">{CANCELLATION_TERMS} Prices in US dollars.</p>
        </div>
      </div>

      <section className="pb-5" aria-labelledby="lifetime-title">
        <div className="container">
          <div className="rp-lifetime p-4 p-md-5 d-flex flex-column flex-lg-row align-items-lg-center gap-4">
            <div className="flex-grow-1">
              <p className="text-warning fw-bold small text-uppercase mb-2">Limited offer</p>
              <h2 id="lifetime-title" className="h3 mb-2">
                Lifetime membership
              </h2>
              <p className="mb-0">Everything in Pro for life with a single payment of {lifetimeLabel}: no monthly bill, ever.</p>
              <p className="rp-plan-price mt-2 mb-0" data-testid="lifetime-price">
                {lifetimeLabel} <span className="fs-6 fw-normal">once</span>
              </p>
            </div>
            <Link to={lifetimeHref} className="btn btn-lg rp-hero-cta px-4 text-nowrap">
              CLAIM LIFETIME ACCESS
            </Link>
          </div>
        </div>
      </section>

      <section className="pb-5" aria-labelledby="terms-title">
        <div className="container">
          <div className="row g-4">
            <div className="col-12 col-md-6">
              <h2 id="terms-title" className="h5">
                Cancellation and refunds
              </h2>
              <p className="mb-0">
                You can cancel Pro at any time from Settings → Subscription; you keep Pro until the end of the period you paid
                for. If you change your mind, ask within {LIMITS.refundWindowDays} days of your first purchase for a full refund.
                See the <Link to="/policies/terms-of-service">Terms of Service</Link>.
              </p>
            </div>
            <div className="col-12 col-md-6">
              <h2 className="h5">Questions?</h2>
              <p className="mb-0">
                Read the <Link to="/faq">FAQs</Link> or learn the strategy first in <Link to="/learn">Learn</Link>, including{' '}
                <Link to="/learn/risks">its risks</Link>.
              </p>
            </div>
          </div>
          <Disclaimer className="d-block mt-4" />
        </div>
      </section>
    </>
  );
}
